import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedImagePaths, seedRecords, webpVariant as seedWebpVariant } from '@data-seed';
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import { DEFAULT_SITE_SETTINGS } from '@domain/schemas/settings';
import { configureHttpClient } from './http-client';
import { deleteLocalDb, localDb, META_KEYS, readMeta } from './local-db';
import { collectImageUrls, persistStorage, refreshOfflinePack, webpVariant } from './offline-pack';
import { getListing } from './repositories/public-repository';
import { communityListAnswer, startFakeApi, type FakeApi } from './test-support/fake-api';

const seed = seedRecords();
let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi((request) => {
    if (request.path.startsWith('public/communities')) return communityListAnswer(seed.communities, request.path);
    if (request.path === 'public/listings') return { status: 200, body: seed.listings };
    if (request.path === 'public/settings') return { status: 200, body: DEFAULT_SITE_SETTINGS };
    return { status: 404, body: { error: 'Not Found' } };
  });
});
afterAll(async () => {
  await api.close();
});
beforeEach(async () => {
  await deleteLocalDb();
  configureHttpClient({ baseUrl: api.baseUrl });
});

describe('refreshOfflinePack', () => {
  it('stores every community, listing and the settings, and records when', async () => {
    // A stale community from an older visit goes.
    await localDb().communities.put({ ...seed.communities[0]!, id: 'stale', slug: 'stale' });
    const result = await refreshOfflinePack(() => 1234);
    expect(result.communities).toBe(seed.communities.length);
    expect(result.listings).toBe(seed.listings.length);
    expect(await localDb().communities.count()).toBe(seed.communities.length);
    expect(await localDb().listings.count()).toBe(seed.listings.length);
    expect(await localDb().settings.get('site')).toEqual({ key: 'site', value: DEFAULT_SITE_SETTINGS });
    expect(await readMeta(META_KEYS.offlinePackAt)).toBe(1234);
  });

  it('returns every image the pages show, with the WebP variants of the site’s JPEGs', async () => {
    const { imageUrls } = await refreshOfflinePack();
    for (const path of seedImagePaths()) {
      expect(imageUrls).toContain(path);
      for (const width of [480, 960, 1600]) expect(imageUrls).toContain(seedWebpVariant(path, width));
    }
    expect(new Set(imageUrls).size).toBe(imageUrls.length);
  });
});

describe('collectImageUrls', () => {
  const community = (image: string, backgroundImage = '') =>
    ({ image, sections: { hero: { backgroundImage } } }) as unknown as Community;

  it('resolves bare names and empty images like the pages do', () => {
    const urls = collectImageUrls(
      [community('cypress.jpg'), community('')],
      [{ images: ['https://cdn.example.com/a.png', '/uploads/0123456789abcdef-960.webp'] } as unknown as Listing],
    );
    expect(urls).toEqual(
      [
        '/images/communities/cypress.jpg',
        '/images/communities/cypress-480.webp',
        '/images/communities/cypress-960.webp',
        '/images/communities/cypress-1600.webp',
        '/images/communities/default.jpg',
        '/images/communities/default-480.webp',
        '/images/communities/default-960.webp',
        '/images/communities/default-1600.webp',
        'https://cdn.example.com/a.png',
        // The second photo of the grid: its srcset's smaller width too.
        '/uploads/0123456789abcdef-480.webp',
        '/uploads/0123456789abcdef-960.webp',
      ].sort(),
    );
  });

  it('keeps every width of the photos in a listing page grid (the first three), and resolves bare photo names under /images/listings/', () => {
    const urls = collectImageUrls(
      [],
      [
        {
          images: [
            '/uploads/c0ffee-1200.webp',
            '/uploads/beef-1000.webp',
            '/uploads/cafe-480.webp',
            '/uploads/fade-1600.webp',
          ],
        },
        { images: ['porch.jpg'] },
      ] as unknown as Listing[],
    );
    expect(urls).toEqual(
      [
        '/uploads/c0ffee-480.webp',
        '/uploads/c0ffee-960.webp',
        '/uploads/c0ffee-1200.webp',
        '/uploads/beef-480.webp',
        '/uploads/beef-960.webp',
        '/uploads/beef-1000.webp',
        '/uploads/cafe-480.webp',
        // The fourth shows only in the viewer, at its stored width.
        '/uploads/fade-1600.webp',
        '/images/listings/porch.jpg',
        '/images/listings/porch-480.webp',
        '/images/listings/porch-960.webp',
        '/images/listings/porch-1600.webp',
      ].sort(),
    );
  });

  it('mirrors data-seed’s variant names', () => {
    expect(webpVariant('/images/x/a.JPEG', 960)).toBe(seedWebpVariant('/images/x/a.JPEG', 960));
  });
});

describe('persistStorage', () => {
  it('asks once, and reports false where the API is missing', async () => {
    expect(await persistStorage()).toBe(false);
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persist, persisted: async () => false } });
    expect(await persistStorage()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

describe('the offline pack and the pages read while it downloads', () => {
  it('leaves alone what a page heard after the pack began: a newer price stays, a removed home stays removed', async () => {
    const community = seed.communities[0]!;
    const homes = seed.listings.filter((listing) => listing.communityId === community.id);
    const [edited, removed] = [homes[0]!, homes[1]!];
    let serverListings: Listing[] = seed.listings;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const racing = await startFakeApi(async (request) => {
      if (request.path.startsWith('public/communities?') || request.path === 'public/communities')
        return communityListAnswer(seed.communities, request.path);
      if (request.path === 'public/listings') {
        // The pack's list left the server before the edits below, and arrives late (a slow phone).
        const snapshot = serverListings;
        await held;
        return { status: 200, body: snapshot };
      }
      const one = /^public\/listings\/(.+)$/.exec(request.path);
      const found = one && serverListings.find((listing) => listing.id === one[1]);
      if (found) return { status: 200, body: found };
      if (request.path === 'public/settings') return { status: 200, body: DEFAULT_SITE_SETTINGS };
      return { status: 404, body: { error: 'Not Found' } };
    });
    configureHttpClient({ baseUrl: racing.baseUrl });
    try {
      const pack = refreshOfflinePack();
      await vi.waitFor(() => expect(racing.requests.some((request) => request.path === 'public/listings')).toBe(true));
      // An admin raises one home's price and removes another; the visitor opens both pages.
      const raised = { ...edited, price: edited.price + 50_000, version: edited.version + 1 };
      serverListings = seed.listings
        .filter((listing) => listing.id !== removed.id)
        .map((listing) => (listing.id === edited.id ? raised : listing));
      expect((await getListing(edited.id))?.price).toBe(raised.price);
      expect(await getListing(removed.id)).toBeNull();

      release();
      await pack;
      expect((await localDb().listings.get(edited.id))?.price, 'the newer price is kept').toBe(raised.price);
      expect(await localDb().listings.get(removed.id), 'the removed home does not come back').toBeUndefined();
      // Everything else the pack brought is stored.
      expect(await localDb().listings.count()).toBe(seed.listings.length - 1);
    } finally {
      await racing.close();
    }
  });
});
