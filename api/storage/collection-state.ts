/**
 * One collection's records in memory and their indexes (unique fields, lookup fields), plus the JSON helpers the
 * engine writes records with. engine.ts runs transactions over these; this module only keeps one collection's
 * maps consistent with each other.
 */
import { INDEXES, type CollectionName } from './storage';

/** A stored record as the engine sees it: plain JSON with the RecordMeta fields. */
export interface StoredRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  [field: string]: unknown;
}

/** One change of a committed transaction, exactly as the journal stores it. */
export type Change = { op: 'put'; c: CollectionName; r: StoredRecord } | { op: 'del'; c: CollectionName; id: string };

export interface Entry {
  rec: StoredRecord;
  /** Insertion ordinal: list() returns records in this order. */
  ord: number;
}

/** Restores one id of one collection to how it was before a write (`prev` undefined: it did not exist). */
export interface UndoStep {
  c: CollectionName;
  id: string;
  prev: Entry | undefined;
}

export interface Committed<R> {
  result: R;
  changes: Change[];
  undo: UndoStep[];
  touched: Set<CollectionName>;
}

export const isThenable = (value: unknown): boolean =>
  ((typeof value === 'object' && value !== null) || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function';

/** Freezes a freshly parsed JSON value and everything inside it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A JSON round trip: copies the caller's object, drops undefined fields and refuses what JSON cannot hold. */
export function toJsonRecord(value: Record<string, unknown>): StoredRecord {
  return deepFreeze(JSON.parse(JSON.stringify(value)) as StoredRecord);
}

/** Equality for `where` filters: primitives by identity, objects and arrays by their JSON. */
export function fieldEquals(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  if (typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) {
    return JSON.stringify(actual) === JSON.stringify(expected);
  }
  return false;
}

/** Only string and number values are indexed (unique fields are slugs and emails; lookups are ids). */
export const indexable = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number';

export class CollectionState {
  readonly byId = new Map<string, Entry>();
  /** unique field → value → id */
  readonly unique = new Map<string, Map<unknown, string>>();
  /** lookup field → value → ids */
  readonly lookup = new Map<string, Map<unknown, Set<string>>>();
  revision = 0;

  constructor(readonly name: CollectionName) {
    const spec = INDEXES[name] as { unique: string[]; lookup: string[] };
    for (const field of spec.unique) this.unique.set(field, new Map());
    for (const field of spec.lookup) this.lookup.set(field, new Map());
  }

  private indexAdd(rec: StoredRecord): void {
    for (const [field, index] of this.unique) {
      const value = rec[field];
      if (indexable(value)) index.set(value, rec.id);
    }
    for (const [field, index] of this.lookup) {
      const value = rec[field];
      if (!indexable(value)) continue;
      let ids = index.get(value);
      if (!ids) index.set(value, (ids = new Set()));
      ids.add(rec.id);
    }
  }

  private indexRemove(rec: StoredRecord): void {
    for (const [field, index] of this.unique) {
      const value = rec[field];
      if (indexable(value) && index.get(value) === rec.id) index.delete(value);
    }
    for (const [field, index] of this.lookup) {
      const value = rec[field];
      const ids = indexable(value) ? index.get(value) : undefined;
      if (!ids) continue;
      ids.delete(rec.id);
      if (ids.size === 0) index.delete(value);
    }
  }

  /** Puts an entry in place (replacing keeps the map position; a new id goes last) and updates indexes. */
  setEntry(entry: Entry): void {
    const old = this.byId.get(entry.rec.id);
    if (old) this.indexRemove(old.rec);
    this.byId.set(entry.rec.id, entry);
    this.indexAdd(entry.rec);
  }

  deleteEntry(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.indexRemove(old.rec);
    this.byId.delete(id);
  }

  /** The field and value of a unique index that `rec` would collide with, if any. */
  uniqueClash(rec: StoredRecord): [string, unknown] | undefined {
    for (const [field, index] of this.unique) {
      const value = rec[field];
      if (!indexable(value)) continue;
      const owner = index.get(value);
      if (owner !== undefined && owner !== rec.id) return [field, value];
    }
    return undefined;
  }
}
