/**
 * The journal files on disk as the writer sees them: which one is current and how far it is valid, appending a
 * batch durably (one positioned write + one fdatasync), cutting damaged or unfinished tails, rotating to a new
 * journal and removing the ones a snapshot covers.
 *
 * Why a module of its own: these are the file-system steps whose order makes a commit durable (a name is synced
 * before data goes in, a torn tail is cut before the next write); journal-writer.ts decides when they happen.
 * Journals are created owner-only (0600).
 */
import { constants as fsConstants } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { fsyncPath } from './data-folder';
import { journalPath } from './disk-format';
import type { Replayed } from './journal-replay';

/** The journal file as the writer uses it. Tests may wrap it (see `testHooks`) to simulate a failing disk. */
export interface JournalFile {
  /** Writes all of `data` at byte `position`. */
  write(data: Buffer, position: number): Promise<void>;
  /** fdatasync. */
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

export type WrapJournal = (file: JournalFile, filePath: string) => JournalFile;

function handleJournal(handle: FileHandle): JournalFile {
  return {
    async write(data, position) {
      let offset = 0;
      while (offset < data.length) {
        const { bytesWritten } = await handle.write(data, offset, data.length - offset, position + offset);
        offset += bytesWritten;
      }
    },
    sync: () => handle.datasync(),
    truncate: (length) => handle.truncate(length),
    close: () => handle.close(),
  };
}

export class JournalFiles {
  /** The journal new batches go to. */
  n: number;
  /** null until opened (or after a failure, so the next write reopens it). */
  private file: JournalFile | null = null;
  /** Length of the synced, valid content of the current journal: the next batch is written here. */
  size: number;
  /** Lines in the current journal. */
  entries: number;
  /** The tail past `size` may hold garbage (failed write, torn line): truncate before writing. */
  private dirty: boolean;
  /** Journals older than the current one still on disk (a compaction has not removed them yet). */
  readonly older: Set<number>;
  /**
   * A damaged tail found at open in an older journal (followed only by empty ones): it is cut before anything
   * is written to a later journal, or a later start would find data after it and refuse.
   */
  private olderCut: { n: number; size: number } | null;

  constructor(
    private readonly dataDir: string,
    replayed: Replayed,
    private readonly wrapJournal: WrapJournal | undefined,
  ) {
    const { journals, current, tail } = replayed;
    this.n = journals.at(-1) ?? 1;
    this.size = current.size;
    this.entries = current.entries;
    this.dirty = current.torn;
    this.older = new Set(journals.slice(0, -1));
    this.olderCut = tail && tail.n !== this.n ? { n: tail.n, size: tail.keep } : null;
  }

  /** Opens journal `n` for positioned writes, creating it (and making its name durable) if needed. */
  private async open(n: number, fresh: boolean): Promise<JournalFile> {
    const file = journalPath(this.dataDir, n);
    const wrap = (handle: FileHandle) => {
      const journal = handleJournal(handle);
      return this.wrapJournal ? this.wrapJournal(journal, file) : journal;
    };
    let handle: FileHandle;
    if (fresh) {
      // A new journal never holds acknowledged data yet, so a leftover from a failed rotation can be emptied.
      handle = await open(file, fsConstants.O_RDWR | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o600);
    } else {
      try {
        return wrap(await open(file, fsConstants.O_RDWR));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        handle = await open(file, fsConstants.O_RDWR | fsConstants.O_CREAT, 0o600);
      }
    }
    try {
      await fsyncPath(this.dataDir);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    return wrap(handle);
  }

  /** Cuts a damaged tail of an older journal away, durably (later journals get data only after this). */
  private async cutOlderJournal(): Promise<void> {
    if (!this.olderCut) return;
    const handle = await open(journalPath(this.dataDir, this.olderCut.n), fsConstants.O_RDWR);
    try {
      await handle.truncate(this.olderCut.size);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    this.olderCut = null;
  }

  /** Opens the current journal (if it is not open yet). */
  async openCurrent(): Promise<void> {
    this.file ??= await this.open(this.n, false);
  }

  /** Cuts every known damaged or unfinished tail away (a failed write's bytes included). */
  async cutTails(): Promise<void> {
    await this.cutOlderJournal();
    if (this.dirty) {
      this.file ??= await this.open(this.n, false);
      await this.file.truncate(this.size);
      this.dirty = false;
    }
  }

  /** Appends `data` (`count` lines) to the current journal and syncs it; on failure the handle is dropped. */
  async append(data: Buffer, count: number): Promise<void> {
    try {
      await this.cutOlderJournal();
      this.file ??= await this.open(this.n, false);
      if (this.dirty) await this.file.truncate(this.size);
      this.dirty = true; // until write + sync succeed, the tail may hold part of this batch
      await this.file.write(data, this.size);
      await this.file.sync();
      this.dirty = false;
      this.size += data.length;
      this.entries += count;
    } catch (error) {
      // Drop the handle: the next attempt reopens the file (the volume may have been remounted).
      const file = this.file;
      this.file = null;
      await file?.close().catch(() => {});
      throw error;
    }
  }

  /** Makes a fresh journal the current one; returns the number of the one it follows. Throws if it cannot. */
  async rotate(): Promise<number> {
    const oldN = this.n;
    const next = await this.open(oldN + 1, true);
    const old = this.file;
    this.n = oldN + 1;
    this.file = next;
    this.size = 0;
    this.entries = 0;
    this.dirty = false;
    this.older.add(oldN);
    await old?.close().catch(() => {});
    return oldN;
  }

  /** Deletes the older journals up to `upTo` (a snapshot covers them), then syncs the folder. */
  async removeUpTo(upTo: number): Promise<void> {
    for (const n of [...this.older].filter((n) => n <= upTo)) {
      await unlink(journalPath(this.dataDir, n)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      this.older.delete(n);
    }
    await fsyncPath(this.dataDir);
  }

  async close(): Promise<void> {
    await this.file?.close().catch(() => {});
    this.file = null;
  }
}
