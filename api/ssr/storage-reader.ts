/** The PublicReader the server renderer uses: reads storage directly (no HTTP round trip to itself). */
import { toCommunityListItem } from '../../domain/schemas/community';
import type { Storage } from '../storage/storage';
import { readSiteSettings } from '../routes/public';

/** Same shape as web/src/data/public-reader.ts's PublicReader (kept structural: api/ does not import web internals). */
export function createStorageReader(storage: Storage) {
  const getCommunity = async (idOrSlug: string) =>
    (await storage.get('communities', idOrSlug)) ?? (await storage.findOne('communities', 'slug', idOrSlug)) ?? null;
  return {
    listCommunities: async () => (await storage.list('communities')).map(toCommunityListItem),
    getCommunity,
    listListings: (communityId?: string) =>
      communityId ? storage.list('listings', { communityId }) : storage.list('listings'),
    getListing: async (id: string) => (await storage.get('listings', id)) ?? null,
    getSettings: () => readSiteSettings(storage),
  };
}
