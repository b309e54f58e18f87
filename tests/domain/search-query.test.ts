import { describe, expect, it } from 'vitest';
import { parseSearchQuery, removeQueryParts, type ParsedQuery, type QueryPlaces } from '../../domain/search-query';

const PLACES: QueryPlaces = {
  communities: [
    { slug: '9-austin-point', name: '9 Austin Point' },
    { slug: 'lakeshore-reserve', name: 'Lakeshore Reserve' },
    { slug: 'cypress-bend', name: 'Cypress Bend' },
    { slug: 'stonecreek-estates', name: 'Stonecreek Estates' },
    { slug: 'indigo', name: 'Indigo' },
  ],
  cities: ['Richmond', 'Katy', 'Cypress', 'League City', 'Fulshear'],
};

const parse = (text: string) => parseSearchQuery(text, PLACES);
/** The filters a text sets, without the spans (compared as a whole, so nothing extra slips in). */
const filters = ({ parts: _parts, ...rest }: ParsedQuery) => rest;
const NONE = {
  beds: null,
  baths: null,
  minPrice: null,
  maxPrice: null,
  type: null,
  community: '',
  city: '',
  words: '',
};

describe('parseSearchQuery', () => {
  it.each([
    ['4 bed under 400k', { beds: 4, maxPrice: 400_000 }],
    ['3br 2ba', { beds: 3, baths: 2 }],
    ['townhome katy', { type: 'TOWNHOME', city: 'Katy' }],
    ['Townhomes in Katy', { type: 'TOWNHOME', city: 'Katy' }],
    ['between 300k and 450k', { minPrice: 300_000, maxPrice: 450_000 }],
    ['between $450,000 and $300,000', { minPrice: 300_000, maxPrice: 450_000 }],
    ['300k-450k', { minPrice: 300_000, maxPrice: 450_000 }],
    ['300-450k', { minPrice: 300_000, maxPrice: 450_000 }],
    ['$300k to $450k', { minPrice: 300_000, maxPrice: 450_000 }],
    ['under $1.2m', { maxPrice: 1_200_000 }],
    ['under 1.2 million', { maxPrice: 1_200_000 }],
    ['less than $350,000', { maxPrice: 350_000 }],
    ['under 400', { maxPrice: 400_000 }],
    ['over 500k', { minPrice: 500_000 }],
    ['at least $600,000', { minPrice: 600_000 }],
    ['500k+', { minPrice: 500_000 }],
    ['400k', { maxPrice: 400_000 }],
    ['$350,000', { maxPrice: 350_000 }],
    ['2+ baths', { baths: 2 }],
    ['2.5 bath', { baths: 2.5 }],
    ['4+ bedrooms', { beds: 4 }],
    ['four bedroom house', { beds: 4, type: 'HOUSE' }],
    ['at least 3 beds', { beds: 3 }],
    ['beds: 5', { beds: 5 }],
    ['3/2 condo', { beds: 3, baths: 2, type: 'CONDO' }],
    ['lot in fulshear', { type: 'LOT', city: 'Fulshear' }],
    ['homesites', { type: 'LOT' }],
    ['single-family', { type: 'HOUSE' }],
    ['Lakeshore Reserve 3 bed', { community: 'lakeshore-reserve', beds: 3 }],
    ['lakeshore', { community: 'lakeshore-reserve' }],
    ['stonecreek 2 bath', { community: 'stonecreek-estates', baths: 2 }],
    ['9 Austin Point', { community: '9-austin-point' }],
    ['league city', { city: 'League City' }],
    ['Cypress', { city: 'Cypress' }],
    ['cypress bend', { community: 'cypress-bend' }],
    ['4 bed houses in Katy under $450k', { beds: 4, type: 'HOUSE', city: 'Katy', maxPrice: 450_000 }],
  ])('"%s" is understood', (text, expected) => {
    expect(filters(parse(text))).toEqual({ ...NONE, ...expected });
  });

  it.each([
    ['kayt', 'kayt'],
    ['4 bedd', '4 bedd'],
    ['marina', 'marina'],
    ['townhome katty', 'katty'],
    ['Pecan Bayou Lane 3 bed', 'Pecan Bayou Lane'],
    ['homes with a game room', 'game room'],
    ['Café Lane', 'Café Lane'],
  ])('"%s" keeps what it does not understand as words ("%s")', (text, words) => {
    expect(parse(text).words).toBe(words);
  });

  it('reads "3 to 4" without a price mark as nothing rather than millions', () => {
    expect(parse('3 to 4').minPrice).toBeNull();
    expect(parse('3 to 4').maxPrice).toBeNull();
  });

  it('lets a later mention of the same filter win', () => {
    expect(parse('3 bed 4 bed').beds).toBe(4);
  });

  it('answers nothing for an empty text', () => {
    expect(filters(parse('   '))).toEqual(NONE);
    expect(parse('').parts).toEqual([]);
  });

  it('keeps where each part was read from', () => {
    const text = '4 bed under 400k';
    const parts = parse(text).parts.map((part) => [part.key, text.slice(part.start, part.end)]);
    expect(parts).toEqual([
      ['beds', '4 bed'],
      ['maxPrice', 'under 400k'],
    ]);
  });
});

describe('removeQueryParts', () => {
  it('takes one filter out of the words and keeps the rest as typed', () => {
    expect(removeQueryParts('4 bed under 400k', PLACES, ['beds'])).toBe('under 400k');
    expect(removeQueryParts('4 bed under 400k', PLACES, ['maxPrice'])).toBe('4 bed');
    expect(removeQueryParts('townhome katy pool', PLACES, ['city'])).toBe('townhome pool');
    expect(removeQueryParts('4 bed under 400k', PLACES, ['beds', 'maxPrice'])).toBe('');
  });

  it('writes back the other bound of a range', () => {
    const left = removeQueryParts('between 300k and 450k katy', PLACES, ['minPrice']);
    expect(left).toBe('under 450k katy');
    expect(filters(parse(left))).toEqual({ ...NONE, maxPrice: 450_000, city: 'Katy' });
    expect(removeQueryParts('3/2', PLACES, ['baths'])).toBe('3 bed');
  });

  it('leaves a text without that filter alone', () => {
    expect(removeQueryParts('marina 3 bed', PLACES, ['type'])).toBe('marina 3 bed');
  });
});
