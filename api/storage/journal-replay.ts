/**
 * Recovery at open: loads db.json and then the journals, in order, into the in-memory engine, and finds the
 * unfinished end of a write (a torn tail) that the writer must cut before it appends.
 *
 * Why a module of its own: reading is where the files are judged (corrupt, or only torn), and it runs once,
 * before any write; the journal writer then starts from what it found (the `Replayed` result).
 *
 * - A db.json that cannot be parsed or has the wrong shape → CorruptDataError(file, reason), touching nothing.
 *   It is read with lowdb 7 (`new Low(new DataFile(path, JSON), default)` explicitly: lowdb's presets switch to
 *   memory when NODE_ENV=test).
 * - Journal lines with seq <= the snapshot's lastSeq are skipped; a seq gap or repeat is corruption. Expired
 *   records (idempotency answers past expiresAt) are not loaded, and the next compaction leaves them out.
 * - Damaged tail: lines that cannot be read (no newline, bad checksum, not JSON) with no intact line after them,
 *   in the last journal or in one followed only by empty journals, are the unfinished end of a write: the writer
 *   acknowledges a batch only once all of it is synced, a failed write is cut before the next one, and it moves
 *   to a new journal only after a successful write (a shutdown may leave an empty one: earlier versions did so
 *   even right after a failed write, on a full disk). That tail is copied aside (`journal-<n>.jsonl.cut-<ms>`)
 *   and reported with what was kept; the writer cuts it. A damaged line followed by an intact one, or by a
 *   journal holding data, is corruption: CorruptDataError naming the file and line, touching nothing.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import { errorText, fileExists } from './data-folder';
import {
  emptySnapshot,
  JOURNAL_NAME,
  journalName,
  journalPath,
  readJournalLine,
  snapshotProblem,
  type SnapshotData,
} from './disk-format';
import { isExpired, LoadConflictError, type Change, type Engine, type StoredRecord } from './engine';
import { CorruptDataError, type CollectionName } from './storage';

/** The damaged tail found at open (at most one: only the last journal holding data may have one). */
export interface DamagedTail {
  n: number;
  file: string;
  /** Bytes of the journal that are kept: it is cut to this length. */
  keep: number;
  cutBytes: Buffer;
  line: number;
  problem: string;
  keptLines: number;
  seqs: [number, number] | null;
}

/** What the files held, as far as the journal writer needs to know. */
export interface Replayed {
  /** db.json's lastSeq (0 without one). */
  snapshotSeq: number;
  /** The last transaction loaded. */
  seq: number;
  /** The journal numbers on disk, in order. */
  journals: number[];
  /** The last journal: its valid length, its lines, and whether bytes past that length must be cut. */
  current: { size: number; entries: number; torn: boolean };
  tail: DamagedTail | null;
  /** Expired records found on disk and not loaded: the next snapshot should leave them out. */
  droppedExpired: number;
}

/** Throws LoadConflictError from the engine as CorruptDataError of `file` (and `line`). */
function asCorruption(file: string, line: number | undefined, load: () => void): void {
  try {
    load();
  } catch (error) {
    if (error instanceof LoadConflictError) throw new CorruptDataError(file, error.message, line);
    throw error;
  }
}

/** Loads db.json, if there is one, with `loadChange`; returns its lastSeq. */
async function loadSnapshot(dbPath: string, engine: Engine, loadChange: (change: Change) => void): Promise<number> {
  if (!(await fileExists(dbPath))) return 0;
  const defaultData = emptySnapshot();
  // lowdb reads the snapshot; compactions write it with snapshot-file.ts (one line of plain JSON, as before).
  const low = new Low<SnapshotData>(
    new DataFile<SnapshotData>(dbPath, { parse: JSON.parse, stringify: (data) => JSON.stringify(data) }),
    defaultData,
  );
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
      asCorruption(dbPath, undefined, () => loadChange({ op: 'put', c: name, r: record }));
    }
  }
  // The records now live in the engine; the parsed file is not kept.
  return low.data.lastSeq;
}

