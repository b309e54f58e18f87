/** `handle` for admin route modules: a page title and noindex (the admin is never indexed). */
import type { RouteHandle } from '../../../app/head';

export function adminHandle(title: string): RouteHandle {
  return {
    head: (_data, { pathname, settings }) => ({
      title: `${title} | Admin | ${settings.general.siteName}`,
      description: `${settings.general.siteName} back office`,
      canonicalPath: pathname,
      robots: 'noindex',
    }),
  };
}
