/**
 * The durable adapter (`STORAGE=file`, the default): a JSON snapshot plus a write-ahead journal in DATA_DIR.
 *
 * Files
 * - `db.json` — the snapshot, `{ format: 1, lastSeq, collections: { [name]: Record[] } }`, read with lowdb 7
 *   (`new Low(new DataFile(path, JSON), default)` explicitly: lowdb's presets switch to memory when
 *   NODE_ENV=test) and written by snapshot-file.ts, record by record into a temp file that is fsynced and then
 *   renamed over db.json, so a crash leaves the old or the new snapshot, never half of one. (lowdb's writer
 *   built the whole file as one string: tens of MB of transient memory and an event-loop stall per compaction.)
 * - `journal-<n>.jsonl` — one line per committed transaction, `{"crc":"<8 hex>","seq":N,"changes":[{op,c,r?,id?}]}`
 *   (`put` carries the whole new record, `del` the id; crc is the CRC-32 of the rest of the line, so a changed
 *   byte is detected; lines of earlier versions have no crc and are still read). Seqs are consecutive across files.
 * - Every file is owner-only (0600, the folder 0700); files left wider by earlier versions are tightened at open.
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
 * Expired records are deleted by a sweep every `sweepEveryMs` (10 min), in transactions like any write.
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
 *
 * Open
 * - A db.json that cannot be parsed or has the wrong shape → CorruptDataError(file, reason), touching nothing.
 * - Snapshot, then journals in order, skipping seq <= lastSeq; a seq gap or repeat is corruption. Expired
 *   records (idempotency answers past expiresAt) are not loaded, and the next compaction leaves them out.
 * - Damaged tail: lines that cannot be read (no newline, bad checksum, not JSON) with no intact line after them,
 *   in the last journal or in one followed only by empty journals, are the unfinished end of a write: the writer
 *   acknowledges a batch only once all of it is synced, a failed write is cut before the next one, and it moves
 *   to a new journal only after a successful write (a shutdown may leave an empty one: earlier versions did so
 *   even right after a failed write, on a full disk). That tail is copied aside (`journal-<n>.jsonl.cut-<ms>`),
 *   cut, and logged with what was kept. A damaged line followed by an intact one, or by a journal holding data,
 *   is corruption: CorruptDataError naming the file and line, touching nothing.
 * - If the journal cannot be opened for writing (read-only volume), the storage still opens: reads work and
 *   each transact retries and rejects with StorageUnavailableError.
 *
 * Records handed out are deep-frozen (see engine.ts): no copy per read, and callers cannot corrupt storage.
 * One process per DATA_DIR: there is no lock file.
 */
