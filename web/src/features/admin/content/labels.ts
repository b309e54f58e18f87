/** Display names of the listing and property enumerations (SPEC §3) in the back office. */
import type { Listing, Property } from '@domain/index';

/** Status names in the listing form's select (the cards use SPEC's badge texts, LISTING_STATUS_BADGES). */
export const LISTING_STATUS_LABELS: Record<Listing['status'], string> = {
  AVAILABLE: 'Available',
  PENDING: 'Pending',
  SOLD: 'Sold',
};

export const PROPERTY_TYPE_LABELS: Record<Property['propertyType'], string> = {
  SINGLE_FAMILY: 'Single Family',
  TOWNHOUSE: 'Townhouse',
  CONDO: 'Condo',
  MULTI_FAMILY: 'Multi Family',
  LAND: 'Land',
};

/** Property status chips: the listing colours (green, amber, grey) plus a neutral one for off market. */
export const PROPERTY_STATUS_CHIPS: Record<
  Property['status'],
  { label: string; tone: 'green' | 'amber' | 'grey' | 'slate' }
> = {
  AVAILABLE: { label: 'Available', tone: 'green' },
  PENDING: { label: 'Pending', tone: 'amber' },
  SOLD: { label: 'Sold', tone: 'grey' },
  OFF_MARKET: { label: 'Off Market', tone: 'slate' },
};
