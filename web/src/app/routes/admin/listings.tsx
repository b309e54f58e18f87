/** /admin/listings (SPEC §2 Admin listings page). Client-rendered inside the admin layout; the page lives in features/admin/content. */
import { ListingsPage } from '@/features/admin/content/listings-page';
import '@/features/admin/content/content.css';

export function Component() {
  return <ListingsPage />;
}
