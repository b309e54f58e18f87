/** The audit trail (SUPER_ADMIN): newest first, paged. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: z.infer<typeof auditQuerySchema> }>(
    '/audit',
    { onRequest: app.requireSuperAdmin, schema: { querystring: auditQuerySchema } },
    async (request) => {
      const entries = await app.storage.list('audit');
      const newestFirst = entries.slice().reverse();
      const { limit, offset } = request.query;
      return { total: entries.length, entries: newestFirst.slice(offset, offset + limit) };
    },
  );
}
