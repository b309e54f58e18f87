/** Pages only a SUPER_ADMIN may use (SPEC §6): others see why, instead of a failing call. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AdminPageHeader } from '../shared/page-header';
import { useAdminSession } from '../shared/use-session';

export function RequireSuperAdmin({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useAdminSession();
  if (user?.role === 'SUPER_ADMIN') return <>{children}</>;
  return (
    <>
      <AdminPageHeader title={title} />
      <div className="admin-alert" data-tone="warning" role="status">
        <p>Super admin access required. Only Super Admins can open this page.</p>
        <div className="admin-alert__actions">
          <Link to="/admin/dashboard" className="button button--small button--ghost">
            Back to the dashboard
          </Link>
        </div>
      </div>
    </>
  );
}
