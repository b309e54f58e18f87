/**
 * Makes committed transactions durable: appends their journal lines (group commit, fdatasync), undoes in memory
 * what could not be stored, and compacts the journals into db.json.
 *
 * Why a module of its own: when a line counts as durable, what is undone when a write fails and when a snapshot
 * replaces journals is what the durability promise rests on; the facade (file-storage.ts) only hands it
 * transactions, and the file-system steps are journal-files.ts's (journals, 0600) and snapshot-file.ts's.
 *
 * Commit (group commit)
 * - One writer drains the queue: every transaction that arrived while the previous write was under way goes
 *   out in ONE positioned write plus ONE fdatasync. Each `append` resolves only after its line is synced.
 * - If the write or sync fails (EROFS, ENOSPC, EIO, EACCES...), the failed batch and every transaction queued
 *   behind it (they were built on top of it) are undone in memory with the engine's undo steps and rejected
 *   with StorageUnavailableError, so memory never shows a write that was not stored. The journal is truncated
 *   back to its last synced length before the next write (a failed write may have left part of a batch), and
 *   the next transaction simply tries again. Note: as with any database, a write that failed at fsync may still
 *   have reached the disk; the caller got an error and retries with its Idempotency-Key.
 *
 * Compaction (every `compactAfterEntries` lines or `compactAfterBytes` bytes of journal, and on close)
 * - When a batch is formed, memory holds exactly "durable + this batch", so that is the moment the snapshot
 *   content is captured (a cheap copy of references: records are immutable). The batch is written to the old
 *   journal; then the writer rotates: creates journal-<n+1> (and fsyncs the folder) so later commits go there.
 * - In the background (commits continue meanwhile): db.json is written with lastSeq = the batch's last seq,
 *   then db.json and the folder are fsynced, and only then are the old journals deleted. A crash at any point
 *   leaves either the old snapshot + old journals, or the new snapshot + journals whose lines at or below
 *   lastSeq are skipped on replay. A failed compaction keeps the old journals and is retried later.
 * - On close, the unfinished end of a failed write is cut before the final compaction rotates; if even that
 *   fails, close leaves the files as they are (the next start cuts it).
 */
import path from 'node:path';
import { errorText, fsyncPath } from './data-folder';
import { journalLine, type SnapshotData } from './disk-format';
import type { Committed, Engine, UndoStep } from './engine';
import { JournalFiles, type WrapJournal } from './journal-files';
import type { Replayed } from './journal-replay';
import { writeSnapshotFile } from './snapshot-file';
import { StorageUnavailableError, type CollectionName } from './storage';

export interface JournalWriterOptions {
  dataDir: string;
  /** Compact once the current journal holds more lines than this (default 5000). */
  compactAfterEntries?: number;
  /** Compact once the current journal is larger than this many bytes (default 16 MiB). */
  compactAfterBytes?: number;
  /**
   * Internal, for tests only: fault injection. `wrapJournal` receives every journal file the writer opens and
   * returns what the writer uses instead (e.g. one whose writes fail with ENOSPC). Tests run as root, where
   * chmod cannot make a folder unwritable, so this is how the failure path is exercised.
   */
  testHooks?: { wrapJournal?: WrapJournal };
}

export interface JournalWriter {
  /** Opens the current journal and cuts damaged tails; false if the disk refused (retried before each write). */
  start(): Promise<boolean>;
  /** Queues a transaction with changes; resolves once it is durable, or rejects (undone in memory). */
  append(committed: Committed<unknown>): Promise<void>;
  /** Resolves once every transaction queued so far has been written (or has failed). */
  flush(): Promise<void>;
  /** Lets the writer finish, cuts unfinished tails and compacts if anything is not in db.json yet. */
  close(): Promise<void>;
}

interface Pending {
  seq: number;
  line: string;
  undo: UndoStep[];
  touched: Set<CollectionName>;
  resolve: () => void;
  reject: (error: Error) => void;
}

const DEFAULT_COMPACT_AFTER_ENTRIES = 5000;
const DEFAULT_COMPACT_AFTER_BYTES = 16 * 1024 * 1024;
/** After a failed compaction, wait this long before trying again (the disk is probably full or read-only). */
const COMPACTION_RETRY_MS = 10_000;

