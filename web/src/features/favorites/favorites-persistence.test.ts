import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteLocalDb, LOCAL_DB_NAME } from '@/data/local-db';
import { eventually } from '@/data/test-support/eventually';
import { listFavorites } from '@/data/repositories/favorites-repository';
import { STORAGE_BLOCKED_MESSAGE } from './favorites-messages';
import { holdStore } from '@/data/test-support/stuck-store';
import { writeFavoritesMirror } from './favorites-mirror';
import {
  STORAGE_FULL_MESSAGE,
  STORAGE_NOT_ANSWERING_MESSAGE,
  STORAGE_STUCK_MESSAGE,
  toggleStoredFavorite,
  watchStoredFavorites,
} from './favorites-persistence';

/** Clears an object store of the app's database through IndexedDB directly, as another tab would. */
async function clearBehindThePagesBack(store: string): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(LOCAL_DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction(store, 'readwrite');
    transaction.objectStore(store).clear();
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

const home = { kind: 'listing' as const, id: 'L1', label: 'Home', path: '/listing/L1' };
const realPut = IDBObjectStore.prototype.put;

/** Every IndexedDB write throws `error` until the test ends. */
function refuseWrites(error: DOMException): void {
  IDBObjectStore.prototype.put = function refuse() {
    throw error;
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  IDBObjectStore.prototype.put = realPut;
  await deleteLocalDb();
});

describe('a favourite the device refuses to store', () => {
  it('tells a visitor whose device is full to free some space, and stores nothing', async () => {
    await listFavorites(); // the database is open before the device fills up
    refuseWrites(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    expect(await toggleStoredFavorite(home)).toBe(STORAGE_FULL_MESSAGE);
    IDBObjectStore.prototype.put = realPut;
    expect(await listFavorites()).toEqual([]);
  });

  it('tells a browser that blocks site data to allow it', async () => {
    await listFavorites();
    refuseWrites(new DOMException('Writes are not allowed.', 'InvalidStateError'));
    expect(await toggleStoredFavorite(home)).toBe(STORAGE_BLOCKED_MESSAGE);
  });

  it('tells a visitor whose device stopped answering (WebKit) to restart the browser, instead of waiting for ever', async () => {
    const stuck = await holdStore('favorites');
    try {
      expect(await toggleStoredFavorite(home, 200)).toBe(STORAGE_STUCK_MESSAGE);
    } finally {
      await stuck.release();
    }
    // The write was not cancelled: it lands once the device answers again (and the button then shows it saved).
    await vi.waitFor(async () => expect((await listFavorites()).map((row) => row.id)).toEqual(['L1']));
  });

  it('answers null when the favourite is stored', async () => {
    expect(await toggleStoredFavorite(home)).toBeNull();
    expect((await listFavorites()).map((row) => row.id)).toEqual(['L1']);
  });
});

describe('/favorites on a device whose storage stopped answering (WebKit)', () => {
  it('shows the copy the last page left, marked stuck, then the stored rows once the storage answers', async () => {
    // Node has no localStorage: one in memory, as the browser's (the copy is read from the global).
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    });
    const stored = { ...home, key: 'listing:L1', savedAt: '2026-12-01T00:00:00.000Z' };
    writeFavoritesMirror([stored]);
    const stuck = await holdStore('favorites');
    const shown: { status: string; ids: string[]; notice?: string }[] = [];
    try {
      watchStoredFavorites(
        ({ status, rows, notice }) => shown.push({ status, ids: rows.map((row) => row.id), notice }),
        200,
      );
      await eventually(() =>
        expect(shown.at(-1)).toEqual({ status: 'stuck', ids: ['L1'], notice: STORAGE_NOT_ANSWERING_MESSAGE }),
      );
    } finally {
      await stuck.release();
    }
    // The watch went on: the device's own answer (nothing stored in it) replaces the copy.
    await eventually(() => expect(shown.at(-1)).toEqual({ status: 'ready', ids: [], notice: undefined }));
  });

  it('never says stuck once the storage has answered', async () => {
    const shown: string[] = [];
    watchStoredFavorites(({ status }) => shown.push(status), 200);
    await eventually(() => expect(shown.at(-1)).toBe('ready'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((status) => status === 'ready')).toBe(true);
  });
});

describe('a press does what its button shows', () => {
  it('a press on a home shown saved removes it, though the table no longer holds it: it does not save it again', async () => {
    const shown: string[][] = [];
    watchStoredFavorites(({ rows }) => shown.push(rows.map((row) => row.id)));
    await eventually(() => expect(shown.at(-1)).toEqual([]));
    expect(await toggleStoredFavorite(home)).toBeNull();
    await eventually(() => expect(shown.at(-1)).toEqual(['L1']));

    // The table and the page disagree (another tab cleared the site's data; the page was not told): cleared with
    // IndexedDB itself, which this page's Dexie does not observe.
    await clearBehindThePagesBack('favorites');
    expect(shown.at(-1), 'the page still shows it saved').toEqual(['L1']);
    const pressedAt = shown.length;
    // The button shows "Saved": pressing it removes, it does not save again.
    expect(await toggleStoredFavorite(home)).toBeNull();
    expect(await listFavorites()).toEqual([]);
    await eventually(() => expect(shown.length).toBeGreaterThan(pressedAt));
    expect(shown.at(-1)).toEqual([]);
  });
});
