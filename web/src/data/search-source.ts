/**
 * What the header's search dialog searches (DESIGN §6: "a search over communities and listings that works
 * offline"): every community and listing, read once when the dialog opens. IndexedDB answers when the offline
 * pack has been stored (at once, and with no network at all). Before that (the first seconds of a first visit)
 * the public repository's server-first reads answer, which also write the records through to IndexedDB and fall
 * back to it (seeded from data-seed/ when empty) when the server cannot be reached.
 *
 * Loaded only by the dialog's own chunk, so Dexie stays out of the page's first JavaScript (DESIGN §7).
 */
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import { localDb, META_KEYS, readMeta } from './local-db';
import { ensureLocalSeed, listCommunities, listListings } from './repositories/public-repository';
import { withinStorageTimeLimit } from './storage-time-limit';

/** The fields of a community and of a listing the instant search reads (features/search/instant-search.ts). */
export type SearchCommunity = Pick<Community, 'id' | 'slug' | 'name' | 'location' | 'amenities'>;
export type SearchListing = Pick<
  Listing,
  'id' | 'title' | 'address' | 'communityId' | 'price' | 'bedrooms' | 'bathrooms' | 'status' | 'type'
>;

export interface SearchRecords {
  communities: SearchCommunity[];
  listings: SearchListing[];
  /** Where the records came from: 'device' when read from IndexedDB without asking the server. */
  source: 'device' | 'server-first';
}

async function fromDevice(): Promise<SearchRecords> {
  await ensureLocalSeed();
  const db = localDb();
  const [communities, listings] = await Promise.all([db.communities.toArray(), db.listings.toArray()]);
  return { communities, listings, source: 'device' };
}

/**
 * How long the dialog waits for the device's copy before it asks the server instead (storage-time-limit.ts: a
 * database that stopped answering must not leave the search empty). Reading it takes milliseconds.
 */
export const SEARCH_COPY_TIME_LIMIT_MS = 2_000;

export async function loadSearchRecords(): Promise<SearchRecords> {
  try {
    const packed = await withinStorageTimeLimit(
      readMeta(META_KEYS.offlinePackAt),
      SEARCH_COPY_TIME_LIMIT_MS,
      'reading whether the offline pack is stored',
    );
    if (packed !== undefined) {
      return await withinStorageTimeLimit(fromDevice(), SEARCH_COPY_TIME_LIMIT_MS, 'reading the search records');
    }
  } catch (error) {
    // IndexedDB unavailable (blocked, private mode, stuck): the server may still answer.
    console.warn('Local copy unavailable for search', error);
  }
  const [communities, listings] = await Promise.all([listCommunities(), listListings()]);
  return { communities, listings, source: 'server-first' };
}
