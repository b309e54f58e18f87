/**
 * A listing's meta description and JSON-LD say what its page says (audit-seo findings 1 and 8): the status
 * badge's words (never "for sale" on a sold or pending home), a homesite's lot size instead of "0 bedrooms,
 * 0 bathrooms", bathrooms as an integer, and no room or floor properties on a lot (a Place has none).
 */
import { describe, expect, it } from 'vitest';
import type { Listing } from '@domain/schemas/listing';
import { listingSeo } from './page-seo';

const ORIGIN = 'https://homes.example.com';
const COMMUNITY = { slug: 'riverstone', name: 'Riverstone', image: '' };

function listing(changes: Partial<Listing> = {}): Listing {
  return {
    id: '2f4a7c1e-0000-4000-8000-000000000001',
    title: 'The Brazos',
    communityId: 'c1',
    address: '4001 Cottonwood Shoals Drive, Richmond, TX 77469',
    description: 'Spacious Brazos plan.',
    price: 450_000,
    type: 'HOUSE',
    bedrooms: 5,
    bathrooms: 4,
    sqft: 3_680,
    status: 'AVAILABLE',
    images: [],
    imageAlts: [],
    features: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    version: 1,
    ...changes,
  } as Listing;
}

const about = (seo: ReturnType<typeof listingSeo>) => (seo.jsonLd[0] as { about: Record<string, unknown> }).about;

describe('listingSeo description', () => {
  it.each([
    ['AVAILABLE', 'House for sale at 4001 Cottonwood Shoals Drive'],
    ['PENDING', 'House pending sale at 4001 Cottonwood Shoals Drive'],
    ['SOLD', 'House sold at 4001 Cottonwood Shoals Drive'],
  ] as const)('leads with what the %s badge says', (status, lead) => {
    const { description } = listingSeo(listing({ status }), COMMUNITY, ORIGIN);
    expect(description.startsWith(lead)).toBe(true);
    if (status !== 'AVAILABLE') expect(description).not.toContain('for sale');
  });

  it('gives a home its rooms and floor area', () => {
    expect(listingSeo(listing({ bedrooms: 1, bathrooms: 2.5 }), COMMUNITY, ORIGIN).description).toBe(
      'House for sale at 4001 Cottonwood Shoals Drive, Richmond, TX 77469: 1 bedroom, 2.5 bathrooms, 3,680 sq ft. Spacious Brazos plan.',
    );
  });

  it('gives a lot its lot size as the page words it, and no rooms', () => {
    const lot = listing({ type: 'LOT', status: 'SOLD', bedrooms: 0, bathrooms: 0, sqft: 9_800, description: '' });
    expect(listingSeo(lot, COMMUNITY, ORIGIN).description).toBe(
      'Lot sold at 4001 Cottonwood Shoals Drive, Richmond, TX 77469: lot size 9,800 sq ft (0.22 acres).',
    );
    const unknownSize = listing({ type: 'LOT', bedrooms: 0, bathrooms: 0, sqft: 0, description: '' });
    expect(listingSeo(unknownSize, COMMUNITY, ORIGIN).description).toBe(
      'Lot for sale at 4001 Cottonwood Shoals Drive, Richmond, TX 77469.',
    );
  });

  it('is cut at 155 characters', () => {
    const { description } = listingSeo(listing({ description: 'x'.repeat(400) }), COMMUNITY, ORIGIN);
    expect(description).toHaveLength(155 + '...'.length);
    expect(description.endsWith('...')).toBe(true);
  });
});

describe('listingSeo JSON-LD', () => {
  it('counts a half bath as one in numberOfBathroomsTotal (an integer)', () => {
    const subject = about(listingSeo(listing({ bathrooms: 2.5 }), COMMUNITY, ORIGIN));
    expect(subject).toMatchObject({ '@type': 'SingleFamilyResidence', numberOfBedrooms: 5, numberOfBathroomsTotal: 3 });
    expect(subject.floorSize).toEqual({ '@type': 'QuantitativeValue', value: 3_680, unitCode: 'FTK' });
  });

  it('describes a lot as a Place with its address and lot size, without rooms or floor', () => {
    const subject = about(
      listingSeo(listing({ type: 'LOT', bedrooms: 0, bathrooms: 0, sqft: 9_800 }), COMMUNITY, ORIGIN),
    );
    expect(subject).toEqual({
      '@type': 'Place',
      address: expect.objectContaining({ '@type': 'PostalAddress' }),
      additionalProperty: { '@type': 'PropertyValue', name: 'Lot size', value: 9_800, unitCode: 'FTK' },
    });
    const unknownSize = about(
      listingSeo(listing({ type: 'LOT', bedrooms: 0, bathrooms: 0, sqft: 0 }), COMMUNITY, ORIGIN),
    );
    expect(Object.keys(unknownSize)).toEqual(['@type', 'address']);
  });
});
