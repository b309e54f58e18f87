/** The audit trail (SUPER_ADMIN, GET /api/audit): newest first, paged. Online only; errors are raised as they are. */
import type { AuditEntry } from '@domain/schemas/audit';
import { getJson } from '../../http-client';

export type { AuditEntry };

export interface AuditPage {
  total: number;
  entries: AuditEntry[];
}

export const AUDIT_PAGE_SIZE = 100;

/** A page of the trail: `limit` 1-500 (default 100), `offset` from the newest. */
export async function listAudit(page: { limit?: number; offset?: number } = {}): Promise<AuditPage> {
  return getJson<AuditPage>('audit', {
    searchParams: { limit: page.limit ?? AUDIT_PAGE_SIZE, offset: page.offset ?? 0 },
  });
}
