/** /admin and /admin/dashboard: counts, recent activity, quick links (SPEC §2 "Dashboard"). */
import { DashboardPage } from '../../../features/admin/dashboard/dashboard-page';
import { adminHandle } from '../../../features/admin/shared/admin-head';

export const handle = adminHandle('Dashboard');

export function Component() {
  return <DashboardPage />;
}
