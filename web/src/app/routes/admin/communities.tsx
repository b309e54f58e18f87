/** /admin/communities (SPEC §2 Admin communities page). Client-rendered inside the admin layout; the page lives in features/admin/content. */
import { adminHandle } from '../../../features/admin/shared/admin-head';
import { CommunitiesPage } from '../../../features/admin/content/communities-page';
import '../../../features/admin/content/content.css';

export const handle = adminHandle('Communities');

export function Component() {
  return <CommunitiesPage />;
}
