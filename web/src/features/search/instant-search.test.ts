import { describe, expect, it } from 'vitest';
import { seedRecords } from '@data-seed';
import { foundText, instantSearch, NO_RESULTS, type SearchCommunity, type SearchListing } from './instant-search';

const communities: SearchCommunity[] = [
  { id: 'c1', slug: 'lakeshore-reserve', name: 'Lakeshore Reserve', location: 'League City, TX', amenities: ['Beach'] },
  { id: 'c2', slug: 'emberly', name: 'Emberly', location: 'Rosenberg, TX', amenities: ['Dog park', 'Lake trail'] },
  { id: 'c3', slug: 'blue-lake', name: 'Blue Lake', location: 'Katy, TX', amenities: [] },
];

const listing = (id: string, overrides: Partial<SearchListing>): SearchListing => ({
  id,
  title: `Home ${id}`,
  address: `${id} Main Street`,
  communityId: 'c1',
  price: 300_000,
  bedrooms: 3,
  bathrooms: 2,
  status: 'AVAILABLE',
  type: 'HOUSE',
  ...overrides,
});

const listings = [
  listing('l1', { title: 'Marina Plan with Lake View', address: '1568 Sailfish Cove Lane, League City, TX' }),
  listing('l2', { title: 'Shoreline Estate', status: 'SOLD', address: '6939 Seabreeze Harbor Way' }),
  listing('l3', { title: 'Shoreline Cottage', address: '12 Harbor Way' }),
  listing('l4', { title: 'Emberly Park Townhome', communityId: 'c2', address: '7878 Firefly Meadow Way' }),
];

describe('instantSearch', () => {
  it('finds nothing for an empty query', () => {
    expect(instantSearch('   ', communities, listings)).toEqual(NO_RESULTS);
  });

  it('matches communities by name, location and amenity, names first', () => {
    const results = instantSearch('lake', communities, listings);
    // "Lakeshore" starts with the word, "Blue Lake" has it as a word, Emberly only has it in an amenity.
    expect(results.communities.map((hit) => hit.name)).toEqual(['Lakeshore Reserve', 'Blue Lake', 'Emberly']);
    expect(results.communities[2]).toMatchObject({ href: '/community/emberly', matchedAmenity: 'Lake trail' });
    expect(instantSearch('katy', communities, []).communities.map((hit) => hit.name)).toEqual(['Blue Lake']);
    expect(instantSearch('DOG park', communities, []).communities.map((hit) => hit.name)).toEqual(['Emberly']);
  });

  it('matches listings by title, address and community name, with every word required', () => {
    expect(instantSearch('sailfish', communities, listings).listings.map((hit) => hit.id)).toEqual(['l1']);
    expect(instantSearch('emberly', communities, listings).listings).toMatchObject([
      { id: 'l4', href: '/listing/l4', communityName: 'Emberly' },
    ]);
    expect(instantSearch('harbor way', communities, listings).listings.map((hit) => hit.id)).toEqual(['l3', 'l2']);
    expect(instantSearch('harbor nowhere', communities, listings).listings).toEqual([]);
  });

  it('puts homes still for sale before sold ones of the same rank', () => {
    expect(instantSearch('shoreline', communities, listings).listings.map((hit) => hit.id)).toEqual(['l3', 'l2']);
  });

  it('caps each group', () => {
    const many = Array.from({ length: 30 }, (_, index) => listing(`m${index}`, { title: `Oak Plan ${index}` }));
    const results = instantSearch('oak', communities, many, { communities: 2, listings: 4 });
    expect(results.listings).toHaveLength(4);
    // What was found in all, for the status line: the list shows 4 of 30.
    expect(results.found).toEqual({ communities: 0, listings: 30 });
    expect(foundText(results)).toBe(
      '0 communities and 30 homes found. Showing 0 and 4; the search page lists them all.',
    );
    const few = instantSearch('oak plan 29', communities, many);
    expect(foundText(few)).toBe('0 communities and 1 home found.');
  });

  it('finds the seeded communities by what a buyer types', () => {
    const seed = seedRecords();
    const hits = instantSearch('fulshear', seed.communities, seed.listings);
    expect(hits.communities.map((hit) => hit.name)).toEqual(['Indigo']);
    // Every listing of Indigo has a Fulshear address.
    expect(hits.listings.length).toBeGreaterThan(0);
    expect(hits.listings.every((hit) => hit.address.includes('Fulshear'))).toBe(true);
  });

  it('reads rooms, price and type in the words as filters, as /search does', () => {
    const homes = [
      listing('a', { bedrooms: 4, price: 380_000 }),
      listing('b', { bedrooms: 4, price: 420_000 }),
      listing('c', { bedrooms: 3, price: 350_000 }),
      listing('d', { type: 'TOWNHOME', communityId: 'c3', address: '4 Elm Row, Katy, TX' }),
    ];
    expect(instantSearch('4 bed under 400k', communities, homes).listings.map((hit) => hit.id)).toEqual(['a']);
    const townhomes = instantSearch('townhome katy', communities, homes);
    expect(townhomes.listings.map((hit) => hit.id)).toEqual(['d']);
    // A community is offered when it has a home that fits what was named.
    expect(townhomes.communities.map((hit) => hit.name)).toEqual(['Blue Lake']);
    expect(instantSearch('condo katy', communities, homes)).toEqual(NO_RESULTS);
  });

  it('finds a community and its homes by its name alone', () => {
    const hits = instantSearch('lakeshore 3 bed', communities, listings);
    expect(hits.communities.map((hit) => hit.name)).toEqual(['Lakeshore Reserve']);
    expect(hits.listings.map((hit) => hit.id).sort()).toEqual(['l1', 'l2', 'l3']);
  });
});
