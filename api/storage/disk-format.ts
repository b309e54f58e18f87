/**
 * What the file adapter's files hold, and how a value read from them is checked: the journal line with its
 * CRC-32 (written by journal-writer.ts, read by journal-replay.ts), the journal file names, and the shape of
 * db.json and of a stored record.
 *
 * Why a module of its own: the writer and the replay must agree on the line format byte for byte, so it is
 * written down once; the checks are pure functions that touch no file.
 */
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { errorText } from './data-folder';
import type { Change, StoredRecord } from './engine';
import { COLLECTION_NAMES, type CollectionName } from './storage';

/** The content of db.json. */
export interface SnapshotData {
  format: 1;
  lastSeq: number;
  collections: Partial<Record<CollectionName, StoredRecord[]>>;
}

export const emptySnapshot = (): SnapshotData => ({ format: 1, lastSeq: 0, collections: {} });

export const JOURNAL_NAME = /^journal-(\d+)\.jsonl$/;
export const journalName = (n: number) => `journal-${n}.jsonl`;
export const journalPath = (dataDir: string, n: number) => path.join(dataDir, journalName(n));

const COLLECTION_SET = new Set<string>(COLLECTION_NAMES);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

/** Why the parsed db.json is not a snapshot, or null. */
export function snapshotProblem(data: unknown): string | null {
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

/** The journal line of transaction `seq`, newline included. */
export function journalLine(seq: number, changes: Change[]): string {
  const body = JSON.stringify({ seq, changes }).slice(1); // "seq":N,"changes":[…]}
  return `{"crc":"${crc32(body).toString(16).padStart(8, '0')}",${body}\n`;
}

/** Checks and parses the journal line in bytes[start, end) (without its newline), or says why it cannot. */
export function readJournalLine(
  bytes: Buffer,
  start: number,
  end: number,
): { seq: number; changes: Change[] } | string {
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
