/**
 * The Storage interface over one in-memory engine (engine.ts), for the adapters that keep their state in it for
 * good: the memory adapter (this alone) and the file adapter (this plus a journal writer as its `durability`).
 *
 * Why a module of its own: reads, revisions, the expiry sweep, "closed" checks and the way a transaction body
 * is started are the same for both; they differ only in what makes a committed transaction durable, and how
 * flush and close wait for that. (The PostgreSQL adapter shares the reads through engineReads; its transactions
 * run under a database lock and its engine is replaced on reload, so it builds its own facade.)
 */
import { deleteExpiredRecords, engineReads, startSweeper, type Committed, type Engine } from './engine';
import {
  DEFAULT_SWEEP_EVERY_MS,
  EXPIRING_COLLECTIONS,
  type CollectionName,
  type ExpiringCollection,
  type Storage,
  type Transaction,
} from './storage';

export interface EngineStorageOptions {
  /** The clock expired records are swept by (tests move it). Default Date.now. */
  now?: () => number;
  /** Sweep expired records this often; 0 = never. Default 10 minutes. */
  sweepEveryMs?: number;
}

/** What an adapter adds to the engine to make its transactions durable. Without it, "durable" means "in memory". */
export interface Durability {
  /** Receives every transaction the engine has committed in memory; `transact` resolves once this does. */
  commit(committed: Committed<unknown>): Promise<void>;
  /** Resolves once everything committed so far is durable. */
  flush(): Promise<void>;
  /** Runs once, after the storage has stopped taking calls and sweeping. */
  close(): Promise<void>;
}

export function engineStorage(engine: Engine, options: EngineStorageOptions, durability?: Durability): Storage {
  const now = options.now ?? Date.now;
  let closed = false;
  let closePromise: Promise<void> | null = null;

  const ensureOpen = () => {
    if (closed) throw new Error('Storage is closed');
  };

  // The engine speaks untyped records; the Storage interface adds the per-collection types on top.
  const storage = {
    ...engineReads(() => engine, ensureOpen),
    async transact<R>(body: (tx: Transaction) => R): Promise<R> {
      ensureOpen();
      // A transact started from inside a running body waits until that body has finished (bodies are
      // synchronous, so one microtask is enough).
      while (engine.busy) await null;
      ensureOpen();
      const committed = engine.execute(body);
      if (durability) await durability.commit(committed);
      return committed.result;
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
      await durability?.flush();
    },
    close() {
      closePromise ??= (async () => {
        closed = true;
        stopSweeper();
        await durability?.close();
      })();
      return closePromise;
    },
  };
  const stopSweeper = startSweeper(async () => {
    for (const collection of EXPIRING_COLLECTIONS) await storage.deleteExpired(collection, new Date(now()));
  }, options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS);
  return storage as unknown as Storage;
}
