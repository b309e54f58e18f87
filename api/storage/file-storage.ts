/**
 * The durable adapter (`STORAGE=file`, the default): a JSON snapshot plus a write-ahead journal in DATA_DIR.
 *
 * Files
 * - `db.json` — the snapshot, `{ format: 1, lastSeq, collections: { [name]: Record[] } }`, read with lowdb 7
 *   (`new Low(new DataFile(path, JSON), default)` explicitly: lowdb's presets switch to memory when
 *   NODE_ENV=test) and written by snapshot-file.ts, record by record into a temp file that is fsynced and then
 *   renamed over db.json, so a crash leaves the old or the new snapshot, never half of one. (lowdb's writer
 *   built the whole file as one string: tens of MB of transient memory and an event-loop stall per compaction.)
 * - `journal-<n>.jsonl` — one line per committed transaction, `{"seq":N,"changes":[{op,c,r?,id?}]}` (`put`
 *   carries the whole new record, `del` the id). Seqs are consecutive across files.
 *
 * Commit (group commit)
 * - A transaction body runs synchronously, alone, against the in-memory state (engine.ts); readers see its
 *   result at once (accepted: the public site does not need read-after-durable). Its journal line is queued.
 * - One writer drains the queue: every transaction that arrived while the previous write was under way goes
 *   out in ONE positioned write plus ONE fdatasync. Each `transact` resolves only after its line is synced.
 * - If the write or sync fails (EROFS, ENOSPC, EIO, EACCES...), the failed batch and every transaction queued
 *   behind it (they were built on top of it) are undone in memory with the engine's undo steps and rejected
 *   with StorageUnavailableError, so memory never shows a write that was not stored. The journal is truncated
 *   back to its last synced length before the next write (a failed write may have left part of a batch), and
 *   the next transaction simply tries again. Reads keep working throughout. Note: as with any database, a
 *   write that failed at fsync may still have reached the disk; the caller got an error and retries with its
 *   Idempotency-Key.
 *
 * Compaction (every `compactAfterEntries` lines or `compactAfterBytes` bytes of journal, and on close)
 * - When a batch is formed, memory holds exactly "durable + this batch", so that is the moment the snapshot
 *   content is captured (a cheap copy of references: records are immutable). The batch is written to the old
 *   journal; then the writer rotates: creates journal-<n+1> (and fsyncs the folder) so later commits go there.
 * - In the background (commits continue meanwhile): db.json is written with lastSeq = the batch's last seq,
 *   then db.json and the folder are fsynced, and only then are the old journals deleted. A crash at any point
 *   leaves either the old snapshot + old journals, or the new snapshot + journals whose lines at or below
 *   lastSeq are skipped on replay. A failed compaction keeps the old journals and is retried later.
 *
 * Open
 * - A db.json that cannot be parsed or has the wrong shape → CorruptDataError(file, reason), touching nothing.
 * - Snapshot, then journals in order, skipping seq <= lastSeq; a seq gap or repeat is corruption. The final
 *   line of the last journal may be torn by a crash (never acknowledged, since its sync had not finished): it
 *   is ignored and truncated away. An unparseable line anywhere else is corruption.
 * - If the journal cannot be opened for writing (read-only volume), the storage still opens: reads work and
 *   each transact retries and rejects with StorageUnavailableError.
 *
 * Records handed out are deep-frozen (see engine.ts): no copy per read, and callers cannot corrupt storage.
 * One process per DATA_DIR: there is no lock file.
 */
