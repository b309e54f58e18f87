/**
 * The header dialog's instant search (pure): communities by name, location and amenities; listings by title,
 * address and community name. The words are read as filters first, as on /search ("4 bed under 400k", "townhome
 * katy": domain/search-query); a listing must pass them, and a community must be the one or in the city named and,
 * when rooms, price or type were named, have a home that passes. Every word left must match somewhere in the
 * record (accents and case ignored);
 * records whose name or title match rank first, then by name. Runs on every keystroke over the records the
 * dialog read once from IndexedDB, so it must stay cheap: a linear pass with precomputed normalised text.
 */
import type { Listing } from '@domain/schemas/listing';
import { parseSearchQuery, type ParsedQuery } from '@domain/search-query';
import type { SearchCommunity, SearchListing } from '@/data/search-source';
import { cityOf, inCity, normaliseText, queryWords } from './listing-filters';
import { queryPlaces } from './query-filters';

export type { SearchCommunity, SearchListing };

export interface CommunityHit {
  kind: 'community';
  id: string;
  href: string;
  name: string;
  location: string;
  /** The first amenity that matched a word, shown as the reason for the hit. */
  matchedAmenity?: string;
}

export interface ListingHit {
  kind: 'listing';
  id: string;
  href: string;
  title: string;
  address: string;
  communityName: string;
  price: number;
  status: Listing['status'];
}

export interface InstantResults {
  communities: CommunityHit[];
  listings: ListingHit[];
  /** How many match in all, before the caps: what the dialog's status says was found. */
  found: { communities: number; listings: number };
}

export const NO_RESULTS: InstantResults = { communities: [], listings: [], found: { communities: 0, listings: 0 } };

export const INSTANT_LIMITS = { communities: 5, listings: 8 } as const;

/** A word-start match ("lake" in "Lakeshore Reserve" or "Blue Lake") ranks above a match inside a word. */
function rankIn(words: readonly string[], primary: string): number {
  if (words.every((word) => primary.startsWith(word))) return 0;
  if (words.every((word) => primary.split(/[\s-]+/).some((part) => part.startsWith(word)))) return 1;
  if (words.every((word) => primary.includes(word))) return 2;
  return 3;
}

interface Ranked<T> {
  rank: number;
  label: string;
  hit: T;
}

const byRank = <T>(a: Ranked<T>, b: Ranked<T>) => a.rank - b.rank || a.label.localeCompare(b.label);

/** The best matches for `query`, or none for a query without words. */
export function instantSearch(
  query: string,
  communities: readonly SearchCommunity[],
  listings: readonly SearchListing[],
  limits: { communities: number; listings: number } = INSTANT_LIMITS,
): InstantResults {
  const parsed = parseSearchQuery(query, queryPlaces(communities));
  const words = queryWords(parsed.words);
  if (words.length === 0 && parsed.parts.length === 0) return NO_RESULTS;
  const everyWordIn = (text: string) => words.every((word) => text.includes(word));
  const byId = new Map(communities.map((community) => [community.id, community]));
  const namesHomeFilters = parsed.parts.some((part) => !['community', 'city'].includes(part.key));

  const listingHits: Ranked<ListingHit>[] = [];
  const withHits = new Set<string>();
  for (const listing of listings) {
    const title = normaliseText(listing.title);
    const community = byId.get(listing.communityId);
    const communityName = community?.name ?? '';
    if (!passes(listing, community, parsed)) continue;
    if (!everyWordIn([title, normaliseText(listing.address), normaliseText(communityName)].join(' \u0000 '))) continue;
    withHits.add(listing.communityId);
    listingHits.push({
      // Homes that can still be bought come before pending and sold ones of the same rank.
      rank: rankIn(words, title) * 3 + (listing.status === 'AVAILABLE' ? 0 : listing.status === 'PENDING' ? 1 : 2),
      label: listing.title,
      hit: {
        kind: 'listing',
        id: listing.id,
        href: `/listing/${listing.id}`,
        title: listing.title,
        address: listing.address,
        communityName,
        price: listing.price,
        status: listing.status,
      },
    });
  }

  const communityHits: Ranked<CommunityHit>[] = [];
  for (const community of communities) {
    if (parsed.community && community.slug !== parsed.community) continue;
    if (parsed.city && normaliseText(cityOf(community.location)) !== normaliseText(parsed.city)) continue;
    if (namesHomeFilters && !withHits.has(community.id)) continue;
    const name = normaliseText(community.name);
    const amenities = community.amenities.map(normaliseText);
    if (!everyWordIn([name, normaliseText(community.location), ...amenities].join(' \u0000 '))) continue;
    const amenityIndex = amenities.findIndex((amenity) => words.some((word) => amenity.includes(word)));
    communityHits.push({
      rank: rankIn(words, name),
      label: community.name,
      hit: {
        kind: 'community',
        id: community.id,
        href: `/community/${community.slug}`,
        name: community.name,
        location: community.location,
        ...(amenityIndex >= 0 ? { matchedAmenity: community.amenities[amenityIndex] } : {}),
      },
    });
  }

  return {
    found: { communities: communityHits.length, listings: listingHits.length },
    communities: communityHits
      .sort(byRank)
      .slice(0, limits.communities)
      .map((ranked) => ranked.hit),
    listings: listingHits
      .sort(byRank)
      .slice(0, limits.listings)
      .map((ranked) => ranked.hit),
  };
}

/** The filters the words named, on one listing. */
function passes(listing: SearchListing, community: SearchCommunity | undefined, parsed: ParsedQuery): boolean {
  return (
    (parsed.beds === null || listing.bedrooms >= parsed.beds) &&
    (parsed.baths === null || listing.bathrooms >= parsed.baths) &&
    (parsed.minPrice === null || listing.price >= parsed.minPrice) &&
    (parsed.maxPrice === null || listing.price <= parsed.maxPrice) &&
    (parsed.type === null || listing.type === parsed.type) &&
    (!parsed.community || community?.slug === parsed.community) &&
    (!parsed.city || inCity(listing, parsed.city, community))
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The status line: how many match in all, and how many of them the list shows when it is capped ("9 communities
 * and 36 homes found. Showing 5 and 8; the search page lists them all.").
 */
export function foundText({ communities, listings, found }: InstantResults): string {
  const all = `${plural(found.communities, 'community', 'communities')} and ${plural(found.listings, 'home', 'homes')} found.`;
  const capped = communities.length < found.communities || listings.length < found.listings;
  return capped ? `${all} Showing ${communities.length} and ${listings.length}; the search page lists them all.` : all;
}
