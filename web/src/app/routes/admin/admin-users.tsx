/** /admin/admin-users: active admins, create and delete (SPEC §2 "Admin Users page"). */
import { AdminUsersPage } from '@/features/admin/admin-users/admin-users-page';

export function Component() {
  return <AdminUsersPage />;
}
