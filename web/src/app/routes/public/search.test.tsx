/**
 * The search page and the community page's filters, rendered on the server through the real entry with a reader
 * over the example data: what a shared URL shows before any script runs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedRecords, type SeedRecords } from '@data-seed';
import { DEFAULT_SITE_SETTINGS } from '@domain/schemas/settings';
import { render } from '@/entry-server';
import type { PublicReader } from '@/data/public-reader';
import { SEARCH_PAGE_SIZE } from '@/features/search/listing-filters';

const ORIGIN = 'https://homes.example.com';
let seed: SeedRecords;
let reader: PublicReader;

beforeAll(() => {
  seed = seedRecords();
  reader = {
    listCommunities: async () => seed.communities,
    getCommunity: async (idOrSlug) => seed.communities.find((c) => c.id === idOrSlug || c.slug === idOrSlug) ?? null,
    listListings: async (communityId) => seed.listings.filter((l) => !communityId || l.communityId === communityId),
    getListing: async (id) => seed.listings.find((l) => l.id === id) ?? null,
    getSettings: async () => DEFAULT_SITE_SETTINGS,
  };
});

/** Listing ids linked from the page's cards, in page order. */
const listingLinks = (html: string) => [...html.matchAll(/href="\/listing\/([^"]+)"/g)].map((match) => match[1]!);
const communityId = (slug: string) => seed.communities.find((community) => community.slug === slug)!.id;

describe('/search rendered on the server', () => {
  it('without filters: every listing, newest first, with the filter form and its labels', async () => {
    const result = await render('/search', ORIGIN, reader);
    expect(result.status).toBe(200);
    expect(result.head).toContain('<title data-head>Search Homes for Sale in Houston Communities');
    expect(result.head).toContain(`<link data-head rel="canonical" href="${ORIGIN}/search">`);
    expect(result.head).not.toContain('noindex');
    const newestFirst = [...seed.listings].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
    );
    // The first step of cards, then 'Load more' (a link to the next step, for a page whose script has not run).
    expect(listingLinks(result.html)).toEqual(newestFirst.slice(0, SEARCH_PAGE_SIZE).map((listing) => listing.id));
    expect(result.html).toContain('href="/search?page=2"');
    expect(result.html).toContain(`Showing ${SEARCH_PAGE_SIZE} of ${seed.listings.length} homes`);
    for (const label of [
      'Keywords',
      'Community',
      'Min price',
      'Max price',
      'Beds',
      'Baths',
      'Type',
      'Status',
      'Sort by',
    ])
      expect(result.html).toContain(`>${label}</label>`);
    expect(result.html).toContain(`${seed.listings.length} homes`);
  });

  it('with filters in the URL: only the matching listings, in the chosen order, and the choices selected', async () => {
    const url =
      '/search?community=lakeshore-reserve&minPrice=200000&maxPrice=500000&beds=2&status=available&sort=price-asc';
    const result = await render(url, ORIGIN, reader);
    const expected = seed.listings
      .filter(
        (l) =>
          l.communityId === communityId('lakeshore-reserve') &&
          l.price >= 200_000 &&
          l.price <= 500_000 &&
          l.bedrooms >= 2 &&
          l.status === 'AVAILABLE',
      )
      .sort((a, b) => a.price - b.price);
    expect(expected.length).toBeGreaterThan(1);
    expect(listingLinks(result.html)).toEqual(expected.map((listing) => listing.id));
    expect(result.html).toMatch(/<option value="lakeshore-reserve" selected="">Lakeshore Reserve<\/option>/);
    expect(result.html).toMatch(/<option value="price-asc" selected="">/);
    expect(result.html).toContain(`${expected.length} homes match of ${seed.listings.length}`);
    expect(result.head).toContain('noindex, follow');
  });

  it('reads the words as filters, shows them as chips and remembers how far Load more went', async () => {
    const result = await render(`/search?q=${encodeURIComponent('4 bed under 400k')}`, ORIGIN, reader);
    const expected = seed.listings.filter((l) => l.bedrooms >= 4 && l.price <= 400_000);
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(listingLinks(result.html))).toEqual(new Set(expected.map((listing) => listing.id)));
    expect(result.html).toContain('aria-label="Remove 4+ beds"');
    expect(result.html).toContain('aria-label="Remove Up to $400,000"');
    expect(result.html).toContain('Filters (2)');
    expect(result.html).toContain(`${expected.length} homes match of ${seed.listings.length}`);

    const paged = await render('/search?page=2', ORIGIN, reader);
    expect(listingLinks(paged.html)).toHaveLength(Math.min(seed.listings.length, 2 * SEARCH_PAGE_SIZE));
  });

  it('shows the empty state when nothing matches', async () => {
    const result = await render('/search?q=no-such-street-anywhere', ORIGIN, reader);
    expect(result.status).toBe(200);
    expect(listingLinks(result.html)).toEqual([]);
    expect(result.html).toContain('No homes match these filters');
  });
});

describe('/search headings', () => {
  it('go down one level at a time: the h1, an h2 for the results, then the cards’ h3 titles', async () => {
    const { html } = await render('/search', ORIGIN, reader);
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level, `heading ${index + 1} after h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
    expect(levels).toContain(3);
  });

  it('names each search landmark, so a screen reader can tell the words from the filters', async () => {
    const { html } = await render('/search', ORIGIN, reader);
    const names = [...html.matchAll(/<form[^>]*role="search"[^>]*>/g)].map(
      ([tag]) => /aria-label="([^"]+)"/.exec(tag)?.[1],
    );
    expect(names).toEqual(['Search homes', 'Filters']);
  });
});

describe('community page filters rendered on the server', () => {
  it('keeps the available listings in server order without filters', async () => {
    const result = await render('/community/emberly', ORIGIN, reader);
    const available = seed.listings.filter((l) => l.communityId === communityId('emberly') && l.status === 'AVAILABLE');
    expect(listingLinks(result.html)).toEqual(available.map((listing) => listing.id));
  });

  it('narrows the community listings by the URL filters', async () => {
    const result = await render('/community/emberly?status=any&type=townhome', ORIGIN, reader);
    const expected = seed.listings.filter((l) => l.communityId === communityId('emberly') && l.type === 'TOWNHOME');
    expect(expected.length).toBeGreaterThan(0);
    expect(listingLinks(result.html)).toEqual(expected.map((listing) => listing.id));
    const sold = await render('/community/emberly?status=sold', ORIGIN, reader);
    expect(listingLinks(sold.html)).toEqual(
      seed.listings.filter((l) => l.communityId === communityId('emberly') && l.status === 'SOLD').map((l) => l.id),
    );
  });
});
