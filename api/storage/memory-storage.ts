/**
 * The in-memory adapter, for tests (`STORAGE=memory`). It is the shared engine (engine.ts) behind the shared
 * facade (engine-storage.ts) with nothing added, so it has the file adapter's semantics exactly: atomic
 * transactions (a body that throws leaves nothing), revision counters, unique and lookup indexes, version checks,
 * frozen records. "Durable" means "in memory": `transact` resolves as soon as its body has committed.
 */
import { Engine } from './engine';
import { engineStorage, type EngineStorageOptions } from './engine-storage';
import type { Storage } from './storage';

export type MemoryStorageOptions = EngineStorageOptions;

export function createMemoryStorage(options: MemoryStorageOptions = {}): Storage {
  return engineStorage(new Engine(), options);
}
