/** Looks a community up by id or by slug, as every call that takes a community reference does (docs/decisions.md). */
import type { Community } from '../../domain';
import type { Storage } from '../storage/storage';

export async function findCommunityByIdOrSlug(storage: Storage, idOrSlug: string): Promise<Community | undefined> {
  return (await storage.get('communities', idOrSlug)) ?? (await storage.findOne('communities', 'slug', idOrSlug));
}