import { constants as fsConstants } from 'node:fs';
import { chmod, mkdir, open, readdir, readFile, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import {
  deleteExpiredRecords,
  Engine,
  isExpired,
  LoadConflictError,
  startSweeper,
  type Change,
  type StoredRecord,
  type UndoStep,
  engineReads,
} from './engine';
import { writeSnapshotFile } from './snapshot-file';
import {
  COLLECTION_NAMES,
  CorruptDataError,
  DEFAULT_SWEEP_EVERY_MS,
  StorageUnavailableError,
  type CollectionName,
  type ExpiringCollection,
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
  /** Where repairs made at open are reported (a cut journal tail). Default: console.warn (stderr). */
  log?: (message: string) => void;
  /** The clock expired records are judged by, at open and by the sweeper (tests move it). Default Date.now. */
  now?: () => number;
  /** Sweep expired records this often; 0 = never. Default 10 minutes. */
  sweepEveryMs?: number;
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

/**
 * Journal lines carry a CRC-32 of their content, so a changed byte is detected instead of applied:
 * `{"crc":"<8 hex>","seq":N,"changes":[…]}` where the checksum covers every byte after `{"crc":"<8 hex>",` (the
 * line's `"seq":N,"changes":[…]}`, UTF-8). The line stays plain JSON with one extra field, so earlier versions
 * still read it. Lines written before checksums existed start with `{"seq":` and are read as before.
 */
const CRC_PREFIX = Buffer.from('{"crc":"');
const CRC_HEAD_LENGTH = CRC_PREFIX.length + 8 + 2; // {"crc":"xxxxxxxx",
const LEGACY_PREFIX = Buffer.from('{"seq":');
const HEX8 = /^[0-9a-f]{8}$/;

function journalLine(seq: number, changes: Change[]): string {
  const body = JSON.stringify({ seq, changes }).slice(1); // "seq":N,"changes":[…]}
  return `{"crc":"${crc32(body).toString(16).padStart(8, '0')}",${body}\n`;
}

/** Checks and parses the journal line in bytes[start, end) (without its newline), or says why it cannot. */
function readJournalLine(bytes: Buffer, start: number, end: number): { seq: number; changes: Change[] } | string {
  if (bytes.subarray(start, start + CRC_PREFIX.length).equals(CRC_PREFIX)) {
    const hex = bytes.toString('latin1', start + CRC_PREFIX.length, start + CRC_PREFIX.length + 8);
    if (!HEX8.test(hex) || bytes[start + CRC_HEAD_LENGTH - 2] !== 0x22 || bytes[start + CRC_HEAD_LENGTH - 1] !== 0x2c) {
      return 'its checksum field is damaged';
    }
    if (crc32(bytes.subarray(start + CRC_HEAD_LENGTH, end)) !== Number.parseInt(hex, 16)) {
      return 'checksum mismatch: the line changed after it was written';
    }
  } else if (!bytes.subarray(start, start + LEGACY_PREFIX.length).equals(LEGACY_PREFIX)) {
    return 'not a journal line';
  }
  return parseLine(bytes.toString('utf8', start, end));
}

const linesBefore = (count: number) =>
  count === 0
    ? 'No line before it'
    : count === 1
      ? 'The line before it is intact'
      : `The ${count} lines before it are intact`;

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
  const log = options.log ?? ((message: string) => console.warn(message));
  const journalPath = (n: number) => path.join(dataDir, journalName(n));

  if (!(await fileExists(dataDir))) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await fsyncPath(path.dirname(dataDir)).catch(() => {});
  }
  await tightenModes(dataDir);

  // ---- load the snapshot ---------------------------------------------------------------------------------------
  const engine = new Engine();
  const now = options.now ?? Date.now;
  const openedAt = now();
  /** Expired records found on disk: never loaded, so the next snapshot leaves them out. */
  let droppedExpired = 0;
  // An expired record is loaded as its deletion (an earlier version of it may be in the snapshot).
  const loadChange = (change: Change) => {
    if (change.op === 'put' && isExpired(change.c, change.r, openedAt)) {
      droppedExpired++;
      engine.load({ op: 'del', c: change.c, id: change.r.id });
      return;
    }
    engine.load(change);
  };
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
          loadChange({ op: 'put', c: name, r: record });
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

  // Which journals hold anything: a damaged tail can only be an unfinished write if no later journal holds data.
  const journalSizes = await Promise.all(journalNumbers.map(async (n) => (await stat(journalPath(n))).size));

  let seq = lastSeq;
  let currentSize = 0;
  let currentEntries = 0;
  let currentTorn = false;
  /** The damaged tail found at open (at most one: only the last journal holding data may have one). */
  let tail: {
    n: number;
    file: string;
    keep: number;
    cutBytes: Buffer;
    line: number;
    problem: string;
    keptLines: number;
    seqs: [number, number] | null;
  } | null = null;
  for (const [index, n] of journalNumbers.entries()) {
    const file = journalPath(n);
    const isLastFile = index === journalNumbers.length - 1;
    const bytes = await readFile(file);
    let start = 0;
    let goodSize = 0;
    let entries = 0;
    let lineNumber = 0;
    let seqs: [number, number] | null = null;
    /** The first line that cannot be read; lines after it are only checked (is any of them intact?). */
    let damaged: { line: number; offset: number; problem: string } | null = null;
    /** Where the damage is described, with what is intact before it. */
    const refusal = (why: string) =>
      new CorruptDataError(
        file,
        `line ${damaged!.line} (byte ${damaged!.offset}) is damaged: ${damaged!.problem}; ${why}, so it is not the unfinished end of a write. ${linesBefore(damaged!.line - 1)} (every transaction up to transaction ${seq} was read)`,
        damaged!.line,
      );
    while (start < bytes.length) {
      const newline = bytes.indexOf(0x0a, start);
      const end = newline === -1 ? bytes.length : newline;
      const next = newline === -1 ? bytes.length : newline + 1;
      const lineStart = start;
      start = next;
      lineNumber++;
      if (bytes.toString('utf8', lineStart, end).trim() === '') {
        if (newline !== -1 && !damaged) goodSize = next;
        continue;
      }
      // A line without its newline was cut off mid-write: the writer acknowledges a batch only once all of it,
      // final newline included, is written and synced.
      const parsed =
        newline === -1 ? 'the line has no end (its write never finished)' : readJournalLine(bytes, lineStart, end);
      if (damaged) {
        // An unfinished write is only ever at the end: an intact line after a damaged one means real damage.
        if (typeof parsed !== 'string') throw refusal(`line ${lineNumber} after it is intact`);
        continue;
      }
      if (typeof parsed === 'string') {
        damaged = { line: lineNumber, offset: lineStart, problem: parsed };
        continue;
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
          lineNumber,
        );
      }
      try {
        for (const change of parsed.changes) loadChange(change);
      } catch (error) {
        if (error instanceof LoadConflictError) throw new CorruptDataError(file, error.message, lineNumber);
        throw error;
      }
      seq = parsed.seq;
      seqs = [seqs?.[0] ?? seq, seq];
    }
    if (damaged) {
      // The damaged lines are the end of this journal. They are the unfinished end of the last write only if no
      // later journal holds data: the writer moves to a new journal only after a successful write, and a
      // shutdown may leave an empty one behind (earlier versions did so even after a failed write).
      const later = journalNumbers.findIndex((_, k) => k > index && journalSizes[k]! > 0);
      if (later !== -1) throw refusal(`${journalName(journalNumbers[later]!)} after it holds transactions`);
      tail = {
        n,
        file,
        keep: goodSize,
        cutBytes: bytes.subarray(goodSize),
        line: damaged.line,
        problem: damaged.problem,
        keptLines: entries,
        seqs,
      };
    }
    if (isLastFile) {
      currentSize = goodSize;
      currentEntries = entries;
      currentTorn = goodSize !== bytes.length;
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
  /**
   * A damaged tail found at open in an older journal (followed only by empty ones): it is cut before anything
   * is written to a later journal, or a later start would find data after it and refuse.
   */
  let olderCut: { n: number; size: number } | null =
    tail && tail.n !== currentN ? { n: tail.n, size: tail.keep } : null;
  let durableSeq = seq;
  let snapshotSeq = lastSeq;
  let queue: Pending[] = [];
  /** The most recently queued transaction's promise: flush() waits for it. */
  let lastPending: Promise<void> | null = null;
  let pumping: Promise<void> | null = null;
  let compaction: Promise<void> | null = null;
  let compactionRetryAt = 0;
  /** db.json (or a journal) still holds expired records that were not loaded: compact at the next chance. */
  let staleSnapshot = droppedExpired > 0;
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

  /** Cuts a damaged tail of an older journal away, durably (later journals get data only after this). */
  async function cutOlderJournal(): Promise<void> {
    if (!olderCut) return;
    const handle = await open(journalPath(olderCut.n), fsConstants.O_RDWR);
    try {
      await handle.truncate(olderCut.size);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    olderCut = null;
  }

  /** Cuts every known damaged or unfinished tail away (a failed write's bytes included). */
  async function cutTails(): Promise<void> {
    await cutOlderJournal();
    if (journal.dirty) {
      journal.file ??= await openJournal(journal.n, false);
      await journal.file.truncate(journal.size);
      journal.dirty = false;
    }
  }

  // A damaged tail found while reading: keep a copy of the bytes for inspection (a flipped byte in a complete
  // last line cannot be told apart from an unfinished write with certainty), then cut it, and say so.
  let copyNote = '';
  if (tail && tail.cutBytes.length > 0) {
    const copy = `${tail.file}.cut-${Date.now()}`;
    try {
      await writeFile(copy, tail.cutBytes, { mode: 0o600, flag: 'wx' });
      copyNote = `a copy of the cut bytes is in ${copy} (delete it once inspected)`;
    } catch (error) {
      copyNote = `no copy of the cut bytes could be saved (${errorText(error)})`;
    }
  }

  // Open the current journal now, and cut a torn tail away. Failure is not fatal (read-only volume): the
  // writer retries both before its first write.
  let cutDone = false;
  try {
    journal.file = await openJournal(journal.n, false);
    await cutTails();
    cutDone = true;
  } catch {
    // Reads work; transact will report StorageUnavailableError while the disk refuses writes.
  }
  if (tail) {
    const unfinished = tail.problem.startsWith('the line has no end');
    log(
      `${tail.file}: ${cutDone ? 'cut' : 'will cut before the next write'} ${tail.cutBytes.length} bytes from byte ${tail.keep} (line ${tail.line}: ${tail.problem}). ` +
        (unfinished
          ? 'They are the unfinished end of a write (a crash or a full disk), which was never acknowledged. '
          : 'Nothing intact follows them, so they are most likely the unfinished end of a write (never acknowledged). ') +
        `Kept ${tail.keptLines} lines before them${tail.seqs ? ` (transactions ${tail.seqs[0]}-${tail.seqs[1]})` : ''}; every transaction up to ${seq} is loaded${copyNote ? `; ${copyNote}` : ''}.`,
    );
  }

  async function appendBatch(data: Buffer, count: number): Promise<void> {
    try {
      await cutOlderJournal();
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
      olderJournals.size > 0 ||
      staleSnapshot
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
    staleSnapshot = false;
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
    ...engineReads(() => engine, ensureOpen),
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
      await done;
      return result;
    },
    revision(collection: CollectionName) {
      return engine.revision(collection);
    },
    async deleteExpired(collection: ExpiringCollection, at: Date) {
      ensureOpen();
      return deleteExpiredRecords(engine, storage.transact, collection, at);
    },
    async flush() {
      ensureOpen();
      await flushAll();
    },
    close() {
      closePromise ??= (async () => {
        closing = true;
        stopSweeper();
        // No new transaction can start now; let the writer and any background compaction finish.
        while (pumping || compaction) await (pumping ?? compaction);
        // A failed write may have left part of a batch at the end of the journal: cut it before rotating, so
        // the journal a new one follows ends in acknowledged lines. If it cannot be cut (the disk refuses even
        // that), the files stay as they are: the next start cuts it.
        const tailsCut = await cutTails().then(
          () => true,
          () => false,
        );
        if (tailsCut && (durableSeq > snapshotSeq || olderJournals.size > 0 || staleSnapshot)) {
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
  const stopSweeper = startSweeper(
    () => storage.deleteExpired('idempotency', new Date(now())),
    options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS,
  );
  return storage as unknown as Storage;
}
