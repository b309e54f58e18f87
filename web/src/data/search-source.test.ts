import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedRecords } from '@data-seed';
import { configureHttpClient } from './http-client';
import { deleteLocalDb, localDb } from './local-db';
import { loadSearchRecords, SEARCH_COPY_TIME_LIMIT_MS } from './search-source';
import { StorageTimeLimitError } from './storage-time-limit';
import { holdStore } from './test-support/stuck-store';
import { refreshOfflinePack } from './offline-pack';
import { communityListAnswer, startFakeApi, unreachableBaseUrl, type FakeApi } from './test-support/fake-api';
import { DEFAULT_SITE_SETTINGS } from '@domain/schemas/settings';

const seed = seedRecords();
/** The server has two communities and their listings: fewer than the seed, so the source is visible. */
const serverCommunities = seed.communities.slice(0, 2);
const serverListings = seed.listings.filter((listing) => serverCommunities.some((c) => c.id === listing.communityId));

let api: FakeApi;
let offlineUrl: string;

beforeAll(async () => {
  api = await startFakeApi((request) => {
    const path = new URL(request.path, 'http://x/').pathname;
    if (path === '/public/communities') return communityListAnswer(serverCommunities, request.path);
    if (path === '/public/settings') return { status: 200, body: DEFAULT_SITE_SETTINGS };
    if (path === '/public/listings') return { status: 200, body: serverListings };
    return { status: 404, body: { error: 'Not Found' } };
  });
  offlineUrl = await unreachableBaseUrl();
});
afterAll(async () => {
  await api.close();
});
beforeEach(async () => {
  await deleteLocalDb();
  api.requests.length = 0;
});

const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe('loadSearchRecords', () => {
  it('before the offline pack: asks the server and keeps what it answered on the device', async () => {
    configureHttpClient({ baseUrl: api.baseUrl });
    const records = await loadSearchRecords();
    expect(records.source).toBe('server-first');
    expect(sortedIds(records.communities)).toEqual(sortedIds(serverCommunities));
    expect(sortedIds(records.listings)).toEqual(sortedIds(serverListings));
    expect(sortedIds(await localDb().listings.toArray())).toEqual(sortedIds(serverListings));
  });

  it('after the offline pack: reads IndexedDB only, with no network at all', async () => {
    configureHttpClient({ baseUrl: api.baseUrl });
    await refreshOfflinePack();
    configureHttpClient({ baseUrl: offlineUrl });
    const before = api.requests.length;
    const records = await loadSearchRecords();
    expect(records.source).toBe('device');
    expect(sortedIds(records.communities)).toEqual(sortedIds(serverCommunities));
    expect(sortedIds(records.listings)).toEqual(sortedIds(serverListings));
    expect(api.requests.length).toBe(before);
  });

  it('offline on a device that never saw the server: the seeded example data answers', async () => {
    configureHttpClient({ baseUrl: offlineUrl });
    const records = await loadSearchRecords();
    expect(sortedIds(records.communities)).toEqual(sortedIds(seed.communities));
    expect(records.listings).toHaveLength(seed.listings.length);
  });

  it("after the offline pack, when the device's copy stops answering (WebKit): asks the server instead", async () => {
    configureHttpClient({ baseUrl: api.baseUrl });
    await refreshOfflinePack();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stuck = await holdStore('listings');
    try {
      const started = Date.now();
      const records = await loadSearchRecords();
      expect(records.source).toBe('server-first');
      expect(sortedIds(records.listings)).toEqual(sortedIds(serverListings));
      // The dialog's time limit, then the server's answer (and the copy's own limit on storing it).
      expect(Date.now() - started).toBeLessThan(SEARCH_COPY_TIME_LIMIT_MS + 3_000);
      expect(warn).toHaveBeenCalledWith('Local copy unavailable for search', expect.any(StorageTimeLimitError));
    } finally {
      await stuck.release();
      warn.mockRestore();
    }
  }, 15_000);
});
