/**
 * The atomic, durable write used for uploads, the token secret and the first admin's credentials: the whole new
 * content or the old one, never a mix or an empty file; owner-only; and the rename made durable by syncing the
 * folder (without that, a power cut after the write can bring back the old file or none, and a lost secret ends
 * every session and refuses queued resends).
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Every path fsynced through a FileHandle, in order. */
const synced: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const open = async (...args: Parameters<typeof actual.open>): Promise<FileHandle> => {
    const handle = await actual.open(...args);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      synced.push(String(args[0]));
      await sync();
    };
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

const { writeFileAtomic } = await import('../../api/uploads/atomic-file');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atomic-file-'));
  synced.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces the file whole, owner-only, leaves no temp file, and syncs the file and then its folder', async () => {
    const file = path.join(dir, 'secret');
    await writeFile(file, 'old\n', { mode: 0o644 });
    await writeFileAtomic(file, 'new secret\n');

    expect(await readFile(file, 'utf8')).toBe('new secret\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['secret']);
    expect(synced).toHaveLength(2);
    expect(path.dirname(synced[0]!)).toBe(dir); // the temp file's data
    expect(synced[1]).toBe(dir); // the rename
  });

  it('keeps the old file and removes its temp file when the write fails', async () => {
    const file = path.join(dir, 'missing-folder', 'x');
    await expect(writeFileAtomic(file, 'data')).rejects.toThrow(/ENOENT/);
    const kept = path.join(dir, 'kept');
    await writeFile(kept, 'old');
    await expect(writeFileAtomic(kept, 123 as unknown as string)).rejects.toThrow();
    expect(await readFile(kept, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['kept']);
  });
});
