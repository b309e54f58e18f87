/**
 * The file adapter's data folder as a place on disk: created and kept owner-only, fsynced by path, and the wording
 * of the file-system errors it reports.
 *
 * Why a module of its own: the replay (reading at open), the journal writer and the facade all need these few
 * file-system steps, and none of them owns the folder.
 */
import { chmod, mkdir, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** "ENOSPC: no space left on device …": an error as the log and StorageUnavailableError show it. */
export const errorText = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
};

export async function fileExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** fsync a file or folder by path (a rename or a new/removed file is durable only once its folder is synced). */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Files of the data folder the server writes (journals' cut copies included). */
const SERVER_FILE = /^(db\.json|\.db\.json\.tmp|journal-\d+\.jsonl(\.cut-\d+)?|secret|initial-admin\.txt)$/;

/**
 * The data folder holds password hashes, leads and the token secret: owner-only (folder 0700, files 0600).
 * New files are created so; this tightens what earlier versions left (db.json was 0644). Best effort: a folder
 * the server does not own still opens.
 */
async function tightenModes(dataDir: string): Promise<void> {
  // Group and other bits dropped; the owner's stay (0644 becomes 0600, 0755 becomes 0700).
  const tighten = async (target: string) => {
    const { mode } = await stat(target);
    if ((mode & 0o077) !== 0) await chmod(target, mode & 0o700);
  };
  try {
    await tighten(dataDir);
    for (const entry of await readdir(dataDir, { withFileTypes: true })) {
      if (entry.isFile() && SERVER_FILE.test(entry.name)) await tighten(path.join(dataDir, entry.name));
    }
  } catch {
    // Not ours to change (or gone meanwhile): the files still work.
  }
}

/** Creates the data folder (0700, its name made durable) if it is missing, and tightens what is there. */
export async function prepareDataFolder(dataDir: string): Promise<void> {
  if (!(await fileExists(dataDir))) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await fsyncPath(path.dirname(dataDir)).catch(() => {});
  }
  await tightenModes(dataDir);
}

/** Files only a used data folder holds besides db.json: journals (even empty), their cut copies, secret, initial-admin.txt. */
const USED_FOLDER_FILE = /^(journal-\d+\.jsonl(\.cut-\d+)?|secret|initial-admin\.txt)$/;

/**
 * The files that show `dataDir` has held data (sorted; `uploads/` when that folder holds anything), or [] for a
 * folder a first start may use. A first start writes db.json before anything else (openFileStorage), so a folder
 * with any of these and no db.json has lost it.
 */
export async function usedFolderTraces(dataDir: string): Promise<string[]> {
  const traces = (await readdir(dataDir)).filter((name) => USED_FOLDER_FILE.test(name)).sort();
  try {
    if ((await readdir(path.join(dataDir, 'uploads'))).length > 0) traces.push('uploads/');
  } catch (error) {
    if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
  return traces;
}
