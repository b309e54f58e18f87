/** /admin and /admin/dashboard: counts, recent activity, quick links (SPEC §2 "Dashboard"). */
import { DashboardPage } from '@/features/admin/dashboard/dashboard-page';

export function Component() {
  return <DashboardPage />;
}
