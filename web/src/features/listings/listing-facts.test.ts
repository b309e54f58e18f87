import { describe, expect, it } from 'vitest';
import { lotSize, sizeFacts } from './listing-facts';

describe('listing size facts', () => {
  it('a homesite shows its lot size, never rooms', () => {
    expect(sizeFacts({ type: 'LOT', bedrooms: 0, bathrooms: 0, sqft: 9_800 })).toEqual([
      ['Lot Size', '9,800 Sq Ft (0.22 acres)'],
    ]);
    expect(lotSize(43_560)).toBe('43,560 Sq Ft (1 acre)');
    expect(lotSize(0)).toBe('—');
  });

  it('a home shows bedrooms, bathrooms and square feet', () => {
    expect(sizeFacts({ type: 'HOUSE', bedrooms: 4, bathrooms: 2.5, sqft: 2_450 })).toEqual([
      ['Bedrooms', '4'],
      ['Bathrooms', '2.5'],
      ['Square Feet', '2,450'],
    ]);
  });
});
