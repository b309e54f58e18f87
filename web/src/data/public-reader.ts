/**
 * What public route loaders read, independent of where it comes from: on the server the SSR renderer provides
 * a reader over storage (api/ssr), in the browser the repositories of web/src/data provide one that tries the
 * API first and falls back to IndexedDB. The browser's reader is loaded lazily after hydration, so Dexie and
 * ky are not part of the JavaScript a public page needs to become interactive (DESIGN §7).
 */
import type { Community, CommunityListItem } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import type { SiteSettings } from '@domain/schemas/settings';

export interface PublicReader {
  /** Every community, as list items (the fields cards, search and favourites show). */
  listCommunities(): Promise<CommunityListItem[]>;
  /**
   * By id or slug; null when there is no such community. Offline, a community this device never stored is not
   * "no such community": the browser's reader raises NotOnDeviceError (its page says to connect).
   */
  getCommunity(idOrSlug: string): Promise<Community | null>;
  /** All listings, or those of one community (by id). */
  listListings(communityId?: string): Promise<Listing[]>;
  /** Null when there is no such listing; offline and not on this device, NotOnDeviceError (as getCommunity). */
  getListing(id: string): Promise<Listing | null>;
  getSettings(): Promise<SiteSettings>;
}

let provided: PublicReader | undefined;
let loadBrowserReader: (() => Promise<PublicReader>) | undefined;

/** The server entry provides its reader for every render. */
export function providePublicReader(reader: PublicReader): void {
  provided = reader;
}

/** The client entry registers how to load the browser reader; it is imported on first use only. */
export function registerPublicReaderLoader(loader: () => Promise<PublicReader>): void {
  loadBrowserReader = loader;
}

export async function publicReader(): Promise<PublicReader> {
  if (provided) return provided;
  if (!loadBrowserReader)
    throw new Error('No public reader: call providePublicReader or registerPublicReaderLoader first');
  provided = await loadBrowserReader();
  return provided;
}
