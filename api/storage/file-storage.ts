/**
 * The durable adapter (`STORAGE=file`, the default): a JSON snapshot plus a write-ahead journal in DATA_DIR.
 * This module opens it and puts it together; each part has its own module, which says why:
 * - data-folder.ts: the folder, created and kept owner-only (0700, files 0600), fsync by path;
 * - disk-format.ts: what the files hold and how it is checked (journal lines with a CRC-32);
 * - journal-replay.ts: recovery at open (db.json, then the journals; a torn tail is found and reported);
 * - journal-writer.ts: group commit with fdatasync, undo of what could not be stored, compaction;
 * - journal-files.ts: the journal files themselves (append + fdatasync, cut, rotate, remove);
 * - engine-storage.ts: the Storage interface over the in-memory engine, the same as the memory adapter's.
 *
 * Files
 * - `db.json` — the snapshot, `{ format: 1, lastSeq, collections: { [name]: Record[] } }`, read with lowdb 7 and
 *   written by snapshot-file.ts, record by record into a temp file that is fsynced and then renamed over
 *   db.json, so a crash leaves the old or the new snapshot, never half of one. (lowdb's writer built the whole
 *   file as one string: tens of MB of transient memory and an event-loop stall per compaction.)
 * - `journal-<n>.jsonl` — one line per committed transaction, `{"crc":"<8 hex>","seq":N,"changes":[{op,c,r?,id?}]}`
 *   (`put` carries the whole new record, `del` the id; crc is the CRC-32 of the rest of the line, so a changed
 *   byte is detected; lines of earlier versions have no crc and are still read). Seqs are consecutive across files.
 * - Every file is owner-only (0600, the folder 0700); files left wider by earlier versions are tightened at open.
 *
 * A transaction body runs synchronously, alone, against the in-memory state (engine.ts); readers see its result
 * at once (accepted: the public site does not need read-after-durable). `transact` resolves once its journal line
 * is synced, or rejects with StorageUnavailableError, undone in memory. Reads keep working throughout.
 * Expired records are deleted by a sweep every `sweepEveryMs` (10 min), in transactions like any write.
 *
 * Open: a damaged db.json or journal is CorruptDataError (touching nothing); the unfinished end of a write is
 * copied aside, cut and logged. If the journal cannot be opened for writing (read-only volume), the storage still
 * opens: reads work and each transact retries and rejects with StorageUnavailableError.
 *
 * Records handed out are deep-frozen (see engine.ts): no copy per read, and callers cannot corrupt storage.
 * One process per DATA_DIR: there is no lock file.
 */
import path from 'node:path';
import { prepareDataFolder } from './data-folder';
import { Engine } from './engine';
import { engineStorage, type EngineStorageOptions } from './engine-storage';
import { describeCut, replayDataFolder, saveCutBytes } from './journal-replay';
import { createJournalWriter, type JournalWriterOptions } from './journal-writer';
import type { Storage } from './storage';

export type { JournalFile } from './journal-files';

export interface FileStorageOptions extends JournalWriterOptions, EngineStorageOptions {
  /** Where repairs made at open are reported (a cut journal tail). Default: console.warn (stderr). */
  log?: (message: string) => void;
  /** The clock expired records are judged by, at open and by the sweeper (tests move it). Default Date.now. */
  now?: () => number;
}

export async function openFileStorage(options: FileStorageOptions): Promise<Storage> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? ((message: string) => console.warn(message));
  await prepareDataFolder(dataDir);

  const engine = new Engine();
  const replayed = await replayDataFolder(dataDir, engine, (options.now ?? Date.now)());
  const writer = createJournalWriter({ ...options, dataDir }, engine, replayed);
  const { tail } = replayed;
  const copyNote = tail ? await saveCutBytes(tail) : '';
  // Open the current journal now, and cut a torn tail away. Failure is not fatal (read-only volume): the
  // writer retries both before its first write, and transact reports StorageUnavailableError meanwhile.
  const cutDone = await writer.start();
  if (tail) log(describeCut(tail, cutDone, copyNote, replayed.seq));

  return engineStorage(engine, options, {
    // A transaction with nothing to write may still have read changes that are not durable yet.
    commit: (committed) => (committed.changes.length === 0 ? writer.flush() : writer.append(committed)),
    flush: () => writer.flush(),
    close: () => writer.close(),
  });
}
