/**
 * /admin: the protected layout with the sidebar (SPEC §2 "Admin routes"). Its stylesheet comes with it, so admin
 * styles load only in the admin.
 */
import '@/features/admin/admin.css';
import { AdminLayout } from '@/features/admin/layout/admin-layout';

export function Component() {
  return <AdminLayout />;
}
