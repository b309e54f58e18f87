/** /admin/properties (SPEC §2 Admin properties page). Client-rendered inside the admin layout; the page lives in features/admin/content. */
import { PropertiesPage } from '@/features/admin/content/properties-page';
import '@/features/admin/content/content.css';

export function Component() {
  return <PropertiesPage />;
}