import { constants as fsConstants } from 'node:fs';
import { mkdir, open, readdir, readFile, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import { Engine, LoadConflictError, type Change, type StoredRecord, type UndoStep } from './engine';
import { writeSnapshotFile } from './snapshot-file';
import {
  COLLECTION_NAMES,
  CorruptDataError,
  StorageUnavailableError,
  type CollectionName,
  type Storage,
  type Transaction,
} from './storage';

/** The journal file as the writer uses it. Tests may wrap it (see `testHooks`) to simulate a failing disk. */
export interface JournalFile {
  /** Writes all of `data` at byte `position`. */
  write(data: Buffer, position: number): Promise<void>;
  /** fdatasync. */
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

export interface FileStorageOptions {
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
  testHooks?: { wrapJournal?: (file: JournalFile, filePath: string) => JournalFile };
}

interface SnapshotData {
  format: 1;
  lastSeq: number;
  collections: Partial<Record<CollectionName, StoredRecord[]>>;
}

interface Pending {
  seq: number;
  line: string;
  undo: UndoStep[];
  touched: Set<CollectionName>;
  resolve: () => void;
  reject: (error: Error) => void;
}

interface JournalState {
  n: number;
  /** null until opened (or after a failure, so the next write reopens it). */
  file: JournalFile | null;
  /** Length of the synced, valid content: the next batch is written here. */
  size: number;
  entries: number;
  /** The tail past `size` may hold garbage (failed write, torn line): truncate before writing. */
  dirty: boolean;
}

const DEFAULT_COMPACT_AFTER_ENTRIES = 5000;
const DEFAULT_COMPACT_AFTER_BYTES = 16 * 1024 * 1024;
/** After a failed compaction, wait this long before trying again (the disk is probably full or read-only). */
const COMPACTION_RETRY_MS = 10_000;
const JOURNAL_NAME = /^journal-(\d+)\.jsonl$/;
const COLLECTION_SET = new Set<string>(COLLECTION_NAMES);

const journalName = (n: number) => `journal-${n}.jsonl`;
const emptySnapshot = (): SnapshotData => ({ format: 1, lastSeq: 0, collections: {} });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const errorText = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
};

/** Why `value` is not a valid stored record, or null. */
function recordProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'a record is not an object';
  if (typeof value.id !== 'string' || value.id === '') return 'a record has no id';
  if (!Number.isInteger(value.version) || (value.version as number) < 1)
    return `record ${value.id} has an invalid version`;
  if (typeof value.createdAt !== 'string' || typeof value.updatedAt !== 'string')
    return `record ${value.id} has invalid dates`;
  return null;
}

function parseChange(value: unknown): Change | string {
  if (!isPlainObject(value)) return 'a change is not an object';
  if (typeof value.c !== 'string' || !COLLECTION_SET.has(value.c))
    return `unknown collection ${JSON.stringify(value.c)}`;
  const c = value.c as CollectionName;
  if (value.op === 'put') {
    const problem = recordProblem(value.r);
    return problem ?? { op: 'put', c, r: value.r as StoredRecord };
  }
  if (value.op === 'del') {
    return typeof value.id === 'string' && value.id !== '' ? { op: 'del', c, id: value.id } : 'a delete has no id';
  }
  return `unknown operation ${JSON.stringify(value.op)}`;
}

/** Parses one journal line into its seq and changes, or says why it cannot. */
function parseLine(text: string): { seq: number; changes: Change[] } | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `invalid JSON (${errorText(error)})`;
  }
  if (
    !isPlainObject(value) ||
    !Number.isInteger(value.seq) ||
    (value.seq as number) < 1 ||
    !Array.isArray(value.changes)
  ) {
    return 'a line is not {seq, changes}';
  }
  const changes: Change[] = [];
  for (const raw of value.changes) {
    const change = parseChange(raw);
    if (typeof change === 'string') return change;
    changes.push(change);
  }
  return { seq: value.seq as number, changes };
}

