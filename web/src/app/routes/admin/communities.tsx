/** /admin/communities (SPEC §2 Admin communities page). Client-rendered inside the admin layout; the page lives in features/admin/content. */
import { CommunitiesPage } from '@/features/admin/content/communities-page';
import '@/features/admin/content/content.css';

export function Component() {
  return <CommunitiesPage />;
}
