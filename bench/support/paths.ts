/**
 * Where the bench scripts live and write, and the one host they measure: shared by every bench script.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** bench/results: every bench writes its <name>.json (and .md) here; the folder is git-ignored. */
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');

/** Every server under test listens on this address, and the load generators refuse any other host. */
export const HOST = '127.0.0.1';

/** True when the module at `moduleUrl` (its import.meta.url) is the script node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}
