/** /admin/listings (SPEC §2 Admin listings page). Client-rendered inside the admin layout; the page lives in features/admin/content. */
import { adminHandle } from '../../../features/admin/shared/admin-head';
import { ListingsPage } from '../../../features/admin/content/listings-page';
import '../../../features/admin/content/content.css';

export const handle = adminHandle('Property Listings');

export function Component() {
  return <ListingsPage />;
}
