import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteLocalDb } from '@/data/local-db';
import { listFavorites } from '@/data/repositories/favorites-repository';
import { STORAGE_BLOCKED_MESSAGE } from './favorites-messages';
import { STORAGE_FULL_MESSAGE, toggleStoredFavorite } from './favorites-persistence';

const home = { kind: 'listing' as const, id: 'L1', label: 'Home', path: '/listing/L1' };
const realPut = IDBObjectStore.prototype.put;

/** Every IndexedDB write throws `error` until the test ends. */
function refuseWrites(error: DOMException): void {
  IDBObjectStore.prototype.put = function refuse() {
    throw error;
  };
}

afterEach(async () => {
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

  it('answers null when the favourite is stored', async () => {
    expect(await toggleStoredFavorite(home)).toBeNull();
    expect((await listFavorites()).map((row) => row.id)).toEqual(['L1']);
  });
});
