import { describe, expect, it } from 'vitest';
import { seedRecords } from '@data-seed';
import { toCommunityListItem } from '@domain/schemas/community';
import { homeFigures, startingPrice } from './home-figures';

const community = (priceRange: string, schools: string[], builderNames: string[]) => ({
  priceRange,
  schools,
  builderNames,
});

describe('home figures', () => {
  it('reads the first amount of a price range', () => {
    expect(startingPrice('$280s - $550s')).toBe(280_000);
    expect(startingPrice('$350K - $600K')).toBe(350_000);
    expect(startingPrice('From $1.2M')).toBe(1_200_000);
    expect(startingPrice('$425,000')).toBe(425_000);
    expect(startingPrice('Call for pricing')).toBeNull();
    expect(startingPrice('')).toBeNull();
  });

  it('counts communities, distinct builders and school districts, and finds the lowest starting price', () => {
    const figures = homeFigures([
      community('$300s - $500s', ['Katy ISD', 'Stonecreek Elementary'], ['Perry Homes', 'Gulf Coast Homes']),
      community('$230s - $400s', ['Lamar CISD', 'katy isd'], ['perry homes ']),
      community('Call for pricing', ['Spring Branch School District'], []),
    ]);
    expect(figures).toEqual([
      { value: '3', label: 'Communities' },
      { value: '$230K+', label: 'Starting Prices' },
      { value: '2', label: 'Builders' },
      { value: '3', label: 'School Districts' },
    ]);
  });

  it('leaves out a figure with nothing behind it, and says "1 Community"', () => {
    expect(homeFigures([community('', ['Pecan Elementary'], [])])).toEqual([{ value: '1', label: 'Community' }]);
    expect(homeFigures([])).toEqual([]);
  });

  it('gives the same figures from whole records and from list items (the example data: 9 communities)', () => {
    const { communities } = seedRecords();
    const fromRecords = homeFigures(communities);
    expect(homeFigures(communities.map(toCommunityListItem))).toEqual(fromRecords);
    expect(fromRecords[0]).toEqual({ value: String(communities.length), label: 'Communities' });
    const builders = new Set(communities.flatMap((c) => c.builders.map((b) => b.name.toLowerCase())));
    expect(fromRecords).toContainEqual({ value: String(builders.size), label: 'Builders' });
  });
});
