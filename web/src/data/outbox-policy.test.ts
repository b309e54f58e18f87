import { describe, expect, it } from 'vitest';
import {
  BACKOFF_CAP_MS,
  BACKOFF_FLOOR_MS,
  RETRY_AFTER_MAX_MS,
  SEND_LEASE_MS,
  claimForSending,
  classifyResponse,
  coalesceOnEnqueue,
  deliveredVersion,
  nextAttemptDelay,
  RECORD_DELETED_MESSAGE,
  rebaseLaterEntries,
  rewindNetworkBackoff,
  settleEntry,
} from './outbox-policy';
import type { OutboxEntry } from './outbox-entry';
import { nextWakeUp, orderForDrain } from './outbox-order';

let sequence = 0;
function entry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  sequence += 1;
  return {
    id: `entry-${sequence}`,
    entity: 'communities',
    op: 'update',
    entityId: 'record-1',
    method: 'PUT',
    path: 'communities/record-1',
    payload: { name: 'A' },
    createdAt: sequence,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    ...overrides,
  };
}

const inquiry = (overrides: Partial<OutboxEntry> = {}) =>
  entry({ entity: 'contacts', op: 'create', method: 'POST', path: 'public/contacts', ...overrides });

const ids = (entries: OutboxEntry[]) => entries.map((e) => e.id);
const signedIn = { canSendAuthenticated: true, signedInAdminId: 'admin-a' };
const signedOut = { canSendAuthenticated: false, signedInAdminId: null };
const byA = { id: 'admin-a', email: 'a@example.com' };
const byB = { id: 'admin-b', email: 'b@example.com' };

describe('classifyResponse', () => {
  it.each([200, 201, 204, 299])('%i is done', (status) => expect(classifyResponse(status)).toBe('done'));
  it.each([500, 502, 503, 504, 408, 429])('%i is retried', (status) => expect(classifyResponse(status)).toBe('retry'));
  it('no answer at all is retried', () => expect(classifyResponse('network')).toBe('retry'));
  it('412 is a conflict', () => expect(classifyResponse(412)).toBe('conflict'));
  it('401 pauses until the next login', () => expect(classifyResponse(401)).toBe('pause-auth'));
  it.each([400, 403, 404, 409, 413, 415, 422])('%i fails (parked with the server message)', (status) =>
    expect(classifyResponse(status, 'update')).toBe('failed'),
  );
  it('a delete that finds nothing reached its goal', () => {
    expect(classifyResponse(404, 'delete')).toBe('done');
    expect(classifyResponse(404, 'create')).toBe('failed');
  });
});

describe('nextAttemptDelay', () => {
  it('doubles the ceiling per attempt from 1 s and caps it at 60 s', () => {
    const top = () => 0.999999;
    expect(nextAttemptDelay(1, top)).toBe(999);
    expect(nextAttemptDelay(2, top)).toBe(1999);
    expect(nextAttemptDelay(3, top)).toBe(3999);
    expect(nextAttemptDelay(7, top)).toBe(59_999);
    expect(nextAttemptDelay(50, top)).toBe(59_999);
  });

  it('draws a random point below the ceiling (full jitter), never below the floor', () => {
    expect(nextAttemptDelay(4, () => 0.5)).toBe(4000);
    expect(nextAttemptDelay(4, () => 0)).toBe(BACKOFF_FLOOR_MS);
    for (let attempts = 1; attempts <= 12; attempts += 1) {
      for (let i = 0; i < 50; i += 1) {
        const delay = nextAttemptDelay(attempts);
        expect(delay).toBeGreaterThanOrEqual(BACKOFF_FLOOR_MS);
        expect(delay).toBeLessThanOrEqual(Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (attempts - 1)));
      }
    }
  });

  it('spreads clients out: different random draws give different delays', () => {
    const delays = new Set(Array.from({ length: 20 }, () => nextAttemptDelay(6)));
    expect(delays.size).toBeGreaterThan(10);
  });

  it('waits at least as long as Retry-After asks, up to an hour', () => {
    expect(nextAttemptDelay(1, () => 0.5, 30_000)).toBe(30_000);
    expect(nextAttemptDelay(8, () => 0.9, 1000)).toBe(54_000);
    expect(nextAttemptDelay(1, () => 0.5, 10 * RETRY_AFTER_MAX_MS)).toBe(RETRY_AFTER_MAX_MS);
  });
});

