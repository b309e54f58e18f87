/** /admin/audit: the audit trail, SUPER_ADMIN only (DESIGN §1, §4). */
import { AuditPage } from '@/features/admin/audit/audit-page';
import { RequireSuperAdmin } from '@/features/admin/layout/require-super-admin';

export function Component() {
  return (
    <RequireSuperAdmin title="Audit Log">
      <AuditPage />
    </RequireSuperAdmin>
  );
}
