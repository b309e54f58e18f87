/** The audit trail (SUPER_ADMIN, GET /api/audit): newest first, paged. Online only; errors are raised as they are. */
import { getJson } from '../../http-client';

/** One line of the audit trail: every admin write, upload and login attempt (api/storage/storage.ts AuditEntry). */
export interface AuditEntry {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  /** e.g. 'community.update', 'admin.login', 'upload.create'. */
  action: string;
  entity: string;
  entityId: string | null;
  ip: string | null;
  outcome: 'success' | 'failure';
  detail?: string;
}

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