/** Why the parsed db.json is not a snapshot, or null. */
function snapshotProblem(data: unknown): string | null {
  if (!isPlainObject(data)) return 'it is not a JSON object';
  if (data.format !== 1) return `unsupported format ${JSON.stringify(data.format)}`;
  if (!Number.isInteger(data.lastSeq) || (data.lastSeq as number) < 0) return 'lastSeq is not a non-negative integer';
  if (!isPlainObject(data.collections)) return 'collections is not an object';
  for (const [name, records] of Object.entries(data.collections)) {
    if (!COLLECTION_SET.has(name)) return `unknown collection ${JSON.stringify(name)}`;
    if (!Array.isArray(records)) return `collection ${name} is not a list`;
    for (const record of records) {
      const problem = recordProblem(record);
      if (problem) return `${name}: ${problem}`;
    }
  }
  return null;
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** fsync a file or folder by path (a rename or a new/removed file is durable only once its folder is synced). */
async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

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

export async function openFileStorage(options: FileStorageOptions): Promise<Storage> {
  const dataDir = path.resolve(options.dataDir);
  const dbPath = path.join(dataDir, 'db.json');
  const compactAfterEntries = options.compactAfterEntries ?? DEFAULT_COMPACT_AFTER_ENTRIES;
  const compactAfterBytes = options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES;
  const wrapJournal = options.testHooks?.wrapJournal;
  const journalPath = (n: number) => path.join(dataDir, journalName(n));

  if (!(await fileExists(dataDir))) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await fsyncPath(path.dirname(dataDir)).catch(() => {});
  }

  // ---- load the snapshot ---------------------------------------------------------------------------------------
  const engine = new Engine();
  const defaultData = emptySnapshot();
  // lowdb reads the snapshot; compactions write it with snapshot-file.ts (one line of plain JSON, as before).
  const low = new Low<SnapshotData>(
    new DataFile<SnapshotData>(dbPath, { parse: JSON.parse, stringify: (data) => JSON.stringify(data) }),
    defaultData,
  );
  let lastSeq = 0;
  if (await fileExists(dbPath)) {
    try {
      await low.read();
    } catch (error) {
      if (error instanceof SyntaxError) throw new CorruptDataError(dbPath, `not valid JSON: ${error.message}`);
      throw error;
    }
    // Low keeps its default when the file holds a falsy JSON value (null, 0, "" ...): that is not a snapshot.
    if (low.data === defaultData) throw new CorruptDataError(dbPath, 'it does not hold a snapshot');
    const problem = snapshotProblem(low.data);
    if (problem) throw new CorruptDataError(dbPath, problem);
    for (const [name, records] of Object.entries(low.data.collections) as [CollectionName, StoredRecord[]][]) {
      for (const record of records) {
        if (engine.get(name, record.id)) throw new CorruptDataError(dbPath, `${name} ${record.id} appears twice`);
        try {
          engine.load({ op: 'put', c: name, r: record });
        } catch (error) {
          if (error instanceof LoadConflictError) throw new CorruptDataError(dbPath, error.message);
          throw error;
        }
      }
    }
    lastSeq = low.data.lastSeq;
  }
  // The records now live in the engine; the snapshot object is only needed again when compacting.
  low.data = emptySnapshot();

  // ---- replay the journals -------------------------------------------------------------------------------------
  const journalNumbers = (await readdir(dataDir))
    .map((name) => JOURNAL_NAME.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);

  let seq = lastSeq;
  let currentSize = 0;
  let currentEntries = 0;
  let currentTorn = false;
  for (const [index, n] of journalNumbers.entries()) {
    const file = journalPath(n);
    const isLastFile = index === journalNumbers.length - 1;
    const bytes = await readFile(file);
    let start = 0;
    let goodSize = 0;
    let entries = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(0x0a, start);
      const end = newline === -1 ? bytes.length : newline;
      const next = newline === -1 ? bytes.length : newline + 1;
      const text = bytes.toString('utf8', start, end);
      const isFinal = next >= bytes.length;
      start = next;
      if (text.trim() === '') {
        if (newline !== -1) goodSize = next;
        continue;
      }
      // A line without its newline was cut off mid-write: its sync never completed, so it was never
      // acknowledged. Same for an unparseable final line (a crash can leave zeros or half a line).
      const parsed = newline === -1 ? 'the line has no end' : parseLine(text);
      if (typeof parsed === 'string') {
        if (isFinal && isLastFile) {
          currentTorn = true;
          break;
        }
        throw new CorruptDataError(file, `line at byte ${end - Buffer.byteLength(text)}: ${parsed}`);
      }
      goodSize = next;
      entries++;
      if (parsed.seq <= lastSeq) continue; // already in the snapshot
      if (parsed.seq !== seq + 1) {
        throw new CorruptDataError(
          file,
          parsed.seq <= seq
            ? `transaction ${parsed.seq} appears twice`
            : `transaction ${parsed.seq} follows ${seq}: transactions are missing (was db.json replaced or a journal removed?)`,
        );
      }
      try {
        for (const change of parsed.changes) engine.load(change);
      } catch (error) {
        if (error instanceof LoadConflictError) throw new CorruptDataError(file, error.message);
        throw error;
      }
      seq = parsed.seq;
    }
    if (isLastFile) {
      currentSize = goodSize;
      currentEntries = entries;
      currentTorn ||= goodSize !== bytes.length;
    }
  }

  // ---- writer state --------------------------------------------------------------------------------------------
  const currentN = journalNumbers.at(-1) ?? 1;
  let journal: JournalState = {
    n: currentN,
    file: null,
    size: currentSize,
    entries: currentEntries,
    dirty: currentTorn,
  };
  /** Journals older than the current one still on disk (a compaction has not removed them yet). */
  const olderJournals = new Set(journalNumbers.slice(0, -1));
  let durableSeq = seq;
  let snapshotSeq = lastSeq;
  let queue: Pending[] = [];
  /** The most recently queued transaction's promise: flush() waits for it. */
  let lastPending: Promise<void> | null = null;
  let pumping: Promise<void> | null = null;
  let compaction: Promise<void> | null = null;
  let compactionRetryAt = 0;
  let closing = false;
  let closePromise: Promise<void> | null = null;

  const fsyncDir = () => fsyncPath(dataDir);

  /** Opens journal `n` for positioned writes, creating it (and making its name durable) if needed. */
  async function openJournal(n: number, fresh: boolean): Promise<JournalFile> {
    const file = journalPath(n);
    let handle: FileHandle;
    if (fresh) {
      // A new journal never holds acknowledged data yet, so a leftover from a failed rotation can be emptied.
      handle = await open(file, fsConstants.O_RDWR | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o600);
    } else {
      try {
        handle = await open(file, fsConstants.O_RDWR);
        const wrapped = handleJournal(handle);
        return wrapJournal ? wrapJournal(wrapped, file) : wrapped;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        handle = await open(file, fsConstants.O_RDWR | fsConstants.O_CREAT, 0o600);
      }
    }
    try {
      await fsyncDir();
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    const wrapped = handleJournal(handle);
    return wrapJournal ? wrapJournal(wrapped, file) : wrapped;
  }

  // Open the current journal now, and cut a torn tail away. Failure is not fatal (read-only volume): the
  // writer retries both before its first write.
  try {
    journal.file = await openJournal(journal.n, false);
    if (journal.dirty) {
      await journal.file.truncate(journal.size);
      journal.dirty = false;
    }
  } catch {
    // Reads work; transact will report StorageUnavailableError while the disk refuses writes.
  }

  async function appendBatch(data: Buffer, count: number): Promise<void> {
    try {
      journal.file ??= await openJournal(journal.n, false);
      if (journal.dirty) await journal.file.truncate(journal.size);
      journal.dirty = true; // until write + sync succeed, the tail may hold part of this batch
      await journal.file.write(data, journal.size);
      await journal.file.sync();
      journal.dirty = false;
      journal.size += data.length;
      journal.entries += count;
    } catch (error) {
      // Drop the handle: the next attempt reopens the file (the volume may have been remounted).
      const file = journal.file;
      journal.file = null;
      await file?.close().catch(() => {});
      throw error;
    }
  }

  function compactionDue(extraBytes: number, extraEntries: number): boolean {
    if (compaction || Date.now() < compactionRetryAt) return false;
    return (
      journal.entries + extraEntries > compactAfterEntries ||
      journal.size + extraBytes > compactAfterBytes ||
      olderJournals.size > 0
    );
  }

  /**
   * Rotates to a fresh journal, then writes `snapshot` in the background. Must be called by the writer, with
   * memory equal to "durable up to snapshot.lastSeq" at capture time.
   */
  async function rotate(snapshot: SnapshotData): Promise<void> {
    const oldN = journal.n;
    let next: JournalFile;
    try {
      next = await openJournal(oldN + 1, true);
    } catch {
      compactionRetryAt = Date.now() + COMPACTION_RETRY_MS;
      return;
    }
    const old = journal;
    journal = { n: oldN + 1, file: next, size: 0, entries: 0, dirty: false };
    olderJournals.add(oldN);
    await old.file?.close().catch(() => {});
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
    await writeSnapshotFile(dbPath, snapshot);
    await fsyncDir();
    snapshotSeq = snapshot.lastSeq;
    for (const n of [...olderJournals].filter((n) => n <= coversJournal)) {
      await unlink(journalPath(n)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      olderJournals.delete(n);
    }
    await fsyncDir();
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
        await appendBatch(data, batch.length);
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

  const ensureOpen = () => {
    if (closing) throw new Error('Storage is closed');
  };

  async function flushAll(): Promise<void> {
    const pending = lastPending;
    if (pending) await pending;
  }

  const storage = {
    async get(collection: CollectionName, id: string) {
      ensureOpen();
      return engine.get(collection, id);
    },
    async findOne(collection: CollectionName, field: string, value: unknown) {
      ensureOpen();
      return engine.findOne(collection, field, value);
    },
    async list(collection: CollectionName, where?: Record<string, unknown>) {
      ensureOpen();
      return engine.list(collection, where);
    },
    async count(collection: CollectionName) {
      ensureOpen();
      return engine.count(collection);
    },
    async transact<R>(body: (tx: Transaction) => R): Promise<R> {
      ensureOpen();
      // A transact started from inside a running body waits until that (synchronous) body has finished.
      while (engine.busy) await null;
      ensureOpen();
      const { result, changes, undo, touched } = engine.execute(body);
      if (changes.length === 0) {
        // Nothing to write, but the body may have read changes that are not durable yet.
        await flushAll();
        return result;
      }
      seq += 1;
      const line = `${JSON.stringify({ seq, changes })}\n`;
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
      await done;
      return result;
    },
    revision(collection: CollectionName) {
      return engine.revision(collection);
    },
    async flush() {
      ensureOpen();
      await flushAll();
    },
    close() {
      closePromise ??= (async () => {
        closing = true;
        // No new transaction can start now; let the writer and any background compaction finish.
        while (pumping || compaction) await (pumping ?? compaction);
        if (durableSeq > snapshotSeq || olderJournals.size > 0) {
          // Memory equals the durable state (the queue is empty), so this snapshot covers every commit.
          await rotate(capture(durableSeq)).catch(() => {});
          while (compaction) await compaction;
        }
        // A failed final compaction loses nothing: the journals still hold every acknowledged commit.
        await journal.file?.close().catch(() => {});
        journal.file = null;
      })();
      return closePromise;
    },
  };
  return storage as unknown as Storage;
}
