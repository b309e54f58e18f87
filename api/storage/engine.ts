/**
 * The in-memory state both adapters share: records per collection, their indexes, revision counters and the
 * transaction machinery. The memory adapter is this engine alone; the file adapter adds a journal and snapshots
 * (file-storage.ts) around it.
 *
 * How a transaction runs
 * - A body runs synchronously, alone, directly against the live maps, and every write records an undo step
 *   (the entry as it was before). If the body throws, the steps are undone in reverse order and nothing is left.
 *   This is observably the same as a copy-on-write staging view (no other code can run while a synchronous body
 *   runs, so nobody sees its half-done state), but it has one rollback mechanism for two needs: a body that
 *   throws, and a batch the file adapter could not make durable (it undoes the failed transactions with the very
 *   same steps, so memory never shows a write that was not stored).
 * - Each write also records a journal change (`put` with the full new record, or `del`), which is what the file
 *   adapter appends to its journal.
 *
 * Records
 * - Stored records are plain JSON (writes go through a JSON round trip, which also copies them, so the caller's
 *   object stays theirs) and are deep-frozen. Reads hand out the frozen objects themselves: no copy per read, and
 *   a caller that tries to mutate one gets a TypeError (ES modules are strict) instead of corrupting storage.
 * - Insertion order is kept by a per-record ordinal. The id map is iterated for list() and is kept in ordinal
 *   order; the only operation that can break that order is undoing a delete (Map.set appends), after which the
 *   collection's map is rebuilt in ordinal order (rare: rollbacks only).
 */
import { randomUUID } from 'node:crypto';
import {
  COLLECTION_NAMES,
  EXPIRING_COLLECTIONS,
  INDEXES,
  NotFoundError,
  UniqueViolationError,
  VersionConflictError,
  type CollectionName,
  type ExpiringCollection,
  type Transaction,
  type WriteOptions,
} from './storage';

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

