/** Any unknown public path: a 404 page. */
import { NotFoundSection } from '@/components/not-found-section';
import type { RouteHandle } from '../../head';

export function loader() {
  return { notFound: true };
}

export const handle: RouteHandle = {
  head: (_data, { pathname, settings }) => ({
    title: `Page Not Found | ${settings.general.siteName}`,
    description: 'This page does not exist.',
    canonicalPath: pathname,
    robots: 'noindex',
  }),
};

export function Component() {
  return <NotFoundSection title="Page Not Found" text="The page you are looking for does not exist or has moved." />;
}
