/**
 * A router Link that loads the target page's code after 100 ms of hover or focus (SPEC §9), so the click finds
 * the route module already there. The path is mapped to its route module id here; the public layout registers
 * the loader of the route module table, so page chunks that use this link do not import that table (which
 * would make every page chunk reachable from every other and split the framework into extra chunks).
 */
import { useRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { LINK_PREFETCH_HOVER_DELAY_MS } from '@domain/constants';

/**
 * The route modules a link can lead to (ids of app/route-modules.ts; the public layout's loader is typed against
 * that table, so a renamed id fails to compile there). Declared here: shared components do not import the app.
 */
export type PrefetchRouteId =
  'home' | 'communities' | 'community' | 'listing' | 'contact' | 'favorites' | 'legal' | 'notFound';

const WITH_PARAM: Record<string, PrefetchRouteId> = { community: 'community', listing: 'listing', legal: 'legal' };
const STATIC: Record<string, PrefetchRouteId> = {
  '/': 'home',
  '/communities': 'communities',
  '/contact': 'contact',
  '/favorites': 'favorites',
};

/** The route module a site path renders with (mirrors app/routes.tsx). */
export function routeModuleFor(path: string): PrefetchRouteId {
  const pathname = path.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1') || '/';
  const segments = pathname.split('/');
  return (
    STATIC[pathname] ?? (segments.length === 3 && segments[2] ? WITH_PARAM[segments[1]!] : undefined) ?? 'notFound'
  );
}

let loadRouteModule: ((id: PrefetchRouteId) => Promise<unknown>) | undefined;

/** Called once by the public layout with the route module table's loader. */
export function registerRouteModuleLoader(load: (id: PrefetchRouteId) => Promise<unknown>): void {
  loadRouteModule = load;
}

/** Loads the code of the page a path shows (errors are left to the navigation itself). */
export function prefetchRoute(path: string): void {
  loadRouteModule?.(routeModuleFor(path)).catch(() => undefined);
}

export function PrefetchLink(props: LinkProps & { to: string }) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => prefetchRoute(props.to), LINK_PREFETCH_HOVER_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer.current);
  return <Link {...props} onMouseEnter={start} onFocus={start} onMouseLeave={cancel} onBlur={cancel} />;
}
