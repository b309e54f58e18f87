/**
 * The audit trail (SUPER_ADMIN): newest first, paged, filtered by who (an actor's id or email), the record kind
 * and a day range (inclusive, UTC). `total` counts the filtered entries; `actors` lists everyone in the whole
 * trail (deleted admins too, which the admin users list no longer has), for the page's "who" filter.
 */
import type { FastifyInstance } from 'fastify';
import { auditQuerySchema, type AuditActor, type AuditEntry, type AuditPage, type AuditQuery } from '../../domain';

/** Whether an entry matches the query's filters (paging aside). */
export function auditEntryMatches(query: Readonly<AuditQuery>): (entry: AuditEntry) => boolean {
  const actor = query.actorId?.toLowerCase();
  // ISO timestamps compare as text: the day range is a text range over `at`.
  const from = query.from ? `${query.from}T00:00:00.000Z` : undefined;
  const to = query.to ? `${query.to}T23:59:59.999Z` : undefined;
  return (entry) => {
    const at = entry.at ?? entry.createdAt;
    return (
      (!actor || entry.actorId === query.actorId || entry.actorEmail?.toLowerCase() === actor) &&
      (!query.entity || entry.entity === query.entity) &&
      (!from || at >= from) &&
      (!to || at <= to)
    );
  };
}

/** Everyone who appears as an actor, by the email of their latest entry, sorted by email. */
function actorsOf(entries: readonly AuditEntry[]): AuditActor[] {
  const emails = new Map<string, string | null>();
  for (const entry of entries) if (entry.actorId) emails.set(entry.actorId, entry.actorEmail);
  return [...emails]
    .map(([id, email]) => ({ id, email }))
    .sort((a, b) => (a.email ?? a.id).localeCompare(b.email ?? b.id));
}

export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: AuditQuery }>(
    '/audit',
    { onRequest: app.requireSuperAdmin, schema: { querystring: auditQuerySchema } },
    async (request): Promise<AuditPage> => {
      const entries = await app.storage.list('audit');
      const { limit, offset } = request.query;
      const matching = entries.filter(auditEntryMatches(request.query)).reverse();
      return { total: matching.length, entries: matching.slice(offset, offset + limit), actors: actorsOf(entries) };
    },
  );
}
