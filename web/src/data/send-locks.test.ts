import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteLocalDb, localDb } from './local-db';
import { listOutbox, type OutboxDraft } from './outbox';
import type { DeliveryResult, OutboxEntry } from './outbox-entry';
import { deliverClaimed, drainOutbox, enqueueClaimed, type SendEntry } from './outbox-delivery';
import { SEND_LEASE_MS } from './outbox-policy';

/**
 * Exclusive Web Locks as the browser grants them, for Node: one holder per name, `ifAvailable` answers null when it
 * is held, other requests wait their turn, and a lock is let go when its callback settles. The e2e test of a tab
 * killed mid-send (inquiries.e2e.ts) runs the same paths against Chromium's own.
 */
class InMemoryLocks {
  private readonly waiting = new Map<string, (() => void)[]>();
  readonly held = new Set<string>();

  async request<T>(
    name: string,
    optionsOrCallback: LockOptions | ((lock: Lock | null) => Promise<T>),
    maybeCallback?: (lock: Lock | null) => Promise<T>,
  ): Promise<T> {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback!;
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((granted) => this.waiting.set(name, [...(this.waiting.get(name) ?? []), granted]));
    }
    this.held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      const next = this.waiting.get(name)?.shift();
      if (next) next();
      else this.held.delete(name);
    }
  }

  /** Holds `name` as a live page's send does, until the returned function is called. */
  async holdUntilReleased(name: string): Promise<() => void> {
    let release!: () => void;
    let acquired!: () => void;
    const holding = new Promise<void>((resolve) => (acquired = resolve));
    void this.request(name, () => {
      acquired();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    return release;
  }
}

let clock = 1_700_000_000_000;
const now = () => clock;
const random = () => 0.5;
let locks: InMemoryLocks;

function recordingSend() {
  const calls: OutboxEntry[] = [];
  const send: SendEntry = async (entry): Promise<DeliveryResult> => {
    calls.push(entry);
    return { status: 201, body: entry.payload };
  };
  return { send, calls };
}

const inquiry = (id: string): OutboxDraft => ({
  id: `key-${id}`,
  entity: 'contacts',
  op: 'create',
  entityId: id,
  method: 'POST',
  path: 'public/contacts',
  payload: { id, name: 'Ana', email: 'ana@example.com', message: 'Hi' },
});

/** An inquiry as a page leaves it when it dies mid-send: claimed, with its lease still running. */
async function leftSending(id: string): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    ...inquiry(id),
    id: `key-${id}`,
    createdAt: clock - 1_000,
    attempts: 0,
    state: 'sending',
    nextAttemptAt: clock - 1_000 + SEND_LEASE_MS,
  };
  await localDb().outbox.put(entry);
  return entry;
}

beforeEach(async () => {
  await deleteLocalDb();
  clock = 1_700_000_000_000;
  locks = new InMemoryLocks();
  vi.stubGlobal('navigator', { locks });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a send whose page is gone', () => {
  it('is taken over by the next drain at once, with its Idempotency-Key, not when its 30 s lease runs out', async () => {
    const orphan = await leftSending('lead-1');
    const { send, calls } = recordingSend();
    const report = await drainOutbox({ send, now, random });
    expect(report.sent).toBe(1);
    expect(calls.map((call) => call.id)).toEqual([orphan.id]);
    expect(await listOutbox()).toEqual([]);
  });

  it('is left alone while a live page holds its send lock, and taken over once that page is gone', async () => {
    const sending = await leftSending('lead-2');
    const pageGone = await locks.holdUntilReleased(`outbox-send:${sending.id}`);
    const { send, calls } = recordingSend();
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 0 });
    expect(calls).toEqual([]);
    expect(await listOutbox()).toMatchObject([{ id: sending.id, state: 'sending', nextAttemptAt: sending.nextAttemptAt }]);

    pageGone();
    await vi.waitFor(() => expect(locks.held.size).toBe(0));
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 1 });
    expect(calls.map((call) => call.id)).toEqual([sending.id]);
  });

  it('without Web Locks, waits for its lease as before (a free lock would prove nothing)', async () => {
    vi.stubGlobal('navigator', {});
    const orphan = await leftSending('lead-3');
    const { send, calls } = recordingSend();
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 0 });
    clock = orphan.nextAttemptAt;
    expect(await drainOutbox({ send, now, random })).toMatchObject({ sent: 1 });
    expect(calls).toHaveLength(1);
  });
});

describe('enqueueClaimed', () => {
  it('holds the entry’s send lock from the claim until the answer is stored: a drain meanwhile does not send it twice', async () => {
    const { send, calls } = recordingSend();
    let drainedMeanwhile: Awaited<ReturnType<typeof drainOutbox>> | undefined;
    const delivery = await enqueueClaimed(inquiry('lead-4'), async (claimed) => {
      expect(claimed).toMatchObject({ id: 'key-lead-4', state: 'sending' });
      expect(locks.held.has('outbox-send:key-lead-4')).toBe(true);
      // Another tab's drain runs while this page is still sending.
      drainedMeanwhile = await drainOutbox({ send, now, random });
      return deliverClaimed(claimed, { send, now, random });
    });
    expect(drainedMeanwhile).toMatchObject({ sent: 0 });
    expect(delivery.outcome).toBe('done');
    expect(calls.map((call) => call.id)).toEqual(['key-lead-4']);
    expect(locks.held.size).toBe(0);
  });
});
