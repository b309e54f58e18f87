/** The room facts line of cards and pages: rooms a lot lacks, and a size nobody entered, are left out. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RoomFacts } from './listing-labels';

const text = (home: { bedrooms: number; bathrooms: number; sqft: number }) =>
  renderToString(<RoomFacts home={home} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('RoomFacts', () => {
  it('says beds, baths and size of a house', () => {
    expect(text({ bedrooms: 4, bathrooms: 2.5, sqft: 2450 })).toBe('4 Beds 2.5 Baths 2,450 Sq Ft');
  });

  it('says only the size of a lot, and nothing of a lot whose size is 0 (the facts table shows "—")', () => {
    expect(text({ bedrooms: 0, bathrooms: 0, sqft: 8500 })).toBe('8,500 Sq Ft');
    expect(text({ bedrooms: 0, bathrooms: 0, sqft: 0 })).toBe('');
  });
});
