/**
 * The audit trail (SUPER_ADMIN): newest first, paged, filtered by who (an actor's id or email), the record kind
 * and a day range (inclusive, Central days, as the rows show their times). `total` counts the filtered entries; `actors` lists everyone in the whole
 * trail (deleted admins too, which the admin users list no longer has), for the page's "who" filter.
 */
import type { FastifyInstance } from 'fastify';
import { auditQuerySchema, type AuditActor, type AuditEntry, type AuditPage, type AuditQuery } from '../../domain';
import { addDays, zonedTimeToUtc } from '../../domain/visit-slots';

/** Whether an entry matches the query's filters (paging aside). */
export function auditEntryMatches(query: Readonly<AuditQuery>): (entry: AuditEntry) => boolean {
  const actor = query.actorId?.toLowerCase();
  // Central days, as the back office shows every time (a UTC day put a 7 PM entry under the next day). The range
  // is the instants of the first day's midnight and the midnight after the last one, in Central Time (DST and all);
  // ISO timestamps then compare as text.
  const from = query.from ? zonedTimeToUtc(query.from, '00:00').toISOString() : undefined;
  const before = query.to ? zonedTimeToUtc(addDays(query.to, 1), '00:00').toISOString() : undefined;
  return (entry) => {
    const at = entry.at ?? entry.createdAt;
    return (
      (!actor || entry.actorId === query.actorId || entry.actorEmail?.toLowerCase() === actor) &&
      (!query.entity || entry.entity === query.entity) &&
      (!from || at >= from) &&
      (!before || at < before)
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
