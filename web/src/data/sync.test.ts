import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@domain/schemas/admin-user';
import { deleteLocalDb, localDb, META_KEYS, readMeta } from './local-db';
import { enqueue, listOutbox, resolveConflict, retryOutboxEntry, type OutboxDraft } from './outbox';
import type { DeliveryResult, OutboxEntry } from './outbox-entry';
import { SEND_LEASE_MS } from './outbox-policy';
import { clearSession, setSession } from './session';
import { drainOutbox, type SendEntry } from './outbox-delivery';
import { drainAfterReconnect, requestDrain, startSyncWorker, stopSyncWorker } from './sync';
import { REACHABILITY_EVENT } from '@/utils/page-events';
import { subscribeSyncStatus, type SyncStatus } from './sync-status';

const admin: AdminUser = {
  id: 'admin-1',
  email: 'staff@example.com',
  role: 'ADMIN',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

let clock = 1_700_000_000_000;
const now = () => clock;
const random = () => 0.5;

/** A send that records what it was given and answers from a script (default: 200 with the payload). */
function scriptedSend(answer: (entry: OutboxEntry, call: number) => DeliveryResult | Promise<DeliveryResult>) {
  const calls: OutboxEntry[] = [];
  const send: SendEntry = async (entry) => {
    calls.push(entry);
    return answer(entry, calls.length);
  };
  return { send, calls };
}

const ok = (entry: OutboxEntry): DeliveryResult => ({ status: 200, body: entry.payload });

const communityUpdate = (entityId: string, payload: Record<string, unknown>, baseVersion?: number): OutboxDraft => ({
  entity: 'communities',
  op: 'update',
  entityId,
  method: 'PUT',
  path: `communities/${entityId}`,
  payload,
  ...(baseVersion !== undefined ? { baseVersion } : {}),
});

const inquiryDraft = (entityId: string): OutboxDraft => ({
  entity: 'contacts',
  op: 'create',
  entityId,
  method: 'POST',
  path: 'public/contacts',
  payload: { id: entityId, name: 'Ana', email: 'ana@example.com', message: 'Hi' },
});

/** Writes entries as they are, bypassing coalescing, to set up a queue in a given state. */
async function putEntries(...entries: Partial<OutboxEntry>[]): Promise<OutboxEntry[]> {
  const full = entries.map(
    (partial, index): OutboxEntry => ({
      id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      entity: 'communities',
      op: 'update',
      entityId: 'c1',
      method: 'PUT',
      path: 'communities/c1',
      payload: { step: index + 1 },
      createdAt: clock - 1000 + index,
      attempts: 0,
      nextAttemptAt: clock,
      state: 'pending',
      ...partial,
    }),
  );
  await localDb().outbox.bulkPut(full);
  return full;
}

beforeEach(async () => {
  await stopSyncWorker();
  await deleteLocalDb();
  clearSession();
  setSession('token-1', admin);
  clock = 1_700_000_000_000;
});

afterEach(async () => {
  await stopSyncWorker();
});

describe('drainOutbox', () => {
  it('sends in order, one record’s edits one after the other, and empties the queue', async () => {
    await putEntries(
      { entityId: 'a', path: 'communities/a' },
      { entityId: 'b', path: 'communities/b' },
      { entityId: 'a', path: 'communities/a' },
      { entityId: 'a', path: 'communities/a' },
    );
    const { send, calls } = scriptedSend(ok);
    const report = await drainOutbox({ send, now, random });
    expect(calls.map((call) => [call.entityId, (call.payload as { step: number }).step])).toEqual([
      ['a', 1],
      ['b', 2],
      ['a', 3],
      ['a', 4],
    ]);
    expect(report).toMatchObject({ sent: 4, retried: 0, stoppedByNetwork: false });
    expect(await listOutbox()).toEqual([]);
  });

  it('after no answer, stops, keeps the entry and retries it only when its backoff is over', async () => {
    const [first, second] = await putEntries({}, { entityId: 'b', path: 'communities/b' });
    const { send, calls } = scriptedSend((entry, call) => (call === 1 ? { status: 'network' } : ok(entry)));

    const report = await drainOutbox({ send, now, random });
    expect(report).toMatchObject({ sent: 0, retried: 1, stoppedByNetwork: true });
    expect(calls.map((call) => call.id)).toEqual([first!.id]);
    const [waiting] = await listOutbox();
    expect(waiting).toMatchObject({ id: first!.id, state: 'pending', attempts: 1, nextAttemptAt: clock + 500 });

    // Not due yet: nothing goes, not even the later admin write (it may depend on the first).
    clock += 499;
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 0 });
    expect(calls).toHaveLength(1);

    clock += 1;
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 2 });
    expect(calls.map((call) => call.id)).toEqual([first!.id, first!.id, second!.id]);
  });

  it('retries 5xx, 408 and 429 with growing delays and honours Retry-After', async () => {
    await putEntries({});
    const answers: DeliveryResult[] = [
      { status: 503 },
      { status: 408 },
      { status: 429, retryAfterMs: 20_000 },
      { status: 200 },
    ];
    const { send, calls } = scriptedSend((_entry, call) => answers[call - 1]!);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await drainOutbox({ send, now, random });
      const [entry] = await listOutbox();
      if (!entry) break;
      waits.push(entry.nextAttemptAt - clock);
      clock = entry.nextAttemptAt;
    }
    expect(waits).toEqual([500, 1000, 20_000]);
    expect(calls).toHaveLength(4);
    expect(await listOutbox()).toEqual([]);
  });

  it('parks a 412 as a conflict with the server’s record; later edits of it wait, other records go', async () => {
    const current = { id: 'a', version: 9, name: 'Theirs' };
    const [conflicting, laterEdit, other] = await putEntries(
      { entityId: 'a', path: 'communities/a', baseVersion: 3 },
      { entityId: 'a', path: 'communities/a', baseVersion: 3 },
      { entityId: 'b', path: 'communities/b' },
    );
    const { send, calls } = scriptedSend((entry) =>
      entry.entityId === 'a' ? { status: 412, message: 'Changed by someone else', current } : ok(entry),
    );
    const report = await drainOutbox({ send, now, random });
    expect(report).toMatchObject({ conflicts: 1, sent: 1 });
    expect(calls.map((call) => call.id)).toEqual([conflicting!.id, other!.id]);
    const queue = await listOutbox();
    expect(queue.map((entry) => [entry.id, entry.state])).toEqual([
      [conflicting!.id, 'conflict'],
      [laterEdit!.id, 'pending'],
    ]);
    expect(queue[0]).toMatchObject({ conflict: { current }, lastError: 'Changed by someone else' });
  });

  it('parks a 400 as failed with the server’s message and details', async () => {
    await putEntries({});
    const details = [{ path: 'name', message: 'Community Name is required' }];
    const { send } = scriptedSend(() => ({ status: 400, message: 'Invalid input', details }));
    expect(await drainOutbox({ send, now, random })).toMatchObject({ failed: 1 });
    const [entry] = await listOutbox();
    expect(entry).toMatchObject({ state: 'failed', lastError: 'Invalid input', details });

    // After the admin's fix, a retry puts it back in the queue.
    await retryOutboxEntry(entry!.id, clock);
    const { send: okSend } = scriptedSend(ok);
    expect(await drainOutbox({ send: okSend, now, random })).toMatchObject({ sent: 1 });
  });

  it('on 401 pauses admin writes and keeps every entry; inquiries still go; the next login resumes', async () => {
    const [adminEdit] = await putEntries({}, { entityId: 'c2', path: 'communities/c2' });
    await enqueue(inquiryDraft('lead-1'), { now: clock });
    let loggedOut = false;
    const { send, calls } = scriptedSend((entry) => {
      if (entry.path.startsWith('public/')) return ok(entry);
      if (!loggedOut) {
        loggedOut = true;
        clearSession(); // what the HTTP client does on a 401
      }
      return { status: 401, message: 'Authentication expired. Please login again.' };
    });
    startSyncWorker({ send, now, random });
    await requestDrain();

    expect(calls.map((call) => call.path)).toEqual(['communities/c1', 'public/contacts']);
    const queue = await listOutbox();
    expect(queue).toHaveLength(2);
    expect(queue[0]).toMatchObject({ id: adminEdit!.id, state: 'pending', attempts: 0 });

    // Logging out again deletes nothing; a drain without a login sends nothing.
    clearSession();
    await requestDrain();
    expect(calls).toHaveLength(2);
    expect(await listOutbox()).toHaveLength(2);

    // The next login drains what waited, the first entry with its original Idempotency-Key.
    loggedOut = true;
    const okCalls: string[] = [];
    const resumed: SendEntry = async (entry) => {
      okCalls.push(entry.id);
      return ok(entry);
    };
    await stopSyncWorker();
    startSyncWorker({ send: resumed, now, random });
    await requestDrain();
    expect(okCalls).toEqual([]); // still logged out
    setSession('token-2', admin);
    await requestDrain();
    expect(okCalls[0]).toBe(adminEdit!.id);
    expect(await listOutbox()).toEqual([]);
  });

  it("an admin's change queued offline waits for that admin: the next admin to sign in on the device does not send it", async () => {
    const superAdmin: AdminUser = { ...admin, id: 'admin-2', email: 'owner@example.com', role: 'SUPER_ADMIN' };
    setSession('token-a', admin);
    await enqueue(communityUpdate('c1', { name: 'Edited offline by staff' }, 3), { now: clock });
    await enqueue(inquiryDraft('lead-1'), { now: clock });
    expect((await listOutbox()).find((entry) => entry.entityId === 'c1')?.queuedBy).toEqual({
      id: admin.id,
      email: admin.email,
    });
    clearSession();

    // Another admin signs in on the same device: the visitor's lead goes, staff's edit does not; nor does the
    // super admin's own later edit of the same record fold into it.
    setSession('token-b', superAdmin);
    await enqueue(communityUpdate('c1', { location: 'Katy, TX' }, 3), { now: clock + 1 });
    const { send, calls } = scriptedSend(ok);
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 1 });
    expect(calls.map((call) => call.path)).toEqual(['public/contacts']);
    expect((await listOutbox()).map((entry) => entry.queuedBy?.email)).toEqual([admin.email, superAdmin.email]);

    // Staff signs in again: their edit goes, and then (the record's next entry) the super admin's waits for them.
    clearSession();
    setSession('token-a2', admin);
    await drainOutbox({ send, now, random });
    expect(calls.slice(1).map((call) => call.payload)).toEqual([{ name: 'Edited offline by staff' }]);
    expect((await listOutbox()).map((entry) => entry.queuedBy?.email)).toEqual([superAdmin.email]);
  });

  it('a drain the network cut short asks for Background Sync once per page, and only for visitors\' messages', async () => {
    const register = vi.fn(async (_tag: string) => undefined);
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({ sync: { register } }) } });
    try {
      const { send } = scriptedSend(() => ({ status: 'network', message: 'The server could not be reached' }));
      startSyncWorker({ send, now, random });
      // An admin's change alone: the worker could not send it (no login there), so nothing is asked.
      await enqueue(communityUpdate('c1', { name: 'Offline edit' }, 1), { now: clock });
      await requestDrain();
      expect(register).not.toHaveBeenCalled();
      // A visitor's message waits too: asked once, however many drains the network cuts short.
      await enqueue(inquiryDraft('lead-1'), { now: clock });
      for (let drain = 0; drain < 3; drain += 1) {
        clock += 120_000;
        await requestDrain();
      }
      await vi.waitFor(() => expect(register).toHaveBeenCalledWith('visitor-messages'));
      expect(register).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('delivers exactly once: an answer lost after the server wrote is retried with the same key and replayed', async () => {
    // A server that keeps the first answer per Idempotency-Key, as the API does.
    const stored = new Map<string, DeliveryResult>();
    const leads: string[] = [];
    let loseNextAnswer = true;
    const send: SendEntry = async (entry) => {
      const previous = stored.get(entry.id);
      const answer = previous ?? { status: 201, body: { success: true, id: entry.entityId } };
      if (!previous) {
        leads.push(entry.entityId);
        stored.set(entry.id, answer);
      }
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new TypeError('fetch failed'); // the connection died on the way back
      }
      return answer;
    };
    const entry = await enqueue(inquiryDraft('lead-1'), { now: clock });
    expect(await drainOutbox({ send, now, random })).toMatchObject({ stoppedByNetwork: true });
    expect((await listOutbox())[0]).toMatchObject({ id: entry.id, attempts: 1 });

    clock += 60_000;
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 1 });
    expect(leads).toEqual(['lead-1']);
    expect([...stored.keys()]).toEqual([entry.id]);
    expect(await listOutbox()).toEqual([]);
  });

  it('two drains at once without Web Locks (two tabs): a record’s later edit waits while the other drain sends the earlier one', async () => {
    expect(globalThis.navigator?.locks).toBeUndefined(); // the browsers without Web Locks this covers
    const [first, second] = await putEntries({}, {});
    let releaseFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (releaseFirst = resolve));
    const sent: string[] = [];
    const send: SendEntry = async (entry) => {
      sent.push(entry.id);
      if (entry.id === first!.id) await firstAnswered;
      return ok(entry);
    };
    // Both read the queue before either claims: the second finds the first entry claimed by the other drain.
    const drains = [drainOutbox({ send, now, random }), drainOutbox({ send, now, random })];
    await vi.waitFor(() => expect(sent).toContain(first!.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([first!.id]);
    releaseFirst();
    await Promise.all(drains);
    await drainOutbox({ send, now, random });
    expect(sent).toEqual([first!.id, second!.id]);
    expect(await listOutbox()).toEqual([]);
  });

  it('resends an entry left "sending" by a closed tab, with the same key, once its lease is over', async () => {
    const [stuck] = await putEntries({ state: 'sending', nextAttemptAt: clock + SEND_LEASE_MS });
    const { send, calls } = scriptedSend(ok);
    await drainOutbox({ send, now, random });
    expect(calls).toHaveLength(0);
    clock += SEND_LEASE_MS;
    await drainOutbox({ send, now, random });
    expect(calls.map((call) => call.id)).toEqual([stuck!.id]);
  });

  it('rebases later edits of a record on the version its delivered edit got, and updates the local copy', async () => {
    const db = localDb();
    await db.communities.put({ id: 'c1', version: 3, name: 'Local' } as never);
    await putEntries({ baseVersion: 3, attempts: 1 }, { baseVersion: 3, payload: { step: 2 } });
    const { send, calls } = scriptedSend((entry) => ({
      status: 200,
      body: { id: 'c1', version: (entry.baseVersion ?? 0) + 1, name: `v${(entry.baseVersion ?? 0) + 1}` },
    }));
    await drainOutbox({ send, now, random });
    expect(calls.map((call) => call.baseVersion)).toEqual([3, 4]);
    expect(await db.communities.get('c1')).toMatchObject({ version: 5, name: 'v5' });
  });

  it('sends 100 queued edits in order', async () => {
    for (let i = 0; i < 100; i += 1) {
      await enqueue(communityUpdate(`c${i % 10}`, { step: i }), { now: clock });
      // Mark as attempted so they do not fold into one another.
      const newest = (await listOutbox()).at(-1)!;
      await localDb().outbox.update(newest.id, { attempts: 1 });
    }
    const { send, calls } = scriptedSend(ok);
    // How fast is bench:sync's business (npm run bench:sync), not a test's.
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 100 });
    expect(calls.map((call) => (call.payload as { step: number }).step)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
  });
});