describe('orderForDrain', () => {
  it('sends in createdAt order', () => {
    const a = entry({ entityId: 'a', createdAt: 3 });
    const b = entry({ entityId: 'b', createdAt: 1 });
    const c = entry({ entityId: 'c', createdAt: 2 });
    expect(ids(orderForDrain([a, b, c], 10, signedIn))).toEqual([b.id, c.id, a.id]);
  });

  it('lets only the oldest entry of a record go; later edits of it wait', () => {
    const first = entry({ createdAt: 1 });
    const second = entry({ createdAt: 2 });
    const other = entry({ entityId: 'record-2', createdAt: 3 });
    expect(ids(orderForDrain([second, other, first], 10, signedIn))).toEqual([first.id, other.id]);
  });

  it('keeps later edits of a record behind a parked conflict or failure, not other records', () => {
    const parked = entry({ createdAt: 1, state: 'conflict' });
    const later = entry({ createdAt: 2 });
    const other = entry({ entityId: 'record-2', createdAt: 3 });
    expect(ids(orderForDrain([parked, later, other], 10, signedIn))).toEqual([other.id]);
    const failed = { ...parked, state: 'failed' as const };
    expect(ids(orderForDrain([failed, later, other], 10, signedIn))).toEqual([other.id]);
  });

  it('holds every later admin write behind one waiting out its backoff (they may depend on it)', () => {
    const community = entry({ op: 'create', entityId: 'c1', createdAt: 1, attempts: 2, nextAttemptAt: 50 });
    const listing = entry({ entity: 'listings', op: 'create', entityId: 'l1', path: 'listings', createdAt: 2 });
    const lead = inquiry({ entityId: 'lead-1', createdAt: 3 });
    expect(ids(orderForDrain([community, listing, lead], 10, signedIn))).toEqual([lead.id]);
    expect(ids(orderForDrain([community, listing, lead], 50, signedIn))).toEqual([community.id, listing.id, lead.id]);
  });

  it('leaves an entry being sent alone until its lease ends, then sends it again', () => {
    const sending = claimForSending(entry(), 100);
    expect(orderForDrain([sending], 100 + SEND_LEASE_MS - 1, signedIn)).toEqual([]);
    expect(ids(orderForDrain([sending], 100 + SEND_LEASE_MS, signedIn))).toEqual([sending.id]);
  });

  it('a wait longer than any the queue sets means the device’s clock was set back: the entry goes now', () => {
    const now = 1_000_000_000_000;
    // Retry-After's cap is the longest wait an entry is given; two hours ahead cannot be one.
    const backingOff = entry({ attempts: 3, nextAttemptAt: now + RETRY_AFTER_MAX_MS });
    expect(orderForDrain([backingOff], now, signedIn)).toEqual([]);
    // A clock corrected by a few seconds does not cut that wait short.
    expect(orderForDrain([{ ...backingOff, nextAttemptAt: now + RETRY_AFTER_MAX_MS + 5_000 }], now, signedIn)).toEqual([]);
    const afterClockSetBack = { ...backingOff, nextAttemptAt: now + 2 * RETRY_AFTER_MAX_MS };
    expect(ids(orderForDrain([afterClockSetBack], now, signedIn))).toEqual([afterClockSetBack.id]);
    const leaseFromTheFuture = { ...claimForSending(entry(), now + 2 * RETRY_AFTER_MAX_MS) };
    expect(ids(orderForDrain([leaseFromTheFuture], now, signedIn))).toEqual([leaseFromTheFuture.id]);
  });

  it('without a login sends only visitors’ inquiries', () => {
    const admin = entry({ createdAt: 1 });
    const lead = inquiry({ entityId: 'lead-1', createdAt: 2 });
    const contactPage = inquiry({ entityId: 'lead-2', path: 'contact', createdAt: 3 });
    expect(ids(orderForDrain([admin, lead, contactPage], 10, signedOut))).toEqual([
      lead.id,
      contactPage.id,
    ]);
  });

  it("sends an admin's changes only while that admin is signed in; held, they hold back no one else's", () => {
    const bsEdit = entry({ entityId: 'record-1', createdAt: 1, queuedBy: byB });
    const bsLater = entry({ entityId: 'record-2', createdAt: 2, queuedBy: byB });
    const asEditOfTheSameRecord = entry({ entityId: 'record-1', createdAt: 3, queuedBy: byA });
    const asOwn = entry({ entityId: 'record-3', createdAt: 4, queuedBy: byA });
    const fromBeforeQueuedBy = entry({ entityId: 'record-4', createdAt: 5 });
    const lead = inquiry({ entityId: 'lead-1', createdAt: 6 });
    const queue = [bsEdit, bsLater, asEditOfTheSameRecord, asOwn, fromBeforeQueuedBy, lead];
    // A is signed in: B's two wait for B; A's edit of B's record waits behind B's (one record, in order).
    expect(ids(orderForDrain(queue, 10, signedIn))).toEqual([asOwn.id, fromBeforeQueuedBy.id, lead.id]);
    expect(ids(orderForDrain(queue, 10, { ...signedIn, signedInAdminId: 'admin-b' }))).toEqual([
      bsEdit.id,
      bsLater.id,
      fromBeforeQueuedBy.id,
      lead.id,
    ]);
    expect(nextWakeUp([bsEdit], signedIn)).toBeNull();
    expect(nextWakeUp([bsEdit], { ...signedIn, signedInAdminId: 'admin-b' })).toBe(0);
  });

  it('an inquiry in backoff holds back nothing else', () => {
    const waiting = inquiry({ entityId: 'lead-1', createdAt: 1, nextAttemptAt: 99 });
    const next = inquiry({ entityId: 'lead-2', createdAt: 2 });
    const admin = entry({ createdAt: 3 });
    expect(ids(orderForDrain([waiting, next, admin], 10, signedIn))).toEqual([next.id, admin.id]);
  });
});

