/** Atomic file writes for uploads. */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` to `file` atomically: a temp file in the same folder, fsync, rename; the temp file is removed if
 * any step fails. Owner-only, like every file under the data folder: the server itself serves uploads.
 */
export async function writeFileAtomic(file: string, data: Buffer): Promise<void> {
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
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
