/**
 * Listing filters of the /search page and the community page, kept in the URL so a search can be shared: the
 * parsing of query parameters into filters (unknown or malformed values are ignored, never an error), the way
 * back to parameters (defaults left out, so URLs stay short), and the pure filtering and sorting. No React, no
 * I/O: the route loaders run it on the server and in the browser.
 */
import { LISTING_STATUSES, LISTING_TYPES } from '@domain/constants';
import type { Listing } from '@domain/schemas/listing';

export type ListingType = (typeof LISTING_TYPES)[number];
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const SORT_ORDERS = ['newest', 'price-asc', 'price-desc', 'beds'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_LABELS: Record<SortOrder, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  beds: 'Most bedrooms',
};

/** `status: 'ANY'` shows every status; the community page defaults to AVAILABLE (its "Available Listings"). */
export interface ListingFilters {
  /** Words that must all appear in the title, address or community name. */
  q: string;
  /** Community slug ('' = all). */
  community: string;
  minPrice: number | null;
  maxPrice: number | null;
  /** At least this many bedrooms / bathrooms. */
  beds: number | null;
  baths: number | null;
  type: ListingType | null;
  status: ListingStatus | 'ANY';
  sort: SortOrder;
  /** A city the words named ("townhome katy"): read from the words, never a URL parameter of its own. */
  city?: string;
}

export const SEARCH_PAGE_DEFAULTS: ListingFilters = {
  q: '',
  community: '',
  minPrice: null,
  maxPrice: null,
  beds: null,
  baths: null,
  type: null,
  status: 'ANY',
  sort: 'newest',
};

export const COMMUNITY_PAGE_DEFAULTS: ListingFilters = { ...SEARCH_PAGE_DEFAULTS, status: 'AVAILABLE' };

/** The choices the filter forms offer (numbers are lower bounds, prices in USD). */
export const PRICE_STEPS = [200_000, 300_000, 400_000, 500_000, 600_000, 750_000, 1_000_000] as const;
export const ROOM_STEPS = [1, 2, 3, 4, 5] as const;
export const BATH_STEPS = [1, 1.5, 2, 2.5, 3, 3.5, 4] as const;

/** Longest query kept from a URL: a pasted essay is cut, not searched. */
export const MAX_QUERY_LENGTH = 100;
/** Cards /search shows at first and adds with each 'Load more' (the URL's `page` says how many steps). */
export const SEARCH_PAGE_SIZE = 24;
/** The most steps a URL may ask for: a hand-typed page=99999 shows every card, not an error. */
const MAX_PAGES = 1000;
const MAX_PRICE = 1e12;
const MAX_ROOMS = 20;

function readNumber(raw: string | null, max: number): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

function readEnum<T extends string>(raw: string | null, values: readonly T[]): T | null {
  const upper = raw?.trim().toUpperCase();
  return values.find((value) => value === upper) ?? null;
}

/** URL parameters → filters; anything missing or not understood takes the default. */
export function parseListingFilters(
  params: URLSearchParams,
  defaults: ListingFilters = SEARCH_PAGE_DEFAULTS,
): ListingFilters {
  const status = params.get('status')?.trim().toLowerCase();
  const sort = params.get('sort')?.trim().toLowerCase();
  let minPrice = readNumber(params.get('minPrice'), MAX_PRICE);
  let maxPrice = readNumber(params.get('maxPrice'), MAX_PRICE);
  // A reversed range is what the person meant the other way round.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH),
    community: (params.get('community') ?? '').trim().toLowerCase().slice(0, 100),
    minPrice,
    maxPrice,
    beds: readNumber(params.get('beds'), MAX_ROOMS),
    baths: readNumber(params.get('baths'), MAX_ROOMS),
    type: readEnum(params.get('type'), LISTING_TYPES) ?? defaults.type,
    status: status === 'any' ? 'ANY' : (readEnum(status ?? null, LISTING_STATUSES) ?? defaults.status),
    sort: SORT_ORDERS.find((order) => order === sort) ?? defaults.sort,
  };
}

/** How many steps of cards the URL asks for (`page`, 1 when missing or not understood). */
export function readSearchPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGES) : 1;
}