describe('nextWakeUp', () => {
  it('is the earliest time an entry may go', () => {
    const later = entry({ entityId: 'a', nextAttemptAt: 500 });
    const sooner = inquiry({ entityId: 'b', nextAttemptAt: 200 });
    expect(nextWakeUp([later, sooner], signedIn)).toBe(200);
  });

  it('ignores entries that cannot go until something else happens', () => {
    const parked = entry({ createdAt: 1, state: 'conflict' });
    const behindParked = entry({ createdAt: 2, nextAttemptAt: 0 });
    const failed = inquiry({ entityId: 'lead', state: 'failed' });
    expect(nextWakeUp([parked, behindParked, failed], signedIn)).toBeNull();
    expect(nextWakeUp([entry()], signedOut)).toBeNull();
    expect(nextWakeUp([], signedIn)).toBeNull();
  });

  it('wakes admin writes behind one in backoff only when that one is due', () => {
    const backingOff = entry({ entityId: 'a', createdAt: 1, attempts: 3, nextAttemptAt: 4000 });
    const waiting = entry({ entityId: 'b', createdAt: 2, nextAttemptAt: 0 });
    expect(nextWakeUp([backingOff, waiting], signedIn)).toBe(4000);
  });
});

describe('coalesceOnEnqueue', () => {
  it('folds an update into the unsent create of the same record', () => {
    const create = entry({ op: 'create', method: 'POST', path: 'communities', payload: { name: 'A', location: 'X' } });
    const update = entry({ payload: { name: 'B' }, baseVersion: 1 });
    const plan = coalesceOnEnqueue([create], update);
    expect(plan.remove).toEqual([]);
    expect(plan.put).toEqual([{ ...create, payload: { name: 'B', location: 'X' } }]);
    expect(plan.carrier?.id).toBe(create.id);
  });

  it('an update emptying a field of an unsent create leaves the field out of the create (a create refuses null)', () => {
    const create = entry({
      op: 'create',
      method: 'POST',
      path: 'communities',
      payload: { name: 'A', coordinates: { lat: 29.5, lng: -95.7 } },
    });
    const emptied = entry({ payload: { coordinates: null, name: 'B' }, baseVersion: 1 });
    expect(coalesceOnEnqueue([create], emptied).put).toEqual([{ ...create, payload: { name: 'B' } }]);
    // Two unsent updates keep the null: on an update it is what removes the stored field.
    const update = entry({ payload: { name: 'C' }, baseVersion: 2 });
    expect(coalesceOnEnqueue([update], emptied).put[0]?.payload).toEqual({ name: 'B', coordinates: null });
  });

  it('merges two unsent settings changes field by field inside their groups', () => {
    const settings = { entity: 'settings', entityId: 'site', path: 'settings' } as const;
    const phone = entry({ ...settings, payload: { general: { contactPhone: '(713) 555-0199' } } });
    const name = entry({ ...settings, payload: { general: { siteName: 'Bayou Homes' }, seo: { metaTitle: 'T' } } });
    expect(coalesceOnEnqueue([phone], name).put[0]?.payload).toEqual({
      general: { contactPhone: '(713) 555-0199', siteName: 'Bayou Homes' },
      seo: { metaTitle: 'T' },
    });
  });

  it('merges two unsent updates of the same record, keeping the first base version', () => {
    const first = entry({ payload: { name: 'B' }, baseVersion: 3 });
    const second = entry({ payload: { location: 'Y' }, baseVersion: 3 });
    const plan = coalesceOnEnqueue([first], second);
    expect(plan.put).toEqual([{ ...first, payload: { name: 'B', location: 'Y' } }]);
  });

  it("never folds one admin's change into another admin's unsent one (it would go under the other's login)", () => {
    const first = entry({ payload: { name: 'B' }, baseVersion: 3, queuedBy: byB });
    const second = entry({ payload: { location: 'Y' }, baseVersion: 3, queuedBy: byA });
    expect(coalesceOnEnqueue([first], second)).toEqual({ put: [second], remove: [], carrier: second });
    const deletion = entry({ op: 'delete', method: 'DELETE', payload: undefined, queuedBy: byA });
    expect(coalesceOnEnqueue([first], deletion)).toEqual({ put: [deletion], remove: [], carrier: deletion });
    // The same admin's: merged as before.
    expect(coalesceOnEnqueue([first], { ...second, queuedBy: byB }).put).toEqual([
      { ...first, payload: { name: 'B', location: 'Y' } },
    ]);
  });

  it('keeps two unsent lead notes or actions as two entries (merged, the first note would be lost)', () => {
    const lead = { entity: 'contacts' as const, op: 'patch' as const, method: 'PATCH' as const, path: 'contacts/l1' };
    const owner = entry({ ...lead, payload: { ownerId: 'a1' }, baseVersion: 2 });
    const note = entry({ ...lead, payload: { note: 'First' }, baseVersion: 2 });
    expect(coalesceOnEnqueue([owner], note).put).toEqual([{ ...owner, payload: { ownerId: 'a1', note: 'First' } }]);
    const merged = { ...owner, payload: { ownerId: 'a1', note: 'First' } };
    const second = entry({ ...lead, payload: { note: 'Second' }, baseVersion: 2 });
    expect(coalesceOnEnqueue([merged], second)).toEqual({ put: [second], remove: [], carrier: second });
    const call = entry({ ...lead, payload: { activity: { kind: 'call', text: '' } }, baseVersion: 2 });
    expect(coalesceOnEnqueue([second], call).put).toEqual([call]);
  });

  it('a delete after an unsent create removes both', () => {
    const create = entry({ op: 'create', method: 'POST', path: 'communities' });
    const deletion = entry({ op: 'delete', method: 'DELETE', payload: undefined });
    expect(coalesceOnEnqueue([create], deletion)).toEqual({ put: [], remove: [create.id], carrier: null });
  });

  it('a delete after an unsent update replaces it, with the version the update was based on', () => {
    const update = entry({ baseVersion: 4 });
    const deletion = entry({ op: 'delete', method: 'DELETE', payload: undefined, baseVersion: 4 });
    const plan = coalesceOnEnqueue([update], deletion);
    expect(plan.remove).toEqual([update.id]);
    expect(plan.put).toEqual([{ ...deletion, baseVersion: 4 }]);
  });

  it('never changes an entry that may already have reached the server (same key, other body → 422)', () => {
    const attempted = entry({ op: 'create', method: 'POST', path: 'communities', attempts: 1 });
    const sending = claimForSending(entry({ op: 'create', method: 'POST', path: 'communities' }), 0);
    const update = entry({ payload: { name: 'B' } });
    expect(coalesceOnEnqueue([attempted], update)).toEqual({ put: [update], remove: [], carrier: update });
    expect(coalesceOnEnqueue([sending], update)).toEqual({ put: [update], remove: [], carrier: update });
  });

  it('folds only into the newest entry of the same record, and leaves other records alone', () => {
    const attempted = entry({ attempts: 1, createdAt: 1 });
    const unsent = entry({ createdAt: 2, payload: { name: 'B' } });
    const elsewhere = entry({ entityId: 'record-2', createdAt: 3 });
    const incoming = entry({ payload: { location: 'Z' } });
    const plan = coalesceOnEnqueue([attempted, unsent, elsewhere], incoming);
    expect(plan.put).toEqual([{ ...unsent, payload: { name: 'B', location: 'Z' } }]);
    const fresh = entry({ entityId: 'record-3' });
    expect(coalesceOnEnqueue([attempted, unsent, elsewhere], fresh).put).toEqual([fresh]);
  });

  it('queues a create after a delete, and a patch after an update, as they are', () => {
    const deletion = entry({ op: 'delete', method: 'DELETE' });
    const create = entry({ op: 'create', method: 'POST', path: 'communities' });
    expect(coalesceOnEnqueue([deletion], create).put).toEqual([create]);
    const update = entry({ entity: 'contacts', method: 'PUT' });
    const patch = entry({ entity: 'contacts', op: 'patch', method: 'PATCH' });
    expect(coalesceOnEnqueue([update], patch).put).toEqual([patch]);
  });
});

