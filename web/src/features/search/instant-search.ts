/**
 * The header dialog's instant search (pure): communities by name, location and amenities; listings by title,
 * address and community name. Every word typed must match somewhere in the record (accents and case ignored);
 * records whose name or title match rank first, then by name. Runs on every keystroke over the records the
 * dialog read once from IndexedDB, so it must stay cheap: a linear pass with precomputed normalised text.
 */
import type { Listing } from '@domain/schemas/listing';
import type { SearchCommunity, SearchListing } from '@/data/search-source';
import { normaliseText, queryWords } from './listing-filters';

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
}

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
  const words = queryWords(query);
  if (words.length === 0) return { communities: [], listings: [] };
  const everyWordIn = (text: string) => words.every((word) => text.includes(word));

  const communityHits: Ranked<CommunityHit>[] = [];
  for (const community of communities) {
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

  const communityNames = new Map(communities.map((community) => [community.id, community.name]));
  const listingHits: Ranked<ListingHit>[] = [];
  for (const listing of listings) {
    const title = normaliseText(listing.title);
    const communityName = communityNames.get(listing.communityId) ?? '';
    if (!everyWordIn([title, normaliseText(listing.address), normaliseText(communityName)].join(' \u0000 '))) continue;
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

  return {
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
