/**
 * What the router's links do beyond a Link's own click, for every link at once: listeners on the document, not
 * handlers on each link (fewer hooks to hydrate, and links inside static parts have no React handlers at all).
 * - Hover or focus on a router link for 100 ms loads the code of the page it leads to (SPEC §9), so the click
 *   finds the route module already there.
 * - A click on a router link inside a static part that keeps the server's HTML (components/static-part.tsx)
 *   navigates in the app, as the Link would have: main button, no modifier key. Links React rendered have handled
 *   their click first (defaultPrevented).
 * Router links are found by `data-discover`, which every Link renders.
 */
import { LINK_PREFETCH_HOVER_DELAY_MS } from '@domain/constants';
import { STATIC_PART_ATTRIBUTE } from '@/components/static-part';
import { matchRoutes } from 'react-router-dom';
import { routeModules, type RouteModuleId } from './route-modules';
import { routes } from './routes';

/** The lazily loaded module of the page a site path shows: the deepest route the router matches for it. */
export function routeModuleFor(path: string): RouteModuleId | undefined {
  const id = matchRoutes(routes, path)?.at(-1)?.route.id;
  return id && id in routeModules ? (id as RouteModuleId) : undefined;
}

/** The path of the router link an event happened in (`within`: only inside such elements). */
const routerLinkPath = (event: Event, within = ''): string | null | undefined =>
  (event.target as Element).closest?.(`${within} a[data-discover]`)?.getAttribute('href');

/** Installed once by the entry, with the router's navigate. */
export function followRouterLinks(navigate: (path: string) => unknown): void {
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;
  const cancelPrefetch = () => clearTimeout(hoverTimer);
  const prefetchOnHover = (event: Event) => {
    cancelPrefetch();
    const path = routerLinkPath(event);
    const id = path && routeModuleFor(path);
    if (id) {
      // Errors are left to the navigation itself.
      const prefetch = () => void routeModules[id]().catch(() => undefined);
      hoverTimer = setTimeout(prefetch, LINK_PREFETCH_HOVER_DELAY_MS);
    }
  };
  document.addEventListener('mouseover', prefetchOnHover);
  document.addEventListener('focusin', prefetchOnHover);
  document.addEventListener('mouseout', cancelPrefetch);
  document.addEventListener('focusout', cancelPrefetch);
  document.addEventListener('click', (event) => {
    const path = routerLinkPath(event, `[${STATIC_PART_ATTRIBUTE}]`);
    const modified = event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!path || modified || event.defaultPrevented) return;
    event.preventDefault();
    navigate(path);
  });
}
