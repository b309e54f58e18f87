/**
 * The side-by-side comparison of saved listings: which selections can be compared (2 to 4) and the table's
 * content, one column per listing and one row per fact. Pure, so the table is tested without a browser.
 */
import type { Listing } from '@domain/schemas/listing';
import { formatCount, formatUsd } from '@/utils/format';
import { LISTING_TYPE_LABELS, statusBadge } from '@/components/listing-labels';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export type ComparedListing = Pick<
  Listing,
  'id' | 'title' | 'price' | 'bedrooms' | 'bathrooms' | 'sqft' | 'type' | 'status' | 'address' | 'communityId'
>;

export interface ComparisonColumn {
  id: string;
  title: string;
  path: string;
}

export interface ComparisonRow {
  label: string;
  cells: string[];
}

export interface Comparison {
  columns: ComparisonColumn[];
  rows: ComparisonRow[];
}

/** Why the chosen listings cannot be compared yet, or null when they can. */
export function selectionProblem(selected: number): string | null {
  if (selected > COMPARE_MAX)
    return `You can compare up to ${COMPARE_MAX} homes at a time. Clear ${selected - COMPARE_MAX} of the ${selected} selected to see the comparison.`;
  if (selected < COMPARE_MIN)
    return `Choose ${COMPARE_MIN} to ${COMPARE_MAX} saved homes to compare them side by side.`;
  return null;
}

const NOT_AVAILABLE = '—';

/** "$185" per square foot, or a dash when the size is unknown (a lot entered without square feet). */
export function pricePerSqft(price: number, sqft: number): string {
  return sqft > 0 && price > 0 ? formatUsd(price / sqft) : NOT_AVAILABLE;
}

/** The comparison of these listings, in the given order; `communityNames` by community id. */
export function buildComparison(listings: ComparedListing[], communityNames: Record<string, string>): Comparison {
  const row = (label: string, cell: (listing: ComparedListing) => string): ComparisonRow => ({
    label,
    cells: listings.map(cell),
  });
  return {
    columns: listings.map(({ id, title }) => ({ id, title, path: `/listing/${id}` })),
    rows: [
      row('Price', (listing) => formatUsd(listing.price)),
      // A homesite has no rooms: a dash, not "0" (issue 17).
      row('Bedrooms', (listing) => (listing.type === 'LOT' ? NOT_AVAILABLE : String(listing.bedrooms))),
      row('Bathrooms', (listing) => (listing.type === 'LOT' ? NOT_AVAILABLE : String(listing.bathrooms))),
      row('Square Feet', (listing) => (listing.sqft > 0 ? formatCount(listing.sqft) : NOT_AVAILABLE)),
      row('Property Type', (listing) => LISTING_TYPE_LABELS[listing.type] ?? listing.type),
      row('Status', (listing) => statusBadge(listing.status).label),
      row('Community', (listing) => communityNames[listing.communityId] ?? NOT_AVAILABLE),
      row('Address', (listing) => listing.address),
      row('Price per Sq Ft', (listing) => pricePerSqft(listing.price, listing.sqft)),
    ],
  };
}