const linesBefore = (count: number) =>
  count === 0
    ? 'No line before it'
    : count === 1
      ? 'The line before it is intact'
      : `The ${count} lines before it are intact`;

/** Loads db.json and the journals of `dataDir` into `engine`, judging expiry at `openedAt`. */
export async function replayDataFolder(dataDir: string, engine: Engine, openedAt: number): Promise<Replayed> {
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
  const lastSeq = await loadSnapshot(path.join(dataDir, 'db.json'), engine, loadChange);

  const journalNumbers = (await readdir(dataDir))
    .map((name) => JOURNAL_NAME.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
  // Which journals hold anything: a damaged tail can only be an unfinished write if no later journal holds data.
  const journalSizes = await Promise.all(journalNumbers.map(async (n) => (await stat(journalPath(dataDir, n))).size));

  let seq = lastSeq;
  const current = { size: 0, entries: 0, torn: false };
  let tail: DamagedTail | null = null;
  for (const [index, n] of journalNumbers.entries()) {
    const file = journalPath(dataDir, n);
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
      asCorruption(file, lineNumber, () => {
        for (const change of parsed.changes) loadChange(change);
      });
      seq = parsed.seq;
      seqs = [seqs?.[0] ?? seq, seq];
    }
    if (damaged) {
      // The damaged lines are the end of this journal. They are the unfinished end of the last write only if no
      // later journal holds data: the writer moves to a new journal only after a successful write, and a
      // shutdown may leave an empty one behind (earlier versions did so even after a failed write).
      const later = journalNumbers.findIndex((_, k) => k > index && journalSizes[k]! > 0);
      if (later !== -1) throw refusal(`${journalName(journalNumbers[later]!)} after it holds transactions`);
      const { line, problem } = damaged;
      tail = { n, file, keep: goodSize, cutBytes: bytes.subarray(goodSize), line, problem, keptLines: entries, seqs };
    }
    if (index === journalNumbers.length - 1) {
      current.size = goodSize;
      current.entries = entries;
      current.torn = goodSize !== bytes.length;
    }
  }
  return { snapshotSeq: lastSeq, seq, journals: journalNumbers, current, tail, droppedExpired };
}

/**
 * Keeps a copy of a damaged tail's bytes for inspection (a flipped byte in a complete last line cannot be told
 * apart from an unfinished write with certainty) before the writer cuts them; says where, for the report.
 */
export async function saveCutBytes(tail: DamagedTail): Promise<string> {
  if (tail.cutBytes.length === 0) return '';
  const copy = `${tail.file}.cut-${Date.now()}`;
  try {
    await writeFile(copy, tail.cutBytes, { mode: 0o600, flag: 'wx' });
    return `a copy of the cut bytes is in ${copy} (delete it once inspected)`;
  } catch (error) {
    return `no copy of the cut bytes could be saved (${errorText(error)})`;
  }
}

/** The log line about a damaged tail: what was cut (or will be, before the next write), and what was kept. */
export function describeCut(tail: DamagedTail, cutDone: boolean, copyNote: string, seq: number): string {
  const unfinished = tail.problem.startsWith('the line has no end');
  return (
    `${tail.file}: ${cutDone ? 'cut' : 'will cut before the next write'} ${tail.cutBytes.length} bytes from byte ${tail.keep} (line ${tail.line}: ${tail.problem}). ` +
    (unfinished
      ? 'They are the unfinished end of a write (a crash or a full disk), which was never acknowledged. '
      : 'Nothing intact follows them, so they are most likely the unfinished end of a write (never acknowledged). ') +
    `Kept ${tail.keptLines} lines before them${tail.seqs ? ` (transactions ${tail.seqs[0]}-${tail.seqs[1]})` : ''}; every transaction up to ${seq} is loaded${copyNote ? `; ${copyNote}` : ''}.`
  );
}
