import { describe, expect, it } from 'vitest';
import { seedRecords } from '@data-seed';
import { instantSearch, type SearchCommunity, type SearchListing } from './instant-search';

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
    expect(instantSearch('   ', communities, listings)).toEqual({ communities: [], listings: [] });
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
  });

  it('finds the seeded communities by what a buyer types', () => {
    const seed = seedRecords();
    const hits = instantSearch('fulshear', seed.communities, seed.listings);
    expect(hits.communities.map((hit) => hit.name)).toEqual(['Indigo']);
    // Every listing of Indigo has a Fulshear address.
    expect(hits.listings.length).toBeGreaterThan(0);
    expect(hits.listings.every((hit) => hit.address.includes('Fulshear'))).toBe(true);
  });
});
