import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteLocalDb, localDb } from './local-db';
import { enqueue } from './outbox';
import { drainOutbox } from './outbox-delivery';
import type { DeliveryResult } from './outbox-entry';
import { submitInquiry } from './repositories/inquiry-repository';
import { stopSyncWorker } from './sync';
import { eventually } from './test-support/eventually';
import { diffVisitorQueue, watchVisitorQueue } from './visitor-queue';

const noAnswer = async (): Promise<DeliveryResult> => ({ status: 'network', message: 'offline' });
const created = async (): Promise<DeliveryResult> => ({ status: 201, body: { success: true } });
const refused = async (): Promise<DeliveryResult> => ({ status: 400, message: 'Invalid input', details: [] });

const inquiry = { name: 'Ana', email: 'ana@example.com', message: 'Hello', source: 'popup' as const, fillTimeMs: 5_000 };

beforeEach(async () => {
  await stopSyncWorker();
  await deleteLocalDb();
});
afterEach(async () => {
  await stopSyncWorker();
});

describe('diffVisitorQueue', () => {
  it('reports as delivered only entries seen waiting that left the queue', () => {
    const first = diffVisitorQueue(new Set(), [
      { id: 'a', state: 'pending' },
      { id: 'b', state: 'sending' },
    ]);
    expect(first).toEqual({ queued: new Set(['a']), delivered: [] });
    // b was never seen waiting (its own first send had it): its removal is a refusal, not a delivery.
    const second = diffVisitorQueue(first.queued, [{ id: 'a', state: 'sending' }]);
    expect(second).toEqual({ queued: new Set(['a']), delivered: [] });
    expect(diffVisitorQueue(second.queued, [])).toEqual({ queued: new Set(), delivered: ['a'] });
  });

  it('keeps a parked failure queued without calling it delivered', () => {
    const seen = diffVisitorQueue(new Set(), [{ id: 'a', state: 'pending' }]);
    expect(diffVisitorQueue(seen.queued, [{ id: 'a', state: 'failed' }]).delivered).toEqual([]);
  });
});

describe('a queued inquiry reaching the server', () => {
  it('calls the form back and counts down the waiting entries', async () => {
    const onDelivered = vi.fn();
    const counts: number[] = [];
    const delivered: string[][] = [];
    const stop = watchVisitorQueue(
      ({ waiting }) => counts.push(waiting),
      (ids) => delivered.push(ids),
    );
    const result = await submitInquiry({ ...inquiry, onDelivered }, { send: noAnswer });
    expect(result.status).toBe('queued');
    await stopSyncWorker(); // this test is the network: the worker's own sends would fail
    await eventually(() => expect(counts.at(-1)).toBe(1));
    expect(onDelivered).not.toHaveBeenCalled();

    // Later, when the entry is due again.
    await drainOutbox({ send: created, now: () => Date.now() + 10 * 60_000 });
    await eventually(() => expect(onDelivered).toHaveBeenCalledTimes(1));
    await eventually(() => expect(delivered).toHaveLength(1));
    expect(counts.at(-1)).toBe(0);
    stop();
  });

  it('does not store the callback with the inquiry', async () => {
    const result = await submitInquiry({ ...inquiry, onDelivered: () => undefined }, { send: noAnswer });
    await stopSyncWorker();
    const { localDb } = await import('./local-db');
    const [entry] = await localDb().outbox.where('entityId').equals(result.id).toArray();
    expect(entry).toBeDefined();
    expect(entry?.payload).not.toHaveProperty('onDelivered');
  });

  it('a sign-in refused on its first send is not announced as delivered', async () => {
    const delivered = vi.fn();
    const counts: number[] = [];
    const stop = watchVisitorQueue(({ waiting }) => counts.push(waiting), delivered);
    // Dexie may first answer from its cache of the database the previous test deleted: let that pass.
    await eventually(() => expect(counts.at(-1)).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 100));
    delivered.mockClear();
    await expect(submitInquiry(inquiry, { send: refused })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered).not.toHaveBeenCalled();
    stop();
  });

  it('counts a queued entry the server refused later as refused, not as waiting nor gone (no "all sent")', async () => {
    const seen: { waiting: number; refused: number }[] = [];
    const stop = watchVisitorQueue((queue) => seen.push(queue), undefined, ['public/kiosk/sign-ins']);
    const entry = await enqueue({
      entity: 'contacts',
      op: 'create',
      entityId: 'z',
      method: 'POST',
      path: 'public/kiosk/sign-ins',
    });
    await eventually(() => expect(seen.at(-1)).toEqual({ waiting: 1, refused: 0 }));
    await localDb().outbox.update(entry.id, { state: 'failed', lastStatus: 400 });
    await eventually(() => expect(seen.at(-1)).toEqual({ waiting: 0, refused: 1 }));
    stop();
  });

  it('counts only the endpoints asked for (the kiosk its sign-ins)', async () => {
    const counts: number[] = [];
    const stop = watchVisitorQueue(({ waiting }) => counts.push(waiting), undefined, ['public/kiosk/sign-ins']);
    await enqueue({ entity: 'contacts', op: 'create', entityId: 'x', method: 'POST', path: 'public/contacts' });
    await enqueue({ entity: 'contacts', op: 'create', entityId: 'y', method: 'POST', path: 'public/kiosk/sign-ins' });
    await eventually(() => expect(counts.at(-1)).toBe(1));
    stop();
  });
});
