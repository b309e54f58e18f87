import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteLocalDb, localDb, META_KEYS, writeMeta } from '../../local-db';
import type { OutboxEntry } from '../../outbox';
import { outboxEntriesStore, outboxSummaryStore } from './outbox-live';

const entry = (id: string, state: OutboxEntry['state'], createdAt: number): OutboxEntry => ({
  id,
  entity: 'listings',
  op: 'update',
  entityId: `listing-${id}`,
  method: 'PUT',
  path: `listings/listing-${id}`,
  payload: { price: 1 },
  createdAt,
  attempts: 0,
  nextAttemptAt: createdAt,
  state,
});

const stops: (() => void)[] = [];

beforeEach(async () => {
  await deleteLocalDb();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('outbox live stores (Dexie liveQuery through useSyncExternalStore)', () => {
  it('follow every change of the outbox and the last sync, and tell the subscribers', async () => {
    const onChange = vi.fn();
    stops.push(outboxSummaryStore.subscribe(onChange), outboxEntriesStore.subscribe(() => undefined));
    await vi.waitFor(() => expect(outboxEntriesStore.getSnapshot()).toEqual([]));
    expect(outboxSummaryStore.getSnapshot()).toEqual({ pending: 0, conflicts: 0, failed: 0, lastSyncAt: null });

    await localDb().outbox.bulkPut([entry('b', 'conflict', 20), entry('a', 'pending', 10), entry('c', 'failed', 30)]);
    await writeMeta(META_KEYS.lastSyncAt, 1234);
    await vi.waitFor(() =>
      expect(outboxSummaryStore.getSnapshot()).toEqual({ pending: 1, conflicts: 1, failed: 1, lastSyncAt: 1234 }),
    );
    await vi.waitFor(() => expect(outboxEntriesStore.getSnapshot()?.map((e) => e.id)).toEqual(['a', 'b', 'c']));
    expect(onChange).toHaveBeenCalled();

    // A snapshot is the same object until something changes (what useSyncExternalStore needs).
    const before = outboxSummaryStore.getSnapshot();
    expect(outboxSummaryStore.getSnapshot()).toBe(before);
    await localDb().outbox.delete('a');
    await vi.waitFor(() => expect(outboxSummaryStore.getSnapshot().pending).toBe(0));
    expect(outboxSummaryStore.getSnapshot()).not.toBe(before);
  });

  it('stop reading once the last subscriber leaves', async () => {
    const onChange = vi.fn();
    const stop = outboxSummaryStore.subscribe(onChange);
    await vi.waitFor(() => expect(outboxSummaryStore.getSnapshot().pending).toBe(0));
    stop();
    onChange.mockClear();
    await localDb().outbox.put(entry('z', 'pending', 5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onChange).not.toHaveBeenCalled();
  });
});