describe('drainAfterReconnect (the online event)', () => {
  it('sends what waited only for the network at once, not after its backoff', async () => {
    const [first, second] = await putEntries({}, { entityId: 'b', path: 'communities/b' });
    let online = false;
    const { send, calls } = scriptedSend((entry) => (online ? ok(entry) : { status: 'network' }));
    startSyncWorker({ send, now, random });
    await requestDrain();
    expect((await listOutbox())[0]).toMatchObject({ id: first!.id, lastStatus: 'network', attempts: 1 });
    expect((await listOutbox())[0]!.nextAttemptAt).toBeGreaterThan(clock);

    online = true;
    await requestDrain(); // a plain drain respects the backoff
    expect(calls).toHaveLength(1);
    await drainAfterReconnect();
    expect(calls.map((call) => call.id)).toEqual([first!.id, first!.id, second!.id]);
    expect(await listOutbox()).toEqual([]);
  });

  it('runs on the window’s online event', async () => {
    const fakeWindow = new EventTarget();
    vi.stubGlobal('window', fakeWindow);
    try {
      await putEntries({});
      let online = false;
      const { send, calls } = scriptedSend((entry) => (online ? ok(entry) : { status: 'network' }));
      startSyncWorker({ send, now, random });
      await requestDrain();
      online = true;
      fakeWindow.dispatchEvent(new Event('online'));
      await expect.poll(async () => (await listOutbox()).length).toBe(0);
      expect(calls).toHaveLength(2);
    } finally {
      await stopSyncWorker();
      vi.unstubAllGlobals();
    }
  });

  it('runs when the server answers again after a request found none (a dead zone ends with no online event)', async () => {
    const fakeWindow = new EventTarget();
    vi.stubGlobal('window', fakeWindow);
    const reachability = (answered: boolean) =>
      fakeWindow.dispatchEvent(new CustomEvent(REACHABILITY_EVENT, { detail: answered }));
    try {
      await putEntries({});
      let online = false;
      const { send, calls } = scriptedSend((entry) => (online ? ok(entry) : { status: 'network' }));
      startSyncWorker({ send, now, random });
      await requestDrain();
      expect(calls).toHaveLength(1);
      reachability(true); // an answer while nothing had failed yet: no news
      reachability(false); // the HTTP client found no server
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).toHaveLength(1); // the entry waits out its backoff
      online = true;
      reachability(true); // the page's probe got an answer
      await expect.poll(async () => (await listOutbox()).length).toBe(0);
      expect(calls).toHaveLength(2);
    } finally {
      await stopSyncWorker();
      vi.unstubAllGlobals();
    }
  });

  it('keeps the delay a server asked for', async () => {
    await putEntries({});
    const { send, calls } = scriptedSend(() => ({ status: 503, retryAfterMs: 60_000 }));
    await drainOutbox({ send, now, random });
    startSyncWorker({ send, now, random });
    await drainAfterReconnect();
    expect(calls).toHaveLength(1);
  });

  it('a delivered edit puts the server’s record locally even while later edits of it still wait', async () => {
    await localDb().communities.put({ id: 'c1', version: 3, name: 'Old', priceRange: '$300s' } as never);
    await putEntries(
      { payload: { priceRange: '$400s' }, baseVersion: 3, attempts: 1 },
      { payload: { name: 'New' }, baseVersion: 3 },
    );
    const { send } = scriptedSend((entry) =>
      entry.baseVersion === 3 && (entry.payload as { priceRange?: string }).priceRange
        ? { status: 200, body: { id: 'c1', version: 4, name: 'Old', priceRange: '$400s' } }
        : { status: 'network' },
    );
    await drainOutbox({ send, now, random });
    expect(await localDb().communities.get('c1')).toEqual({ id: 'c1', version: 4, name: 'Old', priceRange: '$400s' });
    expect((await listOutbox()).map((entry) => [entry.payload, entry.baseVersion])).toEqual([[{ name: 'New' }, 4]]);
  });

  it('a record created on this device, delivered while later edits wait, gets its server copy locally', async () => {
    await putEntries(
      { op: 'create', method: 'POST', path: 'communities', entityId: 'new-1', payload: { name: 'A' }, attempts: 1 },
      { entityId: 'new-1', path: 'communities/new-1', payload: { name: 'B' }, baseVersion: 1, state: 'failed' },
    );
    const { send } = scriptedSend((entry) => ({ status: 201, body: { id: 'new-1', name: 'A', version: 1, ...(entry.payload as object) } }));
    await drainOutbox({ send, now, random });
    expect(await localDb().communities.get('new-1')).toMatchObject({ name: 'A', version: 1 });
  });
});

