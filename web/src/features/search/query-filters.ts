/**
 * The words of /search read as filters (domain/search-query): "4 bed under 400k" in the URL's `q` acts as beds=4
 * and maxPrice=400000. The words stay in the URL as typed, so what the Keywords field shows is what the person
 * wrote; the filters they name take precedence over the same filter's own URL parameter (the later intent). The
 * chips name every filter in force and take one out, from the words or from its parameter; a choice made in the
 * filter form replaces the same filter in the words. Pure: the loader (server and browser) and the form share it.
 */
import { LISTING_STATUS_BADGES } from '@domain/constants';
import { parseSearchQuery, removeQueryParts, type QueryPart, type QueryPlaces } from '@domain/search-query';
import { LISTING_TYPE_LABELS } from '@/components/listing-labels';
import { formatUsd } from '@/utils/format';
import { cityOf, SEARCH_PAGE_DEFAULTS, type ListingFilters } from './listing-filters';

/** The places a query may name: every community, and the cities they are in. */
export function queryPlaces(communities: readonly { slug: string; name: string; location?: string }[]): QueryPlaces {
  const cities = new Set(communities.flatMap((community) => (community.location ? [cityOf(community.location)] : [])));
  return {
    communities: communities.map(({ slug, name }) => ({ slug, name })),
    cities: [...cities].filter(Boolean),
  };
}

export interface ResolvedSearch {
  /** What the listings are filtered by: the URL's parameters with the words' filters over them; `q` holds the free words. */
  filters: ListingFilters;
  /** The filters the words named, with where each stands in them. */
  parts: QueryPart[];
}

export function resolveSearch(raw: ListingFilters, places: QueryPlaces): ResolvedSearch {
  const parsed = parseSearchQuery(raw.q, places);
  const filters: ListingFilters = { ...raw, q: parsed.words };
  for (const part of parsed.parts) Object.assign(filters, { [part.key]: parsed[part.key] });
  return { filters, parts: parsed.parts };
}

export type ChipKey = 'community' | 'city' | 'minPrice' | 'maxPrice' | 'beds' | 'baths' | 'type' | 'status' | 'words';

export interface FilterChip {
  key: ChipKey;
  label: string;
}

const rooms = (count: number, one: string) => `${count}+ ${one}${count === 1 ? '' : 's'}`;

/** One chip per filter in force, in the order of the form (the sort is not a filter: no chip). */
export function filterChips(
  { filters }: ResolvedSearch,
  communities: readonly { slug: string; name: string }[],
): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: ChipKey, label: string) => chips.push({ key, label });
  if (filters.community)
    add('community', communities.find((community) => community.slug === filters.community)?.name ?? filters.community);
  if (filters.city) add('city', `In ${filters.city}`);
  if (filters.minPrice !== null) add('minPrice', `From ${formatUsd(filters.minPrice)}`);
  if (filters.maxPrice !== null) add('maxPrice', `Up to ${formatUsd(filters.maxPrice)}`);
  if (filters.beds !== null) add('beds', rooms(filters.beds, 'bed'));
  if (filters.baths !== null) add('baths', rooms(filters.baths, 'bath'));
  if (filters.type) add('type', LISTING_TYPE_LABELS[filters.type]);
  if (filters.status !== 'ANY') add('status', LISTING_STATUS_BADGES[filters.status].label);
  if (filters.q) add('words', `“${filters.q}”`);
  return chips;
}

/** The URL's filters without one chip's filter: out of the words and out of its parameter. */
export function withoutChip(raw: ListingFilters, key: ChipKey, places: QueryPlaces): ListingFilters {
  if (key === 'words') {
    // Keep only the words that named filters.
    const { parts } = parseSearchQuery(raw.q, places);
    const spans = [...new Map(parts.map((part) => [part.start, raw.q.slice(part.start, part.end)])).values()];
    return { ...raw, q: spans.join(' ') };
  }
  // The words never name a status.
  if (key === 'status') return { ...raw, status: SEARCH_PAGE_DEFAULTS.status };
  const q = removeQueryParts(raw.q, places, [key]);
  if (key === 'city') return { ...raw, q };
  return { ...raw, q, [key]: key === 'community' ? '' : null };
}

const FORM_KEYS = ['community', 'minPrice', 'maxPrice', 'beds', 'baths', 'type'] as const;

/**
 * The URL's filters after the form changed: `next` is what the form shows (it started from `resolved.filters`).
 * A filter the words named and the form left alone stays in the words only; one the form changed leaves the words.
 */
export function applyFormChange(
  raw: ListingFilters,
  resolved: ResolvedSearch,
  next: ListingFilters,
  places: QueryPlaces,
): ListingFilters {
  const out: ListingFilters = { ...next, q: raw.q };
  delete out.city;
  const replaced: (typeof FORM_KEYS)[number][] = [];
  for (const key of FORM_KEYS) {
    if (!resolved.parts.some((part) => part.key === key)) continue;
    if (next[key] === resolved.filters[key]) Object.assign(out, { [key]: raw[key] });
    else replaced.push(key);
  }
  if (replaced.length > 0) out.q = removeQueryParts(raw.q, places, replaced);
  return out;
}

/** The form's view: every filter in force, the words as typed. */
export const formView = (raw: ListingFilters, resolved: ResolvedSearch): ListingFilters => ({
  ...resolved.filters,
  q: raw.q,
});