/** The writer for the data folder `replayed` describes, whose content `engine` holds. */
export function createJournalWriter(options: JournalWriterOptions, engine: Engine, replayed: Replayed): JournalWriter {
  const dataDir = path.resolve(options.dataDir);
  const compactAfterEntries = options.compactAfterEntries ?? DEFAULT_COMPACT_AFTER_ENTRIES;
  const compactAfterBytes = options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES;
  const journals = new JournalFiles(dataDir, replayed, options.testHooks?.wrapJournal);
  let seq = replayed.seq;
  let durableSeq = seq;
  let snapshotSeq = replayed.snapshotSeq;
  let queue: Pending[] = [];
  /** The most recently queued transaction's promise: flush() waits for it. */
  let lastPending: Promise<void> | null = null;
  let pumping: Promise<void> | null = null;
  let compaction: Promise<void> | null = null;
  let compactionRetryAt = 0;
  /** db.json (or a journal) still holds expired records that were not loaded: compact at the next chance. */
  let staleSnapshot = replayed.droppedExpired > 0;

  function compactionDue(extraBytes: number, extraEntries: number): boolean {
    if (compaction || Date.now() < compactionRetryAt) return false;
    return (
      journals.entries + extraEntries > compactAfterEntries ||
      journals.size + extraBytes > compactAfterBytes ||
      journals.older.size > 0 ||
      staleSnapshot
    );
  }

  /**
   * Rotates to a fresh journal, then writes `snapshot` in the background. Must be called by the writer, with
   * memory equal to "durable up to snapshot.lastSeq" at capture time.
   */
  async function rotate(snapshot: SnapshotData): Promise<void> {
    let oldN: number;
    try {
      oldN = await journals.rotate();
    } catch {
      compactionRetryAt = Date.now() + COMPACTION_RETRY_MS;
      return;
    }
    compaction = writeSnapshot(snapshot, oldN)
      .catch(() => {
        // The old journals stay, so nothing is lost; try again later.
        compactionRetryAt = Date.now() + COMPACTION_RETRY_MS;
      })
      .finally(() => {
        compaction = null;
      });
  }

  async function writeSnapshot(snapshot: SnapshotData, coversJournal: number): Promise<void> {
    // Record by record, temp file fsynced then renamed (snapshot-file.ts); the rename is durable once the
    // folder is synced.
    await writeSnapshotFile(path.join(dataDir, 'db.json'), snapshot);
    await fsyncPath(dataDir);
    snapshotSeq = snapshot.lastSeq;
    staleSnapshot = false;
    await journals.removeUpTo(coversJournal);
  }

  const capture = (upTo: number): SnapshotData => ({ format: 1, lastSeq: upTo, collections: engine.dump() });

  /** The single writer: drains the queue batch by batch until it is empty. Never throws. */
  async function pump(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const data = Buffer.from(batch.map((pending) => pending.line).join(''));
      const batchSeq = batch.at(-1)!.seq;
      // Memory is exactly "durable + this batch" right now: the only moment a snapshot can be captured
      // without replaying or undoing anything.
      const snapshot = compactionDue(data.length, batch.length) ? capture(batchSeq) : null;
      try {
        await journals.append(data, batch.length);
      } catch (error) {
        // Everything queued meanwhile was built on top of this batch: undo and reject it all, newest first.
        const failed = [...batch, ...queue];
        queue = [];
        engine.rollback(failed);
        seq = batch[0]!.seq - 1;
        const failure = new StorageUnavailableError(errorText(error));
        for (const pending of failed) pending.reject(failure);
        continue;
      }
      durableSeq = batchSeq;
      for (const pending of batch) pending.resolve();
      if (snapshot) await rotate(snapshot);
    }
  }

  function schedulePump(): void {
    if (pumping) return;
    // Start on a microtask, so transactions started in the same tick (Promise.all) share the first write.
    pumping = Promise.resolve()
      .then(pump)
      .finally(() => {
        pumping = null;
        if (queue.length > 0) schedulePump();
      });
  }

  return {
    async start() {
      try {
        await journals.openCurrent();
        await journals.cutTails();
        return true;
      } catch {
        return false;
      }
    },
    append({ changes, undo, touched }) {
      seq += 1;
      const line = journalLine(seq, changes);
      const thisSeq = seq;
      const done = new Promise<void>((resolve, reject) => {
        queue.push({ seq: thisSeq, line, undo, touched, resolve, reject });
      });
      lastPending = done;
      const forget = () => {
        if (lastPending === done) lastPending = null;
      };
      done.then(forget, forget);
      schedulePump();
      return done;
    },
    async flush() {
      const pending = lastPending;
      if (pending) await pending;
    },
    async close() {
      // No new transaction can start now; let the writer and any background compaction finish.
      while (pumping || compaction) await (pumping ?? compaction);
      // A failed write may have left part of a batch at the end of the journal: cut it before rotating, so
      // the journal a new one follows ends in acknowledged lines. If it cannot be cut (the disk refuses even
      // that), the files stay as they are: the next start cuts it.
      const tailsCut = await journals.cutTails().then(
        () => true,
        () => false,
      );
      if (tailsCut && (durableSeq > snapshotSeq || journals.older.size > 0 || staleSnapshot)) {
        // Memory equals the durable state (the queue is empty), so this snapshot covers every commit.
        await rotate(capture(durableSeq)).catch(() => {});
        while (compaction) await compaction;
      }
      // A failed final compaction loses nothing: the journals still hold every acknowledged commit.
      await journals.close();
    },
  };
}
