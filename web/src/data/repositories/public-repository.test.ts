import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedRecords } from '@data-seed';
import type { AdminUser } from '@domain/schemas/admin-user';
import { PUBLIC_LIST_PAGE_SIZE } from '@domain/constants';
import { toCommunityListItem, type Community } from '@domain/schemas/community';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@domain/schemas/settings';
import { ApiError, NetworkUnreachableError } from '../http-errors';
import { configureHttpClient } from '../http-client';
import { deleteLocalDb, localDb } from '../local-db';
import { clearSession, setSession } from '../session';
import {
  communityListAnswer,
  startFakeApi,
  unreachableBaseUrl,
  type FakeAnswer,
  type FakeApi,
  type RecordedRequest,
} from '../test-support/fake-api';
import { createBrowserPublicReader } from './browser-public-reader';
import { StorageTimeLimitError } from '../storage-time-limit';
import { holdStore } from '../test-support/stuck-store';
import { COPY_READ_TIME_LIMIT_MS, COPY_WRITE_TIME_LIMIT_MS, NotOnDeviceError } from './public-repository';

const seed = seedRecords();
/** The server's content in this test: a few communities and their listings, in a deliberate order. */
let serverCommunities: Community[];
let serverSettings: SiteSettings;
let override: ((request: RecordedRequest) => FakeAnswer | undefined) | undefined;

function publicApi(request: RecordedRequest): FakeAnswer {
  const forced = override?.(request);
  if (forced) return forced;
  const url = new URL(request.path, 'http://x/');
  const path = url.pathname.slice(1);
  const listings = seed.listings.filter((listing) => serverCommunities.some((c) => c.id === listing.communityId));
  const notFound = { status: 404, body: { error: 'Not Found' } };
  if (path === 'public/communities') return communityListAnswer(serverCommunities, request.path);
  const community = /^public\/communities\/(.+)$/.exec(path);
  if (community) {
    const key = decodeURIComponent(community[1]!);
    const found = serverCommunities.find((c) => c.id === key || c.slug === key);
    return found ? { status: 200, body: found } : notFound;
  }
  if (path === 'public/listings') {
    const key = url.searchParams.get('communityId');
    const owner = serverCommunities.find((c) => c.id === key || c.slug === key);
    return { status: 200, body: key ? listings.filter((l) => l.communityId === owner?.id) : listings };
  }
  const listing = /^public\/listings\/(.+)$/.exec(path);
  if (listing) {
    const found = listings.find((l) => l.id === listing[1]);
    return found ? { status: 200, body: found } : notFound;
  }
  if (path === 'public/settings') return { status: 200, body: serverSettings };
  return notFound;
}

let api: FakeApi;
let offlineUrl: string;
const reader = createBrowserPublicReader();
/** What a visitor's community page reads (and the offline pack stores): every whole community record. */
const visitEveryCommunityPage = () => Promise.all(serverCommunities.map((c) => reader.getCommunity(c.slug)));
const goOffline = () => configureHttpClient({ baseUrl: offlineUrl });
const goOnline = () => configureHttpClient({ baseUrl: api.baseUrl });

beforeAll(async () => {
  api = await startFakeApi(publicApi);
  offlineUrl = await unreachableBaseUrl();
});
afterAll(async () => {
  await api.close();
});
beforeEach(async () => {
  await deleteLocalDb();
  goOnline();
  override = undefined;
  serverCommunities = [...seed.communities.slice(0, 3)].reverse();
  serverSettings = {
    ...DEFAULT_SITE_SETTINGS,
    general: { ...DEFAULT_SITE_SETTINGS.general, siteName: 'Server Homes' },
  };
  api.requests.length = 0;
  clearSession();
});

