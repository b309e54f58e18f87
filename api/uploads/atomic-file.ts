/** Atomic, durable file writes: uploads, the token secret, the first admin's credentials. */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` to `file` atomically and durably: a temp file in the same folder, fsync, rename, fsync of the folder
 * (a rename survives a power cut only once its folder is synced); the temp file is removed if any step fails.
 * Owner-only, like every file under the data folder: the server itself serves uploads.
 */
export async function writeFileAtomic(file: string, data: Buffer | string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    await syncFolder(path.dirname(file));
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Best effort: some platforms (Windows) cannot open a folder to fsync it; the file itself is synced. */
async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
