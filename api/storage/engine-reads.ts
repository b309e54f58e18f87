import type { CollectionName } from './storage';
import type { Engine } from './engine';

/**
 * The reads of the Storage interface, answered from an adapter's in-memory engine: the same for the memory, file
 * and PostgreSQL adapters, which differ only in how writes become durable. `current` is read on every call (the
 * PostgreSQL adapter swaps in a fresh engine when it reloads); `ensureOpen` throws once the adapter is closed.
 */
export function engineReads(current: () => Engine, ensureOpen: () => void) {
  return {
    async get(collection: CollectionName, id: string) {
      ensureOpen();
      return current().get(collection, id);
    },
    async findOne(collection: CollectionName, field: string, value: unknown) {
      ensureOpen();
      return current().findOne(collection, field, value);
    },
    async list(collection: CollectionName, where?: Record<string, unknown>) {
      ensureOpen();
      return current().list(collection, where);
    },
    async count(collection: CollectionName) {
      ensureOpen();
      return current().count(collection);
    },
  };
}
