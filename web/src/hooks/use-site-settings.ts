/**
 * The site settings the root route loads (app/layouts/root-layout.tsx), for any component under it. Its own module
 * so the root layout and the components it renders (the head manager, the site chrome) do not import each other.
 */
import { useRouteLoaderData } from 'react-router-dom';
import type { SiteSettings } from '@domain/schemas/settings';

/** The site settings from the root loader, for any component under the root route. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData('root') as { settings: SiteSettings } | undefined;
  if (!data) throw new Error('useSiteSettings used outside the root route');
  return data.settings;
}