describe('enqueue', () => {
  it('stores the entry before anything is sent, with its id as the key', async () => {
    const entry = await enqueue(communityUpdate('c1', { name: 'A' }, 2), { now: clock });
    expect(entry).toMatchObject({ state: 'pending', attempts: 0, nextAttemptAt: clock, baseVersion: 2 });
    expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await localDb().outbox.get(entry.id)).toEqual(entry);
  });

  it('keeps the order of writes made in the same millisecond', async () => {
    const a = await enqueue(communityUpdate('a', {}), { now: clock });
    const b = await enqueue(communityUpdate('b', {}), { now: clock });
    expect(b.createdAt).toBeGreaterThan(a.createdAt);
  });

  it('folds an edit into an unsent create, and a delete cancels an unsent create', async () => {
    const create = await enqueue(
      { entity: 'communities', op: 'create', entityId: 'n1', method: 'POST', path: 'communities', payload: { a: 1 } },
      { now: clock },
    );
    const carrier = await enqueue(communityUpdate('n1', { b: 2 }), { now: clock });
    expect(carrier.id).toBe(create.id);
    expect(await listOutbox()).toEqual([{ ...create, payload: { a: 1, b: 2 } }]);
    await enqueue(
      { entity: 'communities', op: 'delete', entityId: 'n1', method: 'DELETE', path: 'communities/n1' },
      { now: clock },
    );
    expect(await listOutbox()).toEqual([]);
  });
});