/** Filters → URL parameters, leaving out what equals the default (so the plain page has a plain URL). */
export function listingFiltersToParams(
  filters: ListingFilters,
  defaults: ListingFilters = SEARCH_PAGE_DEFAULTS,
): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.community) params.set('community', filters.community);
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.beds !== null) params.set('beds', String(filters.beds));
  if (filters.baths !== null) params.set('baths', String(filters.baths));
  if (filters.type !== defaults.type && filters.type) params.set('type', filters.type.toLowerCase());
  if (filters.status !== defaults.status) params.set('status', filters.status.toLowerCase());
  if (filters.sort !== defaults.sort) params.set('sort', filters.sort);
  return params;
}

/** True when the filters narrow anything (the sort alone does not). */
export function hasActiveFilters(filters: ListingFilters, defaults: ListingFilters = SEARCH_PAGE_DEFAULTS): boolean {
  const params = listingFiltersToParams(filters, defaults);
  params.delete('sort');
  return [...params.keys()].length > 0;
}

/** Lower case, accents removed, runs of space collapsed: "Café  Lane" and "cafe lane" compare equal. */
export function normaliseText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a query, normalised. */
export function queryWords(query: string): string[] {
  return normaliseText(query)
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** True when every word appears in at least one of the texts. */
export function matchesAllWords(words: readonly string[], texts: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = normaliseText(texts.join(' \u0000 '));
  return words.every((word) => haystack.includes(word));
}

/** What the filters need of a listing. */
export type FilterableListing = Pick<
  Listing,
  'id' | 'title' | 'address' | 'price' | 'bedrooms' | 'bathrooms' | 'type' | 'status' | 'communityId' | 'createdAt'
>;

/** What the filters need of a community: its id (listings point at it), slug (the URL), name (the query) and
 * location ("Katy, TX": the city a query may name). */
export interface CommunityRef {
  id: string;
  slug: string;
  name: string;
  location?: string;
}

/** "Katy, TX" → "Katy". */
export const cityOf = (location: string): string => location.split(',')[0]!.trim();

/** In the city: its community is there, or its address says so (a community may straddle two cities). */
export function inCity(
  listing: Pick<FilterableListing, 'address'>,
  city: string,
  community: Pick<CommunityRef, 'location'> | undefined,
): boolean {
  const wanted = normaliseText(city);
  return (
    (community?.location !== undefined && normaliseText(cityOf(community.location)) === wanted) ||
    normaliseText(listing.address).includes(wanted)
  );
}

const SORTS: Record<SortOrder, (a: FilterableListing, b: FilterableListing) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  beds: (a, b) => b.bedrooms - a.bedrooms || b.bathrooms - a.bathrooms,
};

/**
 * The listings that pass every filter, in the chosen order (ties keep a stable order: title, then id). A
 * community filter naming no known community matches nothing, rather than silently showing everything.
 */
export function filterListings<T extends FilterableListing>(
  listings: readonly T[],
  filters: ListingFilters,
  communities: readonly CommunityRef[] = [],
): T[] {
  const byId = new Map(communities.map((community) => [community.id, community]));
  const communityId = filters.community
    ? (communities.find((community) => community.slug === filters.community || community.id === filters.community)
        ?.id ?? null)
    : undefined;
  const words = queryWords(filters.q);
  const kept = listings.filter(
    (listing) =>
      (communityId === undefined || listing.communityId === communityId) &&
      (filters.minPrice === null || listing.price >= filters.minPrice) &&
      (filters.maxPrice === null || listing.price <= filters.maxPrice) &&
      (filters.beds === null || listing.bedrooms >= filters.beds) &&
      (filters.baths === null || listing.bathrooms >= filters.baths) &&
      (filters.type === null || listing.type === filters.type) &&
      (filters.status === 'ANY' || listing.status === filters.status) &&
      (!filters.city || inCity(listing, filters.city, byId.get(listing.communityId))) &&
      matchesAllWords(words, [listing.title, listing.address, byId.get(listing.communityId)?.name ?? '']),
  );
  const order = SORTS[filters.sort];
  return kept.sort((a, b) => order(a, b) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}
