/**
 * Listing and property field values, defaults and limits (SPEC §5, §9).
 */
export const ROOMS_MIN = 0;
export const ROOMS_MAX = 20;
export const BATHROOM_STEP = 0.5;
export const PROPERTY_PRICE_STEP = 1000;

export const LISTING_TYPES = ['HOUSE', 'TOWNHOME', 'CONDO', 'LOT'] as const;
export const LISTING_STATUSES = ['AVAILABLE', 'PENDING', 'SOLD'] as const;
export const PROPERTY_TYPES = ['SINGLE_FAMILY', 'TOWNHOUSE', 'CONDO', 'MULTI_FAMILY', 'LAND'] as const;
export const PROPERTY_STATUSES = ['AVAILABLE', 'PENDING', 'SOLD', 'OFF_MARKET'] as const;

export const DEFAULT_LISTING_TYPE = 'HOUSE';
export const DEFAULT_LISTING_STATUS = 'AVAILABLE';
export const DEFAULT_PROPERTY_TYPE = 'SINGLE_FAMILY';
export const DEFAULT_PROPERTY_STATUS = 'AVAILABLE';

/** Listing status badge texts and colours (SPEC §2 admin listings, §4). */
export const LISTING_STATUS_BADGES = {
  AVAILABLE: { label: 'Available Now', tone: 'green' },
  PENDING: { label: 'Pending Sale', tone: 'amber' },
  SOLD: { label: 'Sold', tone: 'grey' },
} as const;

/** Text limits: nothing the spec names, chosen so a form cannot post megabytes of text (docs/decisions.md). */
export const TEXT_LIMITS = {
  short: 200,
  medium: 1000,
  long: 10000,
  listItems: 100,
} as const;

/** A community slug's most characters (slugify cuts a name's to it; a "-2" suffix cuts the base further). */
export const SLUG_MAX_LENGTH = 80;

/** The most photos one listing holds (its gallery, its JSON and its offline pack stay bounded). */
export const MAX_LISTING_PHOTOS = 50;

/**
 * The most records one public list answer holds (`GET /api/public/communities`, pages by `offset`): a phone gets
 * a bounded answer however large the catalogue grows, and the server answers it within DESIGN §7's p99 at 100×
 * the example data (the whole 900-community list was 26 KB brotli, past 20 ms at 50 connections even from a bare
 * node:http server). Clients that need every record read page after page (docs/decisions.md).
 */
export const PUBLIC_LIST_PAGE_SIZE = 100;
