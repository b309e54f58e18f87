/**
 * The in-memory state every adapter shares: records per collection (collection-state.ts keeps each one's maps
 * and indexes), revision counters and the transaction machinery. The memory adapter is this engine alone; the
 * file adapter adds a journal and snapshots (file-storage.ts), the PostgreSQL adapter a database behind it.
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
  CollectionState,
  deepFreeze,
  fieldEquals,
  indexable,
  isThenable,
  toJsonRecord,
  type Change,
  type Committed,
  type Entry,
  type StoredRecord,
  type UndoStep,
} from './collection-state';
import {
  COLLECTION_NAMES,
  NotFoundError,
  UniqueViolationError,
  VersionConflictError,
  type CollectionName,
  type Transaction,
  type WriteOptions,
} from './storage';

// The engine's record types and helpers live beside it; importers of engine.ts keep finding them here.
export { deepFreeze, type Change, type Committed, type StoredRecord, type UndoStep } from './collection-state';
export { deleteExpiredRecords, isExpired, startSweeper } from './expiry';
export { engineReads } from './engine-reads';

/** Thrown by `Engine.load` when a record from disk cannot be placed (duplicate id or unique value). */
export class LoadConflictError extends Error {}

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

  /**
   * Applies a change read from disk (snapshot record or journal line) without transaction checks. Throws
   * LoadConflictError when a unique value is already taken by another record: the files disagree with
   * themselves and the caller reports corruption.
   */
  load(change: Change): void {
    const state = this.state(change.c);
    if (change.op === 'del') {
      state.deleteEntry(change.id);
      return;
    }
    const rec = deepFreeze(change.r);
    const clash = state.uniqueClash(rec);
    if (clash) throw new LoadConflictError(`${change.c}.${clash[0]} ${JSON.stringify(clash[1])} is used twice`);
    const old = state.byId.get(rec.id);
    state.setEntry({ rec, ord: old ? old.ord : this.nextOrd++ });
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
        state.setEntry({ rec: next, ord: prev ? prev.ord : this.nextOrd++ });
        changes.push({ op: 'put', c: collection, r: next });
      } else {
        state.deleteEntry(id);
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
        const clash = state.uniqueClash(rec);
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
        const clash = state.uniqueClash(rec);
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
        state.setEntry(step.prev);
      } else {
        state.deleteEntry(step.id);
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
