/**
 * The audit trail (SUPER_ADMIN, GET /api/audit): newest first, paged, filtered by who, record kind and day range.
 * Online only; errors are raised as they are.
 */
import type { AuditActor, AuditEntity, AuditEntry, AuditFieldChange, AuditPage } from '@domain/schemas/audit';
import { getJson } from '../../http-client';

export type { AuditActor, AuditEntity, AuditEntry, AuditFieldChange, AuditPage };

export const AUDIT_PAGE_SIZE = 100;

/** What the page asks for: `limit` 1-500 (default 100), `offset` from the newest, and the filters it has set. */
export interface AuditRequest {
  limit?: number;
  offset?: number;
  /** An actor's id (or email). */
  actorId?: string;
  entity?: AuditEntity;
  /** YYYY-MM-DD, inclusive, UTC. */
  from?: string;
  to?: string;
}

export async function listAudit(request: AuditRequest = {}): Promise<AuditPage> {
  const page = await getJson<AuditPage>('audit', {
    searchParams: {
      limit: request.limit ?? AUDIT_PAGE_SIZE,
      offset: request.offset ?? 0,
      actorId: request.actorId,
      entity: request.entity,
      from: request.from,
      to: request.to,
    },
  });
  // A server from before the "who" filter answers without actors.
  return { ...page, actors: page.actors ?? [] };
}