describe('online: the server answers and the answer is kept', () => {
  it('returns the server’s lists and writes them through to IndexedDB', async () => {
    const communities = await reader.listCommunities();
    expect(communities).toEqual(serverCommunities.map(toCommunityListItem));
    // The list answer carries list items, not whole records: it keeps no community on the device…
    expect(await localDb().communities.count()).toBe(0);
    // …the community pages (and the offline pack) do.
    await visitEveryCommunityPage();
    expect(await localDb().communities.toArray()).toHaveLength(3);
    expect(await localDb().communities.get(serverCommunities[0]!.id)).toEqual(serverCommunities[0]);

    const listings = await reader.listListings();
    expect(listings.length).toBeGreaterThan(0);
    expect(await localDb().listings.count()).toBe(listings.length);
    expect((await reader.getSettings()).general.siteName).toBe('Server Homes');
  });

  it('sends no token on public reads, even when an admin is logged in', async () => {
    setSession('admin-token', { id: 'a1' } as AdminUser);
    await reader.listCommunities();
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('reads every page of a long community list, in the server’s order', async () => {
    const many = Array.from({ length: PUBLIC_LIST_PAGE_SIZE * 2 + 1 }, (_, index) => ({
      ...seed.communities[0]!,
      id: `community-${index}`,
      slug: `community-${index}`,
    }));
    serverCommunities = many;
    const communities = await reader.listCommunities();
    expect(communities.map((c) => c.id)).toEqual(many.map((c) => c.id));
    expect(api.requests.map((request) => request.path)).toEqual([
      'public/communities?view=list',
      `public/communities?view=list&offset=${PUBLIC_LIST_PAGE_SIZE}`,
      `public/communities?view=list&offset=${PUBLIC_LIST_PAGE_SIZE * 2}`,
    ]);
  });

  it('drops local rows the server no longer lists', async () => {
    await visitEveryCommunityPage();
    await reader.listCommunities();
    await reader.listListings();
    const removed = serverCommunities.pop()!;
    await reader.listCommunities();
    await reader.listListings();
    expect(await localDb().communities.get(removed.id)).toBeUndefined();
    expect(await localDb().listings.where('communityId').equals(removed.id).count()).toBe(0);
  });

  it('a community the list no longer has takes its homes off the device with it', async () => {
    await visitEveryCommunityPage();
    await reader.listListings();
    const removed = serverCommunities.pop()!;
    expect(await localDb().listings.where('communityId').equals(removed.id).count()).toBeGreaterThan(0);
    await reader.listCommunities();
    expect(await localDb().listings.where('communityId').equals(removed.id).count()).toBe(0);
  });

  it('a 404 is an answer: null, not the local copy, and the stale copy goes', async () => {
    const [gone] = serverCommunities;
    await reader.getCommunity(gone!.slug);
    await reader.listListings();
    expect(await localDb().listings.where('communityId').equals(gone!.id).count()).toBeGreaterThan(0);
    serverCommunities = serverCommunities.slice(1);
    expect(await reader.getCommunity(gone!.slug)).toBeNull();
    expect(await localDb().communities.get(gone!.id)).toBeUndefined();
    expect(await localDb().listings.where('communityId').equals(gone!.id).count(), 'its homes too').toBe(0);
    expect(await reader.getListing('no-such-listing')).toBeNull();
  });

  it('other client errors are raised, not hidden behind the local copy', async () => {
    override = () => ({ status: 400, body: { error: 'Bad id' } });
    await expect(reader.getListing('x')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('offline: the local copy answers', () => {
  it('answers every public read from what the last online visit stored', async () => {
    const online = {
      communities: await reader.listCommunities(),
      listings: await reader.listListings(),
      settings: await reader.getSettings(),
    };
    const [first] = serverCommunities;
    await visitEveryCommunityPage();

    goOffline();
    expect(await reader.listCommunities()).toEqual(online.communities);
    expect(await reader.listListings()).toEqual(online.listings);
    expect(await reader.getSettings()).toEqual(online.settings);
    expect(await reader.getCommunity(first!.slug)).toEqual(first);
    expect(await reader.getCommunity(first!.id)).toEqual(first);
    const own = online.listings.filter((listing) => listing.communityId === first!.id);
    expect(await reader.listListings(first!.slug)).toEqual(own);
    expect(await reader.listListings(first!.id)).toEqual(own);
    expect(await reader.getListing(own[0]!.id)).toEqual(own[0]);
    // Offline, what the device never stored is not "no such record": only the server can say that.
    await expect(reader.getCommunity('no-such-community')).rejects.toBeInstanceOf(NotOnDeviceError);
    await expect(reader.getListing('no-such-listing')).rejects.toThrow(
      'This page is not saved on this device yet. Connect to the internet to open it.',
    );
  });

  it('falls back on a 5xx as on no network', async () => {
    await visitEveryCommunityPage();
    override = () => ({ status: 503, body: { error: 'Busy' } });
    expect(await reader.listCommunities()).toHaveLength(3);
  });

  it('falls back after the short timeout when the server does not answer', async () => {
    await visitEveryCommunityPage();
    override = () => 'hang';
    const started = Date.now();
    expect(await reader.listCommunities()).toHaveLength(3);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2900);
    expect(waited).toBeLessThan(6000);
  });

  it('an empty device is seeded with the example data, and settings fall back to the defaults', async () => {
    goOffline();
    const communities = await reader.listCommunities();
    expect(communities).toHaveLength(seed.communities.length);
    expect(await localDb().listings.count()).toBe(seed.listings.length);
    expect(await localDb().properties.count()).toBe(seed.properties.length);
    expect(await localDb().contacts.count()).toBe(0);
    expect(await reader.getCommunity(seed.communities[0]!.slug)).toMatchObject({ id: seed.communities[0]!.id });
    expect(await reader.getSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('does not seed a device that has communities', async () => {
    await visitEveryCommunityPage();
    goOffline();
    expect(await reader.listCommunities()).toHaveLength(3);
  });

  it('raises the network error when there is no local copy to show', async () => {
    goOffline();
    await expect(reader.getListing('missing')).rejects.toBeInstanceOf(NotOnDeviceError);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localDb().close();
    await expect(reader.listCommunities()).rejects.toBeInstanceOf(NetworkUnreachableError);
    expect(warn).toHaveBeenCalledWith('Local copy unavailable', expect.anything());
    warn.mockRestore();
  });
});

describe('a device whose database stopped answering (WebKit): the pages do not wait for it', () => {
  it('online, a listing opens with the server’s answer, and the copy is stored once the database answers', async () => {
    const listing = (await reader.listListings())[0]!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stuck = await holdStore('listings');
    try {
      const started = Date.now();
      expect(await reader.getListing(listing.id)).toEqual(listing);
      // The copy's time limit (COPY_WRITE_TIME_LIMIT_MS), not the stuck transaction's length.
      expect(Date.now() - started).toBeLessThan(COPY_WRITE_TIME_LIMIT_MS + 1_500);
      expect(warn).toHaveBeenCalledWith('Could not keep a local copy', expect.any(StorageTimeLimitError));
    } finally {
      await stuck.release();
      warn.mockRestore();
    }
    await localDb().listings.delete(listing.id);
    expect(await reader.getListing(listing.id)).toEqual(listing);
    expect(await localDb().listings.get(listing.id)).toEqual(listing);
  }, 10_000);

  it('offline, the page says the network failed instead of waiting for the copy', async () => {
    const listing = (await reader.listListings())[0]!;
    goOffline();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stuck = await holdStore('listings');
    try {
      const started = Date.now();
      await expect(reader.getListing(listing.id)).rejects.toBeInstanceOf(NetworkUnreachableError);
      expect(Date.now() - started).toBeLessThan(COPY_READ_TIME_LIMIT_MS + 1_500);
      expect(warn).toHaveBeenCalledWith('Local copy unavailable', expect.any(StorageTimeLimitError));
    } finally {
      await stuck.release();
      warn.mockRestore();
    }
    // Once the database answers again, the copy does.
    expect(await reader.getListing(listing.id)).toEqual(listing);
  }, 15_000);
});
