/** /admin/login (SPEC §2 "Admin login"). */
import '../../../features/admin/admin.css';
import { LoginPage } from '../../../features/admin/auth/login-page';
import { adminHandle } from '../../../features/admin/shared/admin-head';

export const handle = adminHandle('Login');

export function Component() {
  return <LoginPage />;
}
