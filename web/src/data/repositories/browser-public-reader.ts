/**
 * The browser's PublicReader (web/src/data/public-reader.ts): the public repository, which tries the API first
 * and falls back to IndexedDB. entry-client imports this module lazily, after hydration.
 */
import type { PublicReader } from '../public-reader';
import { getCommunity, getListing, getSettings, listCommunities, listListings } from './public-repository';

export function createBrowserPublicReader(): PublicReader {
  return { listCommunities, getCommunity, listListings, getListing, getSettings };
}
