import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteLocalDb, META_KEYS, readMeta } from './local-db';
import { enqueue, listOutbox, type OutboxDraft } from './outbox';

/** A visitor's inquiry as the contact form queues it. */
const inquiry = (id: string): OutboxDraft => ({
  id,
  entity: 'contacts',
  op: 'create',
  entityId: id,
  method: 'POST',
  path: 'public/contacts',
  payload: { name: 'Dana Visitor', email: 'dana@example.com', message: 'A yard, please.' },
});

interface TransactionCall {
  stores: string[];
  mode: IDBTransactionMode | undefined;
  durability: IDBTransactionDurability | undefined;
}

/** Records every IndexedDB transaction opened, in order, with its stores, mode and durability. */
function recordTransactions(failStrict = false): TransactionCall[] {
  const calls: TransactionCall[] = [];
  const original = IDBDatabase.prototype.transaction;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
    this: IDBDatabase,
    stores: string | Iterable<string>,
    mode?: IDBTransactionMode,
    options?: IDBTransactionOptions,
  ) {
    const call = { stores: typeof stores === 'string' ? [stores] : [...stores], mode, durability: options?.durability };
    calls.push(call);
    if (failStrict && call.durability === 'strict') throw new DOMException('disk full', 'QuotaExceededError');
    return original.call(this, stores, mode, options);
  });
  return calls;
}

beforeEach(() => deleteLocalDb());
afterEach(() => {
  vi.restoreAllMocks();
  return deleteLocalDb();
});

describe('a queued write survives a power cut', () => {
  it('enqueue resolves only after a strict transaction, opened after the entry was written, has committed', async () => {
    const calls = recordTransactions();
    await enqueue(inquiry('lead-1'));
    const wroteEntry = calls.findLastIndex((call) => call.stores.includes('outbox') && call.mode === 'readwrite');
    const flushed = calls.findIndex((call) => call.durability === 'strict');
    expect(wroteEntry).toBeGreaterThanOrEqual(0);
    expect(flushed).toBeGreaterThan(wroteEntry);
    expect(calls[flushed]).toMatchObject({ stores: ['meta'], mode: 'readwrite' });
    // Its row is there once enqueue has resolved: the flush committed before the write was acknowledged.
    expect(await readMeta<number>(META_KEYS.durableFlush)).toEqual(expect.any(Number));
    // Only the flush asks for it: the offline copies' writes keep the browser's cheaper default.
    expect(calls.filter((call) => call.durability === 'strict')).toHaveLength(1);
  });

  it('a flush that fails does not fail the write: the entry stays queued, once, and the failure is logged', async () => {
    recordTransactions(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const carrier = await enqueue(inquiry('lead-2'));
    expect(carrier.id).toBe('lead-2');
    expect((await listOutbox()).map((entry) => entry.id)).toEqual(['lead-2']);
    expect(warn).toHaveBeenCalledWith('Could not flush the outbox to disk', expect.any(DOMException));
  });
});
