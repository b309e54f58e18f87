/** Admin listing routes (SPEC §7): a listing must belong to an existing community. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listingInputSchema, listingUpdateSchema, type Listing } from '../../domain';
import { HttpError } from '../http/http-error';
import { findCommunityByIdOrSlug } from './find-community';
import { registerCrudRoutes } from '../http/crud-routes';
import type { Transaction } from '../storage/storage';

/** Accepts a community id or slug and returns the community's id; 400 with a field detail when unknown. */
export function resolveCommunityId(tx: Transaction, idOrSlug: string): string {
  const community = tx.get('communities', idOrSlug) ?? tx.findOne('communities', 'slug', idOrSlug);
  if (!community) throw new HttpError(400, 'Invalid input', [{ path: 'communityId', message: 'Community not found' }]);
  return community.id;
}

export default async function listingRoutes(app: FastifyInstance): Promise<void> {
  // GET /listings?communityId=… filters by community (SPEC §7); registered before the CRUD list route.
  app.get<{ Querystring: { communityId?: string } }>(
    '/listings',
    { onRequest: app.authenticate, schema: { querystring: z.object({ communityId: z.string().max(100).optional() }) } },
    async (request) => {
      const reference = request.query.communityId;
      if (!reference) return app.storage.list('listings');
      // An id or a slug, as the public call and the listing forms accept (docs/decisions.md).
      const community = await findCommunityByIdOrSlug(app.storage, reference);
      return community ? app.storage.list('listings', { communityId: community.id }) : [];
    },
  );
  registerCrudRoutes(app, {
    collection: 'listings',
    path: '/listings',
    entity: 'listing',
    skipList: true,
    createSchema: listingInputSchema,
    updateSchema: listingUpdateSchema,
    prepareCreate: (tx, input) => ({
      ...(input as Omit<Listing, 'id' | 'createdAt' | 'updatedAt' | 'version'>),
      communityId: resolveCommunityId(tx, String(input.communityId)),
    }),
    prepareUpdate: (tx, _current, changes) =>
      changes.communityId === undefined
        ? changes
        : { ...changes, communityId: resolveCommunityId(tx, String(changes.communityId)) },
  });
}
