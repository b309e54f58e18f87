/** Admin community routes (SPEC §7): slugs are made from names and stay stable across renames. */
import type { FastifyInstance } from 'fastify';
import { communityInputSchema, communityUpdateSchema, slugify, type Community } from '../../domain';
import { HttpError } from '../http/http-error';
import { registerCrudRoutes } from '../http/crud-routes';
import type { Transaction } from '../storage/storage';

/** The first free slug: "emberly", then "emberly-2", "emberly-3"... */
export function uniqueSlug(tx: Transaction, wanted: string, ownId?: string): string {
  const base = wanted || 'community';
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    const holder = tx.findOne('communities', 'slug', candidate);
    if (!holder || holder.id === ownId) return candidate;
  }
}

export default async function communityRoutes(app: FastifyInstance): Promise<void> {
  registerCrudRoutes(app, {
    collection: 'communities',
    path: '/communities',
    entity: 'community',
    createSchema: communityInputSchema,
    updateSchema: communityUpdateSchema,
    prepareCreate: (tx, input) => {
      const slug = uniqueSlug(tx, (input.slug as string | undefined) ?? slugify(String(input.name)));
      return { ...(input as Omit<Community, 'id' | 'createdAt' | 'updatedAt' | 'version'>), slug };
    },
    prepareUpdate: (tx, current, changes) => {
      const slug = changes.slug as string | undefined;
      if (slug !== undefined && slug !== current.slug && tx.findOne('communities', 'slug', slug)) {
        throw new HttpError(409, 'Another community already uses this slug', [
          { path: 'slug', message: 'Already in use' },
        ]);
      }
      return changes;
    },
    beforeDelete: (tx, current) => {
      const listings = tx.list('listings', { communityId: current.id });
      if (listings.length > 0) {
        throw new HttpError(
          409,
          `This community still has ${listings.length} listing${listings.length === 1 ? '' : 's'}. Delete them or move them to another community first.`,
        );
      }
    },
  });
}
