import type { RecordMeta } from './common';

/** One line of the audit trail: every admin write, upload and login attempt. */
export interface AuditEntry extends RecordMeta {
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