describe('resolveConflict', () => {
  const current = { id: 'c1', version: 8, name: 'Theirs' };

  it('keep mine: sends my change again over their version, under a new key', async () => {
    const [parked] = await putEntries({ state: 'conflict', baseVersion: 3, conflict: { current } });
    await resolveConflict(parked!.id, 'keep-mine', clock);
    const [again] = await listOutbox();
    expect(again).toMatchObject({ state: 'pending', baseVersion: 8, attempts: 0, payload: parked!.payload });
    expect(again!.id).not.toBe(parked!.id);
    expect(again!.conflict).toBeUndefined();
  });

  it("keep mine does not carry a later edit made before the colleague's change over it: that edit gets its own 412", async () => {
    // Offline on version 1: the description, then the price (two entries: the first was tried once). A colleague
    // has since set the price at version 2.
    const server = { id: 'c1', version: 2, description: 'Old', price: 475_000 };
    await putEntries(
      { baseVersion: 1, attempts: 1, payload: { description: 'Mine' } },
      { baseVersion: 1, payload: { price: 450_000 } },
    );
    const { send, calls } = scriptedSend((entry) => {
      if (entry.baseVersion !== server.version) return { status: 412, current: { ...server } };
      Object.assign(server, entry.payload as object, { version: server.version + 1 });
      return { status: 200, body: { ...server } };
    });
    await drainOutbox({ send, now, random });
    const [descriptionConflict] = await listOutbox();
    expect(descriptionConflict).toMatchObject({ state: 'conflict', payload: { description: 'Mine' } });

    await resolveConflict(descriptionConflict!.id, 'keep-mine', clock);
    await drainOutbox({ send, now, random });
    expect(server).toMatchObject({ description: 'Mine', price: 475_000, version: 3 });
    const left = await listOutbox();
    expect(left).toHaveLength(1);
    expect(left[0], 'the price edit is shown as a conflict, not sent over the colleague').toMatchObject({
      state: 'conflict',
      payload: { price: 450_000 },
      conflict: { current: { price: 475_000 } },
    });
    expect(calls.map((call) => call.baseVersion)).toEqual([1, 2, 1]);
  });

  it('take theirs: drops my change and keeps their record locally', async () => {
    const [parked] = await putEntries({ state: 'conflict', baseVersion: 3, conflict: { current } });
    await resolveConflict(parked!.id, 'take-theirs', clock);
    expect(await listOutbox()).toEqual([]);
    expect(await localDb().communities.get('c1')).toEqual(current);
  });
});