describe('settleEntry', () => {
  const random = () => 0.5;

  it('done leaves the queue', () => {
    expect(settleEntry(entry(), { status: 201, body: {} }, 1000, random)).toEqual({ outcome: 'done', next: null });
  });

  it('a retry counts the attempt and waits out the backoff, keeping the id (the Idempotency-Key)', () => {
    const original = claimForSending(entry({ attempts: 2 }), 0);
    const { outcome, next } = settleEntry(original, { status: 'network' }, 1000, random);
    expect(outcome).toBe('retry');
    expect(next).toMatchObject({ id: original.id, state: 'pending', attempts: 3, nextAttemptAt: 1000 + 2000 });
    expect(next?.lastError).toBe('The server could not be reached');
  });

  it('a 429 waits at least for Retry-After', () => {
    const { next } = settleEntry(entry(), { status: 429, message: 'Too many', retryAfterMs: 45_000 }, 0, random);
    expect(next).toMatchObject({ state: 'pending', nextAttemptAt: 45_000, lastError: 'Too many' });
  });

  it('a 412 parks the entry with the server’s current record', () => {
    const current = { id: 'record-1', version: 7, name: 'Theirs' };
    const { outcome, next } = settleEntry(entry(), { status: 412, message: 'Changed', current }, 0, random);
    expect(outcome).toBe('conflict');
    expect(next).toMatchObject({ state: 'conflict', conflict: { current }, lastError: 'Changed' });
  });

  it('a 400 parks the entry as failed with the server’s message and field details', () => {
    const details = [{ path: 'name', message: 'Community Name is required' }];
    const { next } = settleEntry(entry(), { status: 400, message: 'Invalid input', details }, 0, random);
    expect(next).toMatchObject({ state: 'failed', lastError: 'Invalid input', details });
  });

  it('an edit answered 404 says the record was deleted on the server meanwhile; a create keeps the server’s text', () => {
    const { next } = settleEntry(entry(), { status: 404, message: 'Not found' }, 0, random);
    expect(next).toMatchObject({ state: 'failed', lastError: RECORD_DELETED_MESSAGE });
    const lead = settleEntry(entry({ op: 'patch', method: 'PATCH' }), { status: 404, message: 'Not found' }, 0, random);
    expect(lead.next?.lastError).toBe(RECORD_DELETED_MESSAGE);
    const create = entry({ op: 'create', method: 'POST', path: 'communities' });
    expect(settleEntry(create, { status: 404, message: 'Not found' }, 0, random).next?.lastError).toBe('Not found');
  });

  it('marks an entry whose send got no answer, and keeps the mark through a later 401 or 503', () => {
    const lost = settleEntry(claimForSending(entry(), 0), { status: 'network' }, 0, random).next!;
    expect(lost.unanswered).toBe(true);
    const afterLogin = settleEntry(claimForSending(lost, 10), { status: 401, message: 'expired' }, 10, random).next!;
    expect(afterLogin).toMatchObject({ unanswered: true, lastStatus: 401 });
    expect(settleEntry(claimForSending(afterLogin, 20), { status: 503 }, 20, random).next?.unanswered).toBe(true);
    // A send the server answered leaves no mark; a lease taken over (the sending page went away) does.
    expect(settleEntry(claimForSending(entry(), 0), { status: 503 }, 0, random).next?.unanswered).toBeUndefined();
    expect(claimForSending(claimForSending(entry(), 0), SEND_LEASE_MS).unanswered).toBe(true);
  });

  it('a 401 keeps the entry as it was, first in line for the next login', () => {
    const original = claimForSending(entry({ attempts: 1 }), 0);
    const { outcome, next } = settleEntry(original, { status: 401, message: 'expired' }, 500, random);
    expect(outcome).toBe('pause-auth');
    expect(next).toMatchObject({ id: original.id, state: 'pending', attempts: 1, nextAttemptAt: 500 });
  });
});

