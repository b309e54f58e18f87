import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteLocalDb, LOCAL_DB_NAME, localDb } from '../local-db';
import {
  listFavorites,
  removeFavorite,
  saveFavorite,
  toggleFavorite,
  watchFavorites,
  type FavoriteItem,
  type FavoriteRow,
} from './favorites-repository';

const home: FavoriteItem = { kind: 'listing', id: 'l-1', label: '4 bed in Austin Point', path: '/listing/l-1' };
const otherHome: FavoriteItem = { kind: 'listing', id: 'l-2', label: 'Corner lot', path: '/listing/l-2' };
const community: FavoriteItem = { kind: 'community', id: 'l-1', label: 'Austin Point', path: '/community/austin-point' };

afterEach(async () => {
  await deleteLocalDb();
});

describe('favourites on this device', () => {
  it('lists saved items newest first, and a listing and a community with the same id are two favourites', async () => {
    await saveFavorite(home, new Date('2026-01-01T10:00:00Z'));
    await saveFavorite(community, new Date('2026-01-02T10:00:00Z'));
    await saveFavorite(otherHome, new Date('2026-01-03T10:00:00Z'));
    const rows = await listFavorites();
    expect(rows.map((row) => row.key)).toEqual(['listing:l-2', 'community:l-1', 'listing:l-1']);
    expect(rows[1]).toMatchObject({ kind: 'community', label: 'Austin Point', path: '/community/austin-point' });
  });

  it('toggling saves, then removes, and answers the new state', async () => {
    expect(await toggleFavorite(home)).toBe(true);
    expect((await listFavorites()).map((row) => row.id)).toEqual(['l-1']);
    expect(await toggleFavorite(home)).toBe(false);
    expect(await listFavorites()).toEqual([]);
  });

  it('saving twice keeps one favourite; removing one leaves the others', async () => {
    await saveFavorite(home);
    await saveFavorite(home);
    await saveFavorite(community);
    await removeFavorite('listing', 'l-1');
    expect((await listFavorites()).map((row) => row.key)).toEqual(['community:l-1']);
  });

  it('survives closing and reopening the database (a reload)', async () => {
    await saveFavorite(home);
    localDb().close();
    await localDb().open();
    expect((await listFavorites()).map((row) => row.key)).toEqual(['listing:l-1']);
  });

  it('tells a watcher the current list and every change', async () => {
    const seen: string[][] = [];
    let resolveWhen: ((rows: FavoriteRow[]) => boolean) | undefined;
    let done: () => void = () => {};
    const stop = watchFavorites(
      (rows) => {
        seen.push(rows.map((row) => row.key));
        if (resolveWhen?.(rows)) done();
      },
      (error) => {
        throw error;
      },
    );
    const reach = (predicate: (rows: FavoriteRow[]) => boolean) =>
      new Promise<void>((resolve) => {
        resolveWhen = predicate;
        done = resolve;
      });
    const saved = reach((rows) => rows.length === 1);
    await saveFavorite(home);
    await saved;
    const removed = reach((rows) => rows.length === 0);
    await removeFavorite('listing', 'l-1');
    await removed;
    stop();
    expect(seen.at(-2)).toEqual(['listing:l-1']);
    expect(seen.at(-1)).toEqual([]);
  });

  it('a device with the previous database version keeps its data and gains the favourites table', async () => {
    const previous = new Dexie(LOCAL_DB_NAME);
    previous.version(1).stores({
      communities: 'id, slug',
      listings: 'id, communityId',
      properties: 'id',
      contacts: 'id',
      settings: 'key',
      outbox: 'id, [state+nextAttemptAt], entityId, createdAt',
      meta: 'key',
    });
    await previous.table('meta').put({ key: 'lastSyncAt', value: '2026-01-01T00:00:00.000Z' });
    previous.close();

    await saveFavorite(home);
    expect(await localDb().meta.get('lastSyncAt')).toEqual({ key: 'lastSyncAt', value: '2026-01-01T00:00:00.000Z' });
    expect((await listFavorites()).map((row) => row.key)).toEqual(['listing:l-1']);
  });
});
