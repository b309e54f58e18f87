/**
 * The cached public reads (SPEC §7 "Public"): for each one, its cache key and the collections it is built
 * from. Shared by the Fastify routes (api/routes/public.ts), which build the entries, and the raw fast path
 * (public-read-fast-path.ts), which answers repeat requests from them.
 */
import { communityListQuerySchema, type CommunityListQuery } from '../../domain/schemas/community';
import type { CollectionName } from '../storage/storage';

/** `GET /api/public/communities` with no query: the route's defaults, so both ways of answering share one entry. */
const DEFAULT_COMMUNITY_PAGE = communityListQuerySchema.parse({});

export interface PublicRead {
  cacheKey: string;
  dependsOn: readonly CollectionName[];
}

export const publicReads = {
  /** A page of the community list (the defaults: the first page of whole records). */
  communities: (page: CommunityListQuery = DEFAULT_COMMUNITY_PAGE): PublicRead => ({
    cacheKey: `communities:${page.view}:${page.offset}:${page.limit}`,
    dependsOn: ['communities'],
  }),
  /** By id or slug (DESIGN §6). */
  community: (idOrSlug: string): PublicRead => ({ cacheKey: `community:${idOrSlug}`, dependsOn: ['communities'] }),
  /**
   * A community filter may be an id or a slug, so the list also depends on the communities. The whole list's key is
   * one no filter value can spell: with `listings:${filter ?? '*'}`, `?communityId=*` (no such community, so `[]`)
   * was cached as the whole list, and every visitor's list, and the offline copy synced from it, came back empty.
   */
  listings: (communityId?: string): PublicRead => ({
    cacheKey: communityId ? `listings:community:${communityId}` : 'listings:all',
    dependsOn: ['listings', 'communities'],
  }),
  listing: (id: string): PublicRead => ({ cacheKey: `listing:${id}`, dependsOn: ['listings'] }),
  settings: (): PublicRead => ({ cacheKey: 'settings', dependsOn: ['settings'] }),
};

/**
 * An id, slug or filter value the fast path may take as is: anything else (percent-encoding, dots, very long)
 * goes through the full route, which decodes and validates it.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The public read a raw request URL (path and query, as sent) names, or undefined when only the full Fastify
 * route should answer it (other paths, unexpected or repeated query parameters, unusual characters).
 */
export function publicReadForUrl(url: string): PublicRead | undefined {
  // Every public read asks this; the same few URLs come back again and again, so the answer is remembered
  // (bounded: a client sending endless distinct URLs only empties the memo now and then). Long URLs are parsed
  // each time instead: 10,000 URLs of up to 16 KB (Node's header limit) would be 160 MB held for nothing.
  if (!url.startsWith('/api/public/')) return undefined;
  if (url.length > MAX_REMEMBERED_URL_LENGTH) return parsePublicReadUrl(url);
  const remembered = readsByUrl.get(url);
  if (remembered !== undefined) return remembered ?? undefined;
  const read = parsePublicReadUrl(url);
  if (readsByUrl.size >= MAX_REMEMBERED_URLS) readsByUrl.clear();
  readsByUrl.set(url, read ?? null);
  return read;
}

const MAX_REMEMBERED_URLS = 10_000;
/** Longer than any URL the site's own pages ask for; the memo stays under 10,000 × 200 bytes. */
const MAX_REMEMBERED_URL_LENGTH = 200;
const readsByUrl = new Map<string, PublicRead | null>();

function parsePublicReadUrl(url: string): PublicRead | undefined {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  if (!pathname.startsWith('/api/public/')) return undefined;
  const [collection, id, ...rest] = pathname.slice('/api/public/'.length).split('/');
  if (rest.length > 0) return undefined;

  if (collection === 'listings' && id === undefined) {
    if (query === '') return publicReads.listings();
    const match = /^communityId=([^&]*)$/.exec(query);
    return match && PLAIN_SEGMENT.test(match[1]!) ? publicReads.listings(match[1]) : undefined;
  }
  if (collection === 'communities' && id === undefined) {
    if (query === '') return publicReads.communities();
    // The browser's card list and the offline pack's first page; other pages go through the route.
    if (query === 'view=list' || query === 'view=full') {
      return publicReads.communities({ ...DEFAULT_COMMUNITY_PAGE, view: query.slice('view='.length) as 'list' });
    }
    return undefined;
  }
  if (query !== '') return undefined;
  if (id === undefined) {
    if (collection === 'settings') return publicReads.settings();
    return undefined;
  }
  if (!PLAIN_SEGMENT.test(id)) return undefined;
  if (collection === 'communities') return publicReads.community(id);
  if (collection === 'listings') return publicReads.listing(id);
  return undefined;
}