describe('after the network comes back', () => {
  const random = () => 0.5;

  it('settleEntry records what the last send got', () => {
    expect(settleEntry(entry(), { status: 'network' }, 0, random).next?.lastStatus).toBe('network');
    expect(settleEntry(entry(), { status: 503 }, 0, random).next?.lastStatus).toBe(503);
    expect(settleEntry(entry(), { status: 412, current: {} }, 0, random).next?.lastStatus).toBe(412);
  });

  it('makes entries that got no answer due now; a server’s own backoff (5xx, 429) is kept', () => {
    const noAnswer = settleEntry(entry(), { status: 'network' }, 0, random).next!;
    const busy = settleEntry(entry(), { status: 429, retryAfterMs: 30_000 }, 0, random).next!;
    const parked = settleEntry(entry(), { status: 412, current: {} }, 0, random).next!;
    const dueAlready = { ...noAnswer, id: 'due', nextAttemptAt: 0 };
    expect(noAnswer.nextAttemptAt).toBeGreaterThan(10);
    expect(rewindNetworkBackoff([noAnswer, busy, parked, dueAlready], 10)).toEqual([{ ...noAnswer, nextAttemptAt: 10 }]);
  });
});

describe('rebasing after delivery', () => {
  it('reads the version of a record answer only', () => {
    expect(deliveredVersion({ id: 'x', version: 4 })).toBe(4);
    expect(deliveredVersion({ success: true, id: 'x' })).toBeUndefined();
    expect(deliveredVersion(undefined)).toBeUndefined();
  });

  it('moves later edits of the record onto the delivered version', () => {
    const later = entry({ baseVersion: 3 });
    const unversioned = entry({ op: 'create' });
    expect(rebaseLaterEntries([later, unversioned], 4, 3)).toEqual([{ ...later, baseVersion: 4 }]);
    expect(rebaseLaterEntries([later], 1, undefined), 'after a create').toEqual([{ ...later, baseVersion: 1 }]);
  });

  it('leaves a later edit made on another version than the delivered one (after "Keep mine")', () => {
    const madeBeforeTheColleague = entry({ baseVersion: 1 });
    expect(rebaseLaterEntries([madeBeforeTheColleague], 3, 2)).toEqual([]);
  });
});
