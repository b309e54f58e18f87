import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_PAGE_DEFAULTS,
  filterListings,
  hasActiveFilters,
  listingFiltersToParams,
  matchesAllWords,
  normaliseText,
  parseListingFilters,
  SEARCH_PAGE_DEFAULTS,
  type FilterableListing,
  type ListingFilters,
} from './listing-filters';

const communities = [
  { id: 'c1', slug: 'lakeshore-reserve', name: 'Lakeshore Reserve' },
  { id: 'c2', slug: 'emberly', name: 'Emberly' },
];

function listing(id: string, overrides: Partial<FilterableListing>): FilterableListing {
  return {
    id,
    title: `Home ${id}`,
    address: `${id} Main Street, Houston, TX`,
    price: 300_000,
    bedrooms: 3,
    bathrooms: 2,
    type: 'HOUSE',
    status: 'AVAILABLE',
    communityId: 'c1',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const listings = [
  listing('a', {
    title: 'Harbor Plan',
    price: 350_000,
    bedrooms: 3,
    bathrooms: 2.5,
    createdAt: '2026-03-01T00:00:00Z',
  }),
  listing('b', { title: 'Boardwalk Condo', type: 'CONDO', price: 274_500, bedrooms: 2, bathrooms: 2 }),
  listing('c', { title: 'Shoreline Estate', price: 795_000, bedrooms: 5, bathrooms: 5, status: 'SOLD' }),
  listing('d', {
    title: 'Emberly Park Townhome',
    communityId: 'c2',
    type: 'TOWNHOME',
    price: 284_900,
    bedrooms: 3,
    bathrooms: 2.5,
    address: '7878 Firefly Meadow Way, Rosenberg, TX',
    createdAt: '2026-05-01T00:00:00Z',
  }),
  listing('e', { title: 'Lantern Plan', communityId: 'c2', price: 421_000, bedrooms: 4, status: 'PENDING' }),
];

const ids = (rows: FilterableListing[]) => rows.map((row) => row.id);
const filters = (overrides: Partial<ListingFilters>): ListingFilters => ({ ...SEARCH_PAGE_DEFAULTS, ...overrides });

describe('parseListingFilters', () => {
  it('reads every filter from the URL', () => {
    const parsed = parseListingFilters(
      new URLSearchParams(
        'q=  lake   view &community=Emberly&minPrice=200000&maxPrice=500000&beds=3&baths=2.5&type=townhome&status=pending&sort=price-desc',
      ),
    );
    expect(parsed).toEqual({
      q: 'lake view',
      community: 'emberly',
      minPrice: 200_000,
      maxPrice: 500_000,
      beds: 3,
      baths: 2.5,
      type: 'TOWNHOME',
      status: 'PENDING',
      sort: 'price-desc',
    });
  });

  it('ignores values it does not understand instead of failing', () => {
    const parsed = parseListingFilters(
      new URLSearchParams('minPrice=cheap&maxPrice=-5&beds=99&baths=&type=castle&status=gone&sort=random'),
    );
    expect(parsed).toEqual(SEARCH_PAGE_DEFAULTS);
  });

  it('swaps a reversed price range and cuts a very long query', () => {
    const parsed = parseListingFilters(new URLSearchParams(`minPrice=500000&maxPrice=300000&q=${'x'.repeat(500)}`));
    expect([parsed.minPrice, parsed.maxPrice]).toEqual([300_000, 500_000]);
    expect(parsed.q).toHaveLength(100);
  });

  it('uses the page defaults: the community page shows available homes unless asked for any status', () => {
    expect(parseListingFilters(new URLSearchParams(''), COMMUNITY_PAGE_DEFAULTS).status).toBe('AVAILABLE');
    expect(parseListingFilters(new URLSearchParams('status=any'), COMMUNITY_PAGE_DEFAULTS).status).toBe('ANY');
    expect(parseListingFilters(new URLSearchParams(''), SEARCH_PAGE_DEFAULTS).status).toBe('ANY');
  });
});

describe('listingFiltersToParams', () => {
  it('round-trips through the URL', () => {
    const original = filters({ q: 'lake', community: 'emberly', minPrice: 1, beds: 2, type: 'LOT', sort: 'beds' });
    expect(parseListingFilters(listingFiltersToParams(original))).toEqual(original);
    const onCommunity = { ...COMMUNITY_PAGE_DEFAULTS, status: 'ANY' as const, baths: 3 };
    expect(
      parseListingFilters(listingFiltersToParams(onCommunity, COMMUNITY_PAGE_DEFAULTS), COMMUNITY_PAGE_DEFAULTS),
    ).toEqual(onCommunity);
  });

  it('leaves defaults out, so the plain page has a plain URL', () => {
    expect(listingFiltersToParams(SEARCH_PAGE_DEFAULTS).toString()).toBe('');
    expect(listingFiltersToParams(COMMUNITY_PAGE_DEFAULTS, COMMUNITY_PAGE_DEFAULTS).toString()).toBe('');
    expect(listingFiltersToParams(filters({ status: 'SOLD', sort: 'price-asc' })).toString()).toBe(
      'status=sold&sort=price-asc',
    );
  });

  it('tells narrowing filters from a sort', () => {
    expect(hasActiveFilters(filters({ sort: 'beds' }))).toBe(false);
    expect(hasActiveFilters(filters({ beds: 2 }))).toBe(true);
    expect(hasActiveFilters(COMMUNITY_PAGE_DEFAULTS, COMMUNITY_PAGE_DEFAULTS)).toBe(false);
  });
});

describe('text matching', () => {
  it('ignores case, accents and extra space', () => {
    expect(normaliseText('  Café   LANE ')).toBe('cafe lane');
    expect(matchesAllWords(['cafe', 'lane'], ['Le Café', 'Oak Lane'])).toBe(true);
    expect(matchesAllWords(['cafe', 'court'], ['Le Café', 'Oak Lane'])).toBe(false);
  });
});

describe('filterListings', () => {
  it('keeps everything, newest first, without filters', () => {
    expect(ids(filterListings(listings, SEARCH_PAGE_DEFAULTS, communities))).toEqual(['d', 'a', 'b', 'e', 'c']);
  });

  it('filters by community slug, price range, rooms, type and status', () => {
    const run = (overrides: Partial<ListingFilters>) => ids(filterListings(listings, filters(overrides), communities));
    expect(run({ community: 'emberly' })).toEqual(['d', 'e']);
    expect(run({ community: 'no-such-place' })).toEqual([]);
    expect(run({ minPrice: 284_900, maxPrice: 421_000, sort: 'price-asc' })).toEqual(['d', 'a', 'e']);
    expect(run({ beds: 4, sort: 'beds' })).toEqual(['c', 'e']);
    expect(run({ baths: 2.5, sort: 'price-asc' })).toEqual(['d', 'a', 'c']);
    expect(run({ type: 'CONDO' })).toEqual(['b']);
    expect(run({ status: 'AVAILABLE', sort: 'price-desc' })).toEqual(['a', 'd', 'b']);
  });

  it('matches every query word in the title, address or community name', () => {
    const run = (q: string) => ids(filterListings(listings, filters({ q, sort: 'price-asc' }), communities));
    expect(run('lakeshore condo')).toEqual(['b']);
    expect(run('rosenberg')).toEqual(['d']);
    expect(run('EMBERLY')).toEqual(['d', 'e']);
    expect(run('emberly condo')).toEqual([]);
  });

  it('sorts by price both ways and by bedrooms, ties in a stable order', () => {
    const sorted = (sort: ListingFilters['sort']) => ids(filterListings(listings, filters({ sort }), communities));
    expect(sorted('price-asc')).toEqual(['b', 'd', 'a', 'e', 'c']);
    expect(sorted('price-desc')).toEqual(['c', 'e', 'a', 'd', 'b']);
    // a and d both have 3 beds and 2.5 baths: by title.
    expect(sorted('beds')).toEqual(['c', 'e', 'd', 'a', 'b']);
  });

  it('does not change the list it was given', () => {
    const copy = [...listings];
    filterListings(listings, filters({ sort: 'price-asc' }), communities);
    expect(listings).toEqual(copy);
  });
});
