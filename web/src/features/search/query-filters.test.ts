import { describe, expect, it } from 'vitest';
import { parseListingFilters, SEARCH_PAGE_DEFAULTS, type ListingFilters } from './listing-filters';
import { applyFormChange, filterChips, formView, queryPlaces, resolveSearch, withoutChip } from './query-filters';

const communities = [
  { slug: 'stonecreek-estates', name: 'Stonecreek Estates', location: 'Katy, TX' },
  { slug: 'lakeshore-reserve', name: 'Lakeshore Reserve', location: 'League City, TX' },
];
const places = queryPlaces(communities);
const fromUrl = (search: string) => parseListingFilters(new URLSearchParams(search));

describe('queryPlaces', () => {
  it('takes the cities out of the communities’ locations', () => {
    expect(places.cities).toEqual(['Katy', 'League City']);
  });
});

describe('resolveSearch', () => {
  it('puts the filters named in the words over the URL’s own, and keeps the rest as words', () => {
    const raw = fromUrl('q=4+bed+under+400k+marina&beds=2&type=condo');
    const { filters } = resolveSearch(raw, places);
    expect(filters).toMatchObject({ beds: 4, maxPrice: 400_000, type: 'CONDO', q: 'marina' });
  });

  it('reads a city and a community', () => {
    expect(resolveSearch(fromUrl('q=townhome+katy'), places).filters).toMatchObject({
      type: 'TOWNHOME',
      city: 'Katy',
      q: '',
    });
    expect(resolveSearch(fromUrl('q=lakeshore'), places).filters.community).toBe('lakeshore-reserve');
  });
});

describe('filterChips', () => {
  it('names every filter in force, words last', () => {
    const raw = fromUrl('q=4+bed+under+400k+katy+pool&status=available&sort=price-asc');
    expect(filterChips(resolveSearch(raw, places), communities).map((chip) => chip.label)).toEqual([
      'In Katy',
      'Up to $400,000',
      '4+ beds',
      'Available Now',
      '“pool”',
    ]);
    const named = fromUrl('community=stonecreek-estates&minPrice=300000&baths=1');
    expect(filterChips(resolveSearch(named, places), communities).map((chip) => chip.label)).toEqual([
      'Stonecreek Estates',
      'From $300,000',
      '1+ bath',
    ]);
    expect(filterChips(resolveSearch(SEARCH_PAGE_DEFAULTS, places), communities)).toEqual([]);
  });
});

describe('withoutChip', () => {
  const raw = fromUrl('q=4+bed+under+400k+katy+pool&beds=2&status=sold');
  const remaining = (filters: ListingFilters) =>
    filterChips(resolveSearch(filters, places), communities).map((chip) => chip.key);

  it('takes a filter out of the words and out of its parameter', () => {
    const next = withoutChip(raw, 'beds', places);
    expect(next).toMatchObject({ q: 'under 400k katy pool', beds: null });
    expect(remaining(next)).toEqual(['city', 'maxPrice', 'status', 'words']);
  });

  it('takes the free words out and keeps the words that named filters', () => {
    expect(withoutChip(raw, 'words', places).q).toBe('4 bed under 400k katy');
  });

  it('takes a city or a status away', () => {
    expect(withoutChip(raw, 'city', places).q).toBe('4 bed under 400k pool');
    expect(withoutChip(raw, 'status', places).status).toBe('ANY');
  });
});

describe('applyFormChange', () => {
  const raw = fromUrl('q=4+bed+under+400k&type=house');
  const resolved = resolveSearch(raw, places);

  it('leaves a filter the words named in the words when the form did not change it', () => {
    const next = applyFormChange(raw, resolved, { ...formView(raw, resolved), status: 'AVAILABLE' }, places);
    expect(next).toMatchObject({
      q: '4 bed under 400k',
      beds: null,
      maxPrice: null,
      type: 'HOUSE',
      status: 'AVAILABLE',
    });
    expect(next.city).toBeUndefined();
  });

  it('takes a filter out of the words when the form chose another value for it', () => {
    const next = applyFormChange(raw, resolved, { ...formView(raw, resolved), beds: 2 }, places);
    expect(next).toMatchObject({ q: 'under 400k', beds: 2, maxPrice: null });
    expect(resolveSearch(next, places).filters).toMatchObject({ beds: 2, maxPrice: 400_000 });
  });
});
