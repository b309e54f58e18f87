/** /admin/admin-users: active admins, create and delete (SPEC §2 "Admin Users page"). */
import { AdminUsersPage } from '../../../features/admin/admin-users/admin-users-page';
import { adminHandle } from '../../../features/admin/shared/admin-head';

export const handle = adminHandle('Admin Users');

export function Component() {
  return <AdminUsersPage />;
}