interface Entry {
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

class CollectionState {
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
}

const EXPIRING = new Set<string>(EXPIRING_COLLECTIONS);

/** Whether a record of `collection` has expired at `nowMs` (records without a valid expiresAt never expire). */
export function isExpired(collection: CollectionName, record: object, nowMs: number): boolean {
  if (!EXPIRING.has(collection)) return false;
  const { expiresAt } = record as { expiresAt?: unknown };
  return typeof expiresAt === 'string' && Date.parse(expiresAt) <= nowMs;
}

/** Records deleted per transaction by a sweep: bounds one journal line and one event-loop turn. */
const SWEEP_CHUNK = 500;

/**
 * deleteExpired for both adapters: finds the expired ids, then deletes them in transactions of SWEEP_CHUNK,
 * checking each record again inside the transaction (a write may have replaced it with a fresh one meanwhile).
 */
export async function deleteExpiredRecords(
  engine: Engine,
  transact: <R>(body: (tx: Transaction) => R) => Promise<R>,
  collection: ExpiringCollection,
  now: Date,
): Promise<number> {
  const nowMs = now.getTime();
  const ids = engine
    .list(collection)
    .filter((record) => isExpired(collection, record, nowMs))
    .map((record) => record.id);
  let removed = 0;
  for (let start = 0; start < ids.length; start += SWEEP_CHUNK) {
    const chunk = ids.slice(start, start + SWEEP_CHUNK);
    removed += await transact((tx) => {
      let count = 0;
      for (const id of chunk) {
        const current = tx.get(collection, id);
        if (current && isExpired(collection, current, nowMs)) {
          tx.remove(collection, id);
          count++;
        }
      }
      return count;
    });
  }
  return removed;
}

/**
 * Runs `sweep` every `everyMs` (0: never) until the returned stop is called. Unref'd, so it never keeps a process
 * alive; a sweep that fails (disk full) is simply tried again next time.
 */
export function startSweeper(sweep: () => Promise<unknown>, everyMs: number): () => void {
  if (!(everyMs > 0)) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Thrown by `Engine.load` when a record from disk cannot be placed (duplicate id or unique value). */
export class LoadConflictError extends Error {}

const isThenable = (value: unknown): boolean =>
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
function toJsonRecord(value: Record<string, unknown>): StoredRecord {
  return deepFreeze(JSON.parse(JSON.stringify(value)) as StoredRecord);
}

/** Equality for `where` filters: primitives by identity, objects and arrays by their JSON. */
function fieldEquals(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  if (typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) {
    return JSON.stringify(actual) === JSON.stringify(expected);
  }
  return false;
}

/** Only string and number values are indexed (unique fields are slugs and emails; lookups are ids). */
const indexable = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number';

export class Engine {
  private readonly collections = new Map<CollectionName, CollectionState>();
  private nextOrd = 1;
  /** True while a body runs: a nested `transact` must wait until it has finished. */
  private running = false;

  constructor() {
    for (const name of COLLECTION_NAMES) this.collections.set(name, new CollectionState(name));
  }

  get busy(): boolean {
    return this.running;
  }

  private state(collection: CollectionName): CollectionState {
    const state = this.collections.get(collection);
    if (!state) throw new TypeError(`Unknown collection ${String(collection)}`);
    return state;
  }

  // ---- reads -------------------------------------------------------------------------------------------------

  get(collection: CollectionName, id: string): StoredRecord | undefined {
    return this.state(collection).byId.get(id)?.rec;
  }

  findOne(collection: CollectionName, field: string, value: unknown): StoredRecord | undefined {
    const state = this.state(collection);
    if (field === 'id') return typeof value === 'string' ? this.get(collection, value) : undefined;
    const uniqueIndex = state.unique.get(field);
    if (uniqueIndex) {
      const id = indexable(value) ? uniqueIndex.get(value) : undefined;
      return id === undefined ? undefined : state.byId.get(id)?.rec;
    }
    if (state.lookup.has(field)) return this.list(collection, { [field]: value })[0];
    for (const { rec } of state.byId.values()) if (fieldEquals(rec[field], value)) return rec;
    return undefined;
  }

  /**
   * Records in insertion order, filtered by equality on every field of `where` (fields whose value is undefined
   * are ignored, so callers can pass optional filters as they are). An indexed field narrows the candidates
   * first; only the remaining fields are compared.
   */
  list(collection: CollectionName, where?: Record<string, unknown>): StoredRecord[] {
    const state = this.state(collection);
    const filters = Object.entries(where ?? {}).filter(([, value]) => value !== undefined);
    if (filters.length === 0) return Array.from(state.byId.values(), (entry) => entry.rec);

    let candidates: Iterable<Entry> = state.byId.values();
    let remaining = filters;
    const indexed = filters.find(([field]) => field === 'id' || state.unique.has(field) || state.lookup.has(field));
    if (indexed) {
      const [field, value] = indexed;
      remaining = filters.filter((filter) => filter !== indexed);
      if (field === 'id' || state.unique.has(field)) {
        const id = field === 'id' ? value : indexable(value) ? state.unique.get(field)!.get(value) : undefined;
        const entry = typeof id === 'string' ? state.byId.get(id) : undefined;
        candidates = entry ? [entry] : [];
      } else {
        const ids = indexable(value) ? state.lookup.get(field)!.get(value) : undefined;
        // A set's own order is the order ids joined it (an update can move a record between sets), so sort
        // the few candidates by insertion ordinal rather than trusting it.
        candidates = ids ? Array.from(ids, (id) => state.byId.get(id)!).sort((a, b) => a.ord - b.ord) : [];
      }
    }
    const result: StoredRecord[] = [];
    for (const entry of candidates) {
      if (remaining.every(([field, value]) => fieldEquals(entry.rec[field], value))) result.push(entry.rec);
    }
    return result;
  }

  count(collection: CollectionName): number {
    return this.state(collection).byId.size;
  }

  revision(collection: CollectionName): number {
    return this.state(collection).revision;
  }

  /** Every collection's records in insertion order: the content of a snapshot. */
  dump(): Record<CollectionName, StoredRecord[]> {
    const out = {} as Record<CollectionName, StoredRecord[]>;
    for (const [name, state] of this.collections) out[name] = Array.from(state.byId.values(), (entry) => entry.rec);
    return out;
  }

  // ---- low-level writes (index maintenance) ------------------------------------------------------------------

  private indexAdd(state: CollectionState, rec: StoredRecord): void {
    for (const [field, index] of state.unique) {
      const value = rec[field];
      if (indexable(value)) index.set(value, rec.id);
    }
    for (const [field, index] of state.lookup) {
      const value = rec[field];
      if (!indexable(value)) continue;
      let ids = index.get(value);
      if (!ids) index.set(value, (ids = new Set()));
      ids.add(rec.id);
    }
  }

  private indexRemove(state: CollectionState, rec: StoredRecord): void {
    for (const [field, index] of state.unique) {
      const value = rec[field];
      if (indexable(value) && index.get(value) === rec.id) index.delete(value);
    }
    for (const [field, index] of state.lookup) {
      const value = rec[field];
      const ids = indexable(value) ? index.get(value) : undefined;
      if (!ids) continue;
      ids.delete(rec.id);
      if (ids.size === 0) index.delete(value);
    }
  }

  /** Puts an entry in place (replacing keeps the map position; a new id goes last) and updates indexes. */
  private setEntry(state: CollectionState, entry: Entry): void {
    const old = state.byId.get(entry.rec.id);
    if (old) this.indexRemove(state, old.rec);
    state.byId.set(entry.rec.id, entry);
    this.indexAdd(state, entry.rec);
  }

  private deleteEntry(state: CollectionState, id: string): void {
    const old = state.byId.get(id);
    if (!old) return;
    this.indexRemove(state, old.rec);
    state.byId.delete(id);
  }

  /** The field and value of a unique index that `rec` would collide with, if any. */
  private uniqueClash(state: CollectionState, rec: StoredRecord): [string, unknown] | undefined {
    for (const [field, index] of state.unique) {
      const value = rec[field];
      if (!indexable(value)) continue;
      const owner = index.get(value);
      if (owner !== undefined && owner !== rec.id) return [field, value];
    }
    return undefined;
  }

  /**
   * Applies a change read from disk (snapshot record or journal line) without transaction checks. Throws
   * LoadConflictError when a unique value is already taken by another record: the files disagree with
   * themselves and the caller reports corruption.
   */
  load(change: Change): void {
    const state = this.state(change.c);
    if (change.op === 'del') {
      this.deleteEntry(state, change.id);
      return;
    }
    const rec = deepFreeze(change.r);
    const clash = this.uniqueClash(state, rec);
    if (clash) throw new LoadConflictError(`${change.c}.${clash[0]} ${JSON.stringify(clash[1])} is used twice`);
    const old = state.byId.get(rec.id);
    this.setEntry(state, { rec, ord: old ? old.ord : this.nextOrd++ });
  }

  // ---- transactions ------------------------------------------------------------------------------------------

  /**
   * Runs `body` against the live state. On success returns its result with the changes to persist and the
   * steps to undo them; the revision of every touched collection has been bumped. On a throw, everything the
   * body did is undone and the error propagates.
   */
  execute<R>(body: (tx: Transaction) => R): Committed<R> {
    if (this.running) throw new Error('A transaction is already running');
    const changes: Change[] = [];
    const undo: UndoStep[] = [];
    const touched = new Set<CollectionName>();
    let open = true;

    const check = () => {
      if (!open) throw new Error('This transaction has finished; use the one passed to the current transact body');
    };
    const write = (collection: CollectionName, state: CollectionState, id: string, next: StoredRecord | null) => {
      const prev = state.byId.get(id);
      undo.push({ c: collection, id, prev });
      if (next) {
        this.setEntry(state, { rec: next, ord: prev ? prev.ord : this.nextOrd++ });
        changes.push({ op: 'put', c: collection, r: next });
      } else {
        this.deleteEntry(state, id);
        changes.push({ op: 'del', c: collection, id });
      }
      touched.add(collection);
    };
    const existing = (collection: CollectionName, id: string, options?: WriteOptions): StoredRecord => {
      const current = this.state(collection).byId.get(id)?.rec;
      if (!current) throw new NotFoundError(collection, id);
      if (options?.expectedVersion !== undefined && options.expectedVersion !== current.version) {
        throw new VersionConflictError(collection, current, options.expectedVersion);
      }
      return current;
    };

    const tx = {
      get: (collection: CollectionName, id: string) => (check(), this.get(collection, id)),
      findOne: (collection: CollectionName, field: string, value: unknown) => (
        check(),
        this.findOne(collection, field, value)
      ),
      list: (collection: CollectionName, where?: Record<string, unknown>) => (check(), this.list(collection, where)),
      insert: (collection: CollectionName, input: Record<string, unknown>) => {
        check();
        const state = this.state(collection);
        const id = input.id ?? randomUUID();
        if (typeof id !== 'string' || id === '') throw new TypeError(`${collection}: id must be a non-empty string`);
        if (state.byId.has(id)) throw new UniqueViolationError(collection, 'id', id);
        const now = new Date().toISOString();
        const rec = toJsonRecord({ ...input, id, createdAt: now, updatedAt: now, version: 1 });
        const clash = this.uniqueClash(state, rec);
        if (clash) throw new UniqueViolationError(collection, clash[0], clash[1]);
        write(collection, state, id, rec);
        return rec;
      },
      update: (collection: CollectionName, id: string, changes: Record<string, unknown>, options?: WriteOptions) => {
        check();
        const state = this.state(collection);
        const current = existing(collection, id, options);
        // The storage owns id, createdAt, updatedAt and version: whatever `changes` says about them is ignored.
        const rec = toJsonRecord({
          ...current,
          ...changes,
          id,
          createdAt: current.createdAt,
          updatedAt: new Date().toISOString(),
          version: current.version + 1,
        });
        const clash = this.uniqueClash(state, rec);
        if (clash) throw new UniqueViolationError(collection, clash[0], clash[1]);
        write(collection, state, id, rec);
        return rec;
      },
      remove: (collection: CollectionName, id: string, options?: WriteOptions) => {
        check();
        const current = existing(collection, id, options);
        write(collection, this.state(collection), id, null);
        return current;
      },
    } as unknown as Transaction;

    this.running = true;
    try {
      const result = body(tx);
      if (isThenable(result)) {
        throw new TypeError('Transaction bodies must be synchronous (do the async work before or after transact)');
      }
      for (const collection of touched) this.state(collection).revision++;
      return { result, changes, undo, touched };
    } catch (error) {
      this.revert(undo);
      throw error;
    } finally {
      open = false;
      this.running = false;
    }
  }

  /** Undoes steps in reverse order, restoring exact entries (and insertion order) as they were. */
  private revert(steps: UndoStep[]): void {
    const reorder = new Set<CollectionState>();
    for (let i = steps.length - 1; i >= 0; i--) {
      const step = steps[i]!;
      const state = this.state(step.c);
      if (step.prev) {
        // Restoring a deleted record appends it to the map, out of ordinal order: rebuild that map afterwards.
        if (!state.byId.has(step.id)) reorder.add(state);
        this.setEntry(state, step.prev);
      } else {
        this.deleteEntry(state, step.id);
      }
    }
    for (const state of reorder) {
      const entries = Array.from(state.byId.values()).sort((a, b) => a.ord - b.ord);
      state.byId.clear();
      for (const entry of entries) state.byId.set(entry.rec.id, entry);
    }
  }

  /**
   * Rolls back committed-in-memory transactions that could not be made durable, newest first. Touched
   * collections get a new revision so nothing cached from the rolled-back state is served again.
   */
  rollback(transactions: { undo: UndoStep[]; touched: Set<CollectionName> }[]): void {
    for (let i = transactions.length - 1; i >= 0; i--) {
      const { undo, touched } = transactions[i]!;
      this.revert(undo);
      for (const collection of touched) this.state(collection).revision++;
    }
  }
}

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
