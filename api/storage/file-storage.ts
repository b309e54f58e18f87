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
 * A folder without db.json is a first start only if nothing else shows it was used (guardFirstStart).
 *
 * One process per DATA_DIR: there is no lock file. `npm run data:export` reads the folder with readFileStorage,
 * which writes nothing, so it does not take the folder from under a running server.
 */
import path from 'node:path';
import { fileExists, fsyncPath, prepareDataFolder, usedFolderTraces } from './data-folder';
import { emptySnapshot } from './disk-format';
import { Engine } from './engine';
import { engineStorage, type EngineStorageOptions } from './engine-storage';
import { describeCut, replayDataFolder, saveCutBytes, type Replayed } from './journal-replay';
import { createJournalWriter, type JournalWriterOptions } from './journal-writer';
import { writeSnapshotFile } from './snapshot-file';
import { CorruptDataError, MissingSnapshotError, type Storage } from './storage';

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
  const dbFile = path.join(dataDir, 'db.json');
  const hadSnapshot = await fileExists(dbFile);
  const replayed = await replayDataFolder(dataDir, engine, (options.now ?? Date.now)());
  if (!hadSnapshot) await guardFirstStart(dataDir, dbFile, replayed);
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

/**
 * db.json is missing. Journals that hold every transaction from the first (an earlier version, or a crash before
 * the first compaction) are a complete history. Otherwise the folder must be new: anything that shows it was used
 * (a journal, even empty, the secret, initial-admin.txt, uploads) means db.json was lost, and a first start would
 * seed example data and a new admin over it (MissingSnapshotError, touching nothing). A new folder gets an empty
 * db.json before anything else, so that from now on "no db.json" always means "lost". Best effort: a folder that
 * cannot take it (read-only, full) still opens as before, and its journal will hold transaction 1 onwards.
 */
async function guardFirstStart(dataDir: string, dbFile: string, replayed: Replayed): Promise<void> {
  if (replayed.seq > 0) return;
  const traces = await usedFolderTraces(dataDir);
  if (traces.length > 0) throw new MissingSnapshotError(dbFile, traces);
  try {
    await writeSnapshotFile(dbFile, emptySnapshot());
    await fsyncPath(dataDir);
  } catch {
    // The journal writer reports a folder that cannot take writes, on the first transact.
  }
}

/**
 * The data folder as it is on disk, read-only, for `npm run data:export`: db.json and the journals replayed into
 * memory, and nothing written (no journal opened, no tail cut, no compaction on close, no mode tightened), so an
 * export cannot move the journal from under a server that is using the folder. Its transactions are refused.
 *
 * A server compacting while this reads may remove a journal between the listing and the read, or put a newer
 * db.json before it (a gap in the seqs): the read is tried again a few times before the error is reported.
 * An unfinished last line (a write under way) is left out, as a restart would.
 */
export async function readFileStorage(options: { dataDir: string; now?: () => number }): Promise<Storage> {
  const dataDir = path.resolve(options.dataDir);
  if (!(await fileExists(dataDir))) throw new Error(`${dataDir}: no such data folder`);
  for (let attempt = 1; ; attempt += 1) {
    const engine = new Engine();
    try {
      const dbFile = path.join(dataDir, 'db.json');
      const hadSnapshot = await fileExists(dbFile);
      const replayed = await replayDataFolder(dataDir, engine, (options.now ?? Date.now)());
      if (!hadSnapshot && replayed.seq === 0) {
        const traces = await usedFolderTraces(dataDir);
        if (traces.length > 0) throw new MissingSnapshotError(dbFile, traces);
      }
    } catch (error) {
      const raced = error instanceof CorruptDataError || (error as NodeJS.ErrnoException).code === 'ENOENT';
      if (raced && !(error instanceof MissingSnapshotError) && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      throw error;
    }
    return engineStorage(
      engine,
      { ...options, sweepEveryMs: 0 },
      {
        commit: () => Promise.reject(new Error(`${dataDir} is open read-only (an export): nothing is written`)),
        flush: () => Promise.resolve(),
        close: () => Promise.resolve(),
      },
    );
  }
}
