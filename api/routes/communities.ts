/**
 * Admin community routes (SPEC §7): slugs are made from names and stay stable across renames; a slug is never an
 * id, nor shaped like one.
 */
import type { FastifyInstance } from 'fastify';
import {
  communityInputSchema,
  communityUpdateSchema,
  looksLikeUuid,
  slugify,
  SLUG_LOOKS_LIKE_ID,
  SLUG_MAX_LENGTH,
  type Community,
} from '../../domain';
import { HttpError } from '../http/http-error';
import { registerCrudRoutes } from '../http/crud-routes';
import type { Transaction } from '../storage/storage';

/**
 * Pages and the API find a community by id or slug, ids first: a slug equal to another record's id would hide
 * that community's page behind this one's. The schema refuses UUID-shaped slugs; this also covers any id that is
 * not a UUID (records imported with their own ids).
 */
function refuseSlugThatIsAnId(tx: Transaction, slug: string | undefined): void {
  if (slug !== undefined && tx.get('communities', slug)) {
    throw new HttpError(400, SLUG_LOOKS_LIKE_ID, [{ path: 'slug', message: SLUG_LOOKS_LIKE_ID }]);
  }
}

/**
 * The first free slug: "emberly", then "emberly-2", "emberly-3"... (never one shaped like an id), within the
 * schema's 80 characters: the base is cut to make room for the suffix, or a record could not send its own slug back.
 */
export function uniqueSlug(tx: Transaction, wanted: string, ownId?: string): string {
  // A name that is itself a UUID must not make a slug that looks like an id.
  const base = !wanted ? 'community' : looksLikeUuid(wanted) ? `community-${wanted}` : wanted;
  for (let suffix = 1; ; suffix += 1) {
    const tail = suffix === 1 ? '' : `-${suffix}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - tail.length).replace(/-+$/, '')}${tail}`;
    const holder = tx.findOne('communities', 'slug', candidate);
    if (!holder || holder.id === ownId) return candidate;
  }
}

function refuseTakenSlug(tx: Transaction, slug: string): void {
  if (tx.findOne('communities', 'slug', slug)) {
    throw new HttpError(409, 'Another community already uses this slug', [{ path: 'slug', message: 'Already in use' }]);
  }
}

/** An update's `coordinates: null` removes the position: undefined fields are not stored. */
const noPosition = (input: Record<string, unknown>) => (input.coordinates === null ? { coordinates: undefined } : {});

export default async function communityRoutes(app: FastifyInstance): Promise<void> {
  registerCrudRoutes(app, {
    collection: 'communities',
    path: '/communities',
    entity: 'community',
    createSchema: communityInputSchema,
    updateSchema: communityUpdateSchema,
    prepareCreate: (tx, input) => {
      const asked = input.slug as string | undefined;
      refuseSlugThatIsAnId(tx, asked);
      // A slug asked for is the page's address: taken, it is refused as on update, not silently changed.
      if (asked !== undefined) refuseTakenSlug(tx, asked);
      const slug = uniqueSlug(tx, asked ?? slugify(String(input.name)));
      return { ...(input as Omit<Community, 'id' | 'createdAt' | 'updatedAt' | 'version'>), slug };
    },
    prepareUpdate: (tx, current, changes) => {
      const slug = changes.slug as string | undefined;
      if (slug !== current.slug) refuseSlugThatIsAnId(tx, slug);
      if (slug !== undefined && slug !== current.slug) refuseTakenSlug(tx, slug);
      return { ...changes, ...noPosition(changes) };
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
