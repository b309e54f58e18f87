/**
 * Test support: runs `npm run data:<command> -- <folder>` (scripts/data-transfer.ts itself, as a real process) with
 * only the given storage variables, and answers its exit code and output (a failing run resolves too).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server-process';

const run = promisify(execFile);

export async function transfer(
  command: 'export' | 'import',
  folder: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['STORAGE', 'DATA_DIR', 'DATABASE_URL'].includes(name)),
  );
  return run(process.execPath, ['--import', 'tsx', 'scripts/data-transfer.ts', command, folder], {
    cwd: REPO_ROOT,
    env: { ...clean, ...env },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}
