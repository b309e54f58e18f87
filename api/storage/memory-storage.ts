/**
 * The in-memory adapter, for tests (`STORAGE=memory`). It is the shared engine (engine.ts) with nothing around
 * it, so it has the file adapter's semantics exactly: atomic transactions (a body that throws leaves nothing),
 * revision counters, unique and lookup indexes, version checks, frozen records. "Durable" means "in memory":
 * `transact` resolves as soon as its body has committed.
 */
import { deleteExpiredRecords, Engine, startSweeper, engineReads } from './engine';
import {
  DEFAULT_SWEEP_EVERY_MS,
  type CollectionName,
  type ExpiringCollection,
  type Storage,
  type Transaction,
} from './storage';

export interface MemoryStorageOptions {
  /** The clock expired records are swept by (tests move it). Default Date.now. */
  now?: () => number;
  /** Sweep expired records this often; 0 = never. Default 10 minutes. */
  sweepEveryMs?: number;
}

export function createMemoryStorage(options: MemoryStorageOptions = {}): Storage {
  const engine = new Engine();
  const now = options.now ?? Date.now;
  let closed = false;

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
      return engine.execute(body).result;
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
    },
    async close() {
      closed = true;
      stopSweeper();
    },
  };
  const stopSweeper = startSweeper(
    () => storage.deleteExpired('idempotency', new Date(now())),
    options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS,
  );
  return storage as unknown as Storage;
}
