/** /admin/login (SPEC §2 "Admin login"). */
import '@/features/admin/admin.css';
import { LoginPage } from '@/features/admin/auth/login-page';

export function Component() {
  return <LoginPage />;
}
