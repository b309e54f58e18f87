/**
 * The admin CRUD routes shared by communities, listings and properties (SPEC §7 "Admin content"):
 * GET list, GET by id, POST, PUT (partial update; If-Match optional), DELETE. Entity rules (slugs,
 * references) are hooks, so each resource's plugin stays a few lines.
 */
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { MESSAGES } from '../../domain';
import type { CollectionName, CollectionTypes, NewRecord, RecordChanges, Transaction } from '../storage/storage';
import { HttpError } from './http-error';
import { auditedWrite } from './idempotent-write';

/**
 * The record a write is about: 404 when it does not exist, 412 with the current record (for the conflict screen)
 * when the client based its change on another version. Checked before any other rule, so a stale write is
 * always reported as a conflict.
 */
export function currentForWrite<C extends CollectionName>(
  tx: Transaction,
  collection: C,
  id: string,
  expectedVersion: number | undefined,
): CollectionTypes[C] {
  const current = tx.get(collection, id);
  if (!current) throw new HttpError(404, MESSAGES.notFound);
  if (expectedVersion !== undefined && current.version !== expectedVersion) {
    throw new HttpError(412, MESSAGES.versionConflict, undefined, {}, current);
  }
  return current;
}

export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

export interface CrudOptions<C extends CollectionName> {
  collection: C;
  /** Path below /api, e.g. '/communities'. */
  path: string;
  /** Singular name for audit actions, e.g. 'community'. */
  entity: string;
  /** Leave out the plain list route when the resource registers its own (listings filter by community). */
  skipList?: boolean;
  createSchema: ZodType;
  updateSchema: ZodType;
  /** Turns validated input into the record to insert (slug, references); throws HttpError to refuse. */
  prepareCreate?: (tx: Transaction, input: Record<string, unknown>) => NewRecord<CollectionTypes[C]>;
  /** Checks and completes an update before it is applied. */
  prepareUpdate?: (
    tx: Transaction,
    current: CollectionTypes[C],
    changes: Record<string, unknown>,
  ) => RecordChanges<CollectionTypes[C]>;
  /** Refuses a delete that would leave broken references. */
  beforeDelete?: (tx: Transaction, current: CollectionTypes[C]) => void;
}

export function registerCrudRoutes<C extends CollectionName>(app: FastifyInstance, options: CrudOptions<C>): void {
  const { collection, path, entity } = options;
  const itemPath = `${path}/:id`;
  const auth = { onRequest: app.authenticate };

  if (!options.skipList) app.get(path, auth, async () => app.storage.list(collection));

  app.get<{ Params: { id: string } }>(
    itemPath,
    { ...auth, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const record = await app.storage.get(collection, request.params.id);
      if (!record) throw new HttpError(404, MESSAGES.notFound);
      reply.header('ETag', `"${record.version}"`);
      return record;
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    path,
    { ...auth, schema: { body: options.createSchema } },
    auditedWrite({ action: `${entity}.create`, entity: collection }, (request, { tx }) => {
      const input = request.body;
      const existing = typeof input.id === 'string' ? tx.get(collection, input.id) : undefined;
      if (existing) {
        // Ids are made on the device: the same create again, from the admin who made it and with the fields the
        // record holds, is that create sent again after its Idempotency-Key expired (an answer lost, the device
        // offline for more than a day). It is answered with the record, as a replay would be, instead of a 409 that
        // parks a change the server took as refused. Anything else (another admin, other fields) is a clash.
        const stored = existing as unknown as Record<string, unknown>;
        const sameFields = Object.entries(input).every(
          ([field, value]) => field === 'id' || JSON.stringify(stored[field]) === JSON.stringify(value),
        );
        const madeByCaller =
          sameFields &&
          tx
            .list('audit', { action: `${entity}.create`, entityId: existing.id })
            .some((entry) => entry.actorId === request.admin?.id);
        if (madeByCaller) return { statusCode: 201, body: existing, unchanged: true };
        throw new HttpError(409, `A ${entity} with this id already exists`);
      }
      const record = options.prepareCreate
        ? options.prepareCreate(tx, input)
        : (input as NewRecord<CollectionTypes[C]>);
      const created = tx.insert(collection, record);
      return { statusCode: 201, body: created };
    }),
  );

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    itemPath,
    { ...auth, schema: { params: idParamsSchema, body: options.updateSchema } },
    auditedWrite({ action: `${entity}.update`, entity: collection }, (request, { tx, expectedVersion }) => {
      const current = currentForWrite(tx, collection, request.params.id, expectedVersion);
      const changes = options.prepareUpdate
        ? options.prepareUpdate(tx, current, request.body)
        : (request.body as RecordChanges<CollectionTypes[C]>);
      const updated = tx.update(collection, request.params.id, changes, { expectedVersion });
      return { statusCode: 200, body: updated };
    }),
  );

  app.delete<{ Params: { id: string } }>(
    itemPath,
    { ...auth, schema: { params: idParamsSchema } },
    auditedWrite(
      { action: `${entity}.delete`, entity: collection, named: 'route' },
      (request, { tx, expectedVersion }) => {
        const current = currentForWrite(tx, collection, request.params.id, expectedVersion);
        options.beforeDelete?.(tx, current);
        tx.remove(collection, request.params.id);
        return { statusCode: 204, body: null };
      },
    ),
  );
}
