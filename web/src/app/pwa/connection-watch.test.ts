import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteLocalDb, localDb } from '@/data/local-db';
import { enqueue } from '@/data/outbox';
import { waitingText } from '@/features/kiosk/kiosk-waiting';
import { afterRequest, showsOffline, watchConnection } from './connection-watch';
import { visitorQueueText } from './offline-indicator';
import type { OfflineStatus } from './offline-pack-schedule';
import { eventually } from '@/data/test-support/eventually';
import { createStore } from './store';

const status = (patch: Partial<OfflineStatus> = {}): OfflineStatus => ({
  online: true,
  fromShell: false,
  pack: 'ready',
  storedAt: 0,
  unreachable: false,
  deliveredAt: 0,
  waiting: 0,
  refused: 0,
  photosMissing: 0,
  ...patch,
});

describe('the offline pill follows requests', () => {
  it('says offline when the device is offline, the page came from the saved shell, or no server answered', () => {
    expect(showsOffline(status())).toBe(false);
    expect(showsOffline(status({ online: false }))).toBe(true);
    expect(showsOffline(status({ fromShell: true }))).toBe(true);
    expect(showsOffline(status({ unreachable: true }))).toBe(true);
  });

  it('goes once a request is answered, even when no "online" event came (a dead zone that ended)', () => {
    const stuck = status({ fromShell: true, unreachable: true });
    expect(showsOffline(afterRequest(stuck, true))).toBe(false);
  });

  it('comes when a request finds no server while the device believes it is online', () => {
    expect(showsOffline(afterRequest(status(), false))).toBe(true);
  });
});

describe('the kiosk count', () => {
  it('reads "N waiting" or "all sent"', () => {
    expect(waitingText({ waiting: 3, refused: 0 })).toBe('3 waiting');
    expect(waitingText({ waiting: 1, refused: 0 })).toBe('1 waiting');
    expect(waitingText({ waiting: 0, refused: 0 })).toBe('all sent');
    // A sign-in the server refused after it was queued is never "all sent".
    expect(waitingText({ waiting: 0, refused: 1 })).toBe('1 refused');
    expect(waitingText({ waiting: 2, refused: 1 })).toBe('2 waiting · 1 refused');
  });
});

describe('the visitor pill count', () => {
  it('says how many messages wait and how many the server refused, in words for the visitor who wrote them', () => {
    expect(visitorQueueText({ waiting: 0, refused: 0 })).toBeNull();
    expect(visitorQueueText({ waiting: 1, refused: 0 })).toBe('1 message waiting to send');
    expect(visitorQueueText({ waiting: 0, refused: 1 })).toBe('1 message could not be sent: please contact us again');
    expect(visitorQueueText({ waiting: 2, refused: 3 })).toBe(
      '2 messages waiting to send · 3 messages could not be sent: please contact us again',
    );
  });
});

describe('what the pill watches', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await deleteLocalDb();
  });

  it("counts a visitor's queued message the server refused later, and leaves a refused kiosk sign-in to the kiosk", async () => {
    // The pill's page: an event target for the reachability events, and no probe timer in this test.
    vi.stubGlobal('window', Object.assign(new EventTarget(), { setInterval: () => 0 }));
    const store = createStore(status());
    watchConnection(store);
    const queue = (entityId: string, path: string) =>
      enqueue({ entity: 'contacts', op: 'create', entityId, method: 'POST', path });
    const inquiry = await queue('a', 'public/contacts');
    const contactPage = await queue('b', 'contact');
    const signIn = await queue('c', 'public/kiosk/sign-ins');
    await eventually(() => expect(store.get()).toMatchObject({ waiting: 3, refused: 0 }));

    for (const entry of [inquiry, signIn])
      await localDb().outbox.update(entry.id, { state: 'failed', lastStatus: 400 });
    await eventually(() => expect(store.get()).toMatchObject({ waiting: 1, refused: 1 }));
    await localDb().outbox.update(contactPage.id, { state: 'conflict', lastStatus: 409 });
    await eventually(() => expect(store.get()).toMatchObject({ waiting: 0, refused: 2 }));
  });
});
