/**
 * The /admin layout route: the protected layout with the sidebar (SPEC §2 "Admin routes"), drawn by the admin
 * shell. Its stylesheet comes with it, so admin styles load only in the admin.
 */
import '@/features/admin/admin.css';
import { AdminShell } from '@/features/admin/layout/admin-shell';

export function Component() {
  return <AdminShell />;
}
