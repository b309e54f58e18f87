/**
 * The size facts of a listing page: a homesite (LOT) has no rooms, so it shows its lot size instead of
 * "Bedrooms 0 / Bathrooms 0" (issue 17). Here rather than in components/listing-labels.tsx, which every public
 * page loads, because only the listing page shows them.
 */
import type { Listing } from '@domain/schemas/listing';
import { formatCount } from '@/utils/format';

const SQFT_PER_ACRE = 43_560;

/** A homesite's size: "9,800 Sq Ft (0.22 acres)", a dash when unknown. */
export function lotSize(sqft: number): string {
  if (!(sqft > 0)) return '—';
  const acres = Number((sqft / SQFT_PER_ACRE).toFixed(2));
  return `${formatCount(sqft)} Sq Ft (${acres} ${acres === 1 ? 'acre' : 'acres'})`;
}

export function sizeFacts(listing: Pick<Listing, 'type' | 'bedrooms' | 'bathrooms' | 'sqft'>): [string, string][] {
  if (listing.type === 'LOT') return [['Lot Size', lotSize(listing.sqft)]];
  return [
    ['Bedrooms', String(listing.bedrooms)],
    ['Bathrooms', String(listing.bathrooms)],
    ['Square Feet', formatCount(listing.sqft)],
  ];
}