describe('sync worker and status', () => {
  it('drains on start and right after an enqueue, and reports the status', async () => {
    await putEntries({});
    const { send, calls } = scriptedSend(ok);
    const seen: SyncStatus[] = [];
    const unsubscribe = subscribeSyncStatus((status) => seen.push(status));
    startSyncWorker({ send, now, random });
    await requestDrain();
    expect(calls).toHaveLength(1);

    await enqueue(communityUpdate('c9', { name: 'New' }), { now: clock });
    await requestDrain();
    expect(calls.map((call) => call.entityId)).toEqual(['c1', 'c9']);
    expect(await readMeta(META_KEYS.lastSyncAt)).toBe(clock);
    await expect.poll(() => seen.at(-1)).toMatchObject({ pending: 0, draining: false, lastSyncAt: clock });
    expect(seen.some((status) => status.draining)).toBe(true);
    unsubscribe();
  });

  it('sets no busy timer for entries that wait behind a parked one', async () => {
    await putEntries({ state: 'conflict' }, {});
    let calls = 0;
    const send: SendEntry = async (entry) => {
      calls += 1;
      return ok(entry);
    };
    const drains: boolean[] = [];
    const unsubscribe = subscribeSyncStatus((status) => drains.push(status.draining));
    startSyncWorker({ send, now, random });
    await requestDrain();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(0);
    expect(drains.filter(Boolean).length).toBeLessThanOrEqual(2);
    unsubscribe();
  });

  it('counts pending, conflicts and failed entries', async () => {
    await putEntries(
      { entityId: 'a', state: 'conflict' },
      { entityId: 'b', state: 'failed' },
      { entityId: 'c', state: 'pending', nextAttemptAt: clock + 10_000 },
    );
    const seen: SyncStatus[] = [];
    const unsubscribe = subscribeSyncStatus((status) => seen.push(status));
    await expect.poll(() => seen.at(-1)).toMatchObject({ pending: 1, conflicts: 1, failed: 1, lastSyncAt: null });
    unsubscribe();
  });
});
