import { describe, expect, it } from 'vitest';
import { buildComparison, pricePerSqft, selectionProblem, type ComparedListing } from './compare';

const ranch: ComparedListing = {
  id: 'a1',
  title: 'The Ranch Plan',
  price: 425000,
  bedrooms: 4,
  bathrooms: 2.5,
  sqft: 2500,
  type: 'HOUSE',
  status: 'AVAILABLE',
  address: '12 Prairie Rd, Katy, TX',
  communityId: 'c1',
};
const lot: ComparedListing = {
  id: 'b2',
  title: 'Lakeside Lot',
  price: 90000,
  bedrooms: 0,
  bathrooms: 0,
  sqft: 0,
  type: 'LOT',
  status: 'PENDING',
  address: '3 Shore Dr, Cypress, TX',
  communityId: 'gone',
};

describe('the comparison table', () => {
  it('has one column per listing, in order, linking to each listing', () => {
    const { columns } = buildComparison([ranch, lot], { c1: 'Austin Point' });
    expect(columns).toEqual([
      { id: 'a1', title: 'The Ranch Plan', path: '/listing/a1' },
      { id: 'b2', title: 'Lakeside Lot', path: '/listing/b2' },
    ]);
  });

  it('has the rows price, beds, baths, sqft, type, status, community, address and price per sq ft', () => {
    const { rows } = buildComparison([ranch, lot], { c1: 'Austin Point' });
    expect(Object.fromEntries(rows.map((row) => [row.label, row.cells]))).toEqual({
      Price: ['$425,000', '$90,000'],
      Bedrooms: ['4', '—'],
      Bathrooms: ['2.5', '—'],
      'Square Feet': ['2,500', '—'],
      'Property Type': ['House', 'Lot'],
      Status: ['Available Now', 'Pending Sale'],
      Community: ['Austin Point', '—'],
      Address: ['12 Prairie Rd, Katy, TX', '3 Shore Dr, Cypress, TX'],
      'Price per Sq Ft': ['$170', '—'],
    });
  });

  it('rounds the price per square foot to whole dollars', () => {
    expect(pricePerSqft(400000, 2450)).toBe('$163');
    expect(pricePerSqft(0, 2000)).toBe('—');
  });
});

describe('which selections can be compared', () => {
  it('2, 3 and 4 homes can', () => {
    for (const count of [2, 3, 4]) expect(selectionProblem(count)).toBeNull();
  });

  it('fewer than 2 asks for more, more than 4 says how many to clear', () => {
    expect(selectionProblem(1)).toBe('Choose 2 to 4 saved homes to compare them side by side.');
    expect(selectionProblem(0)).toBe('Choose 2 to 4 saved homes to compare them side by side.');
    expect(selectionProblem(6)).toBe(
      'You can compare up to 4 homes at a time. Clear 2 of the 6 selected to see the comparison.',
    );
  });
});
