/**
 * Shown while a client navigation loads the next page's code and data: a panel with a spinner over the current
 * page, 'Loading Community' when a community page is on its way (SPEC §2).
 *
 * Read from the router as it happens, not through useNavigation(): the router hands its state to React in
 * transitions, and a transition that re-renders a part still waiting to hydrate on demand (preloadable's
 * `hydrateWhen`: the map sections) waits for that part. A visitor leaving /communities or a community page before
 * scrolling to its map saw no panel at all, only a page that did not react until the next one was in. A store read
 * with useSyncExternalStore renders at once, outside the transition.
 */
import { useContext, useSyncExternalStore } from 'react';
import { UNSAFE_DataRouterContext, type Navigation } from 'react-router-dom';
import { PUBLIC_MESSAGES } from '@domain/public-messages';

const loadingPathname = (navigation: Navigation) =>
  navigation.state === 'loading' ? navigation.location.pathname : null;

/** What is said while `pathname` loads: 'Loading Community' for a community page (SPEC §2). */
export const loadingLabel = (pathname: string) =>
  pathname.startsWith('/community/')
    ? PUBLIC_MESSAGES.loadingCommunity
    : pathname === '/communities'
      ? 'Loading Communities'
      : 'Loading…';

export function NavigationStatus() {
  // The router itself, from react-router's own context (a store set by the entry cost more bytes than the listing
  // page's 110 KB budget has left: docs/decisions.md).
  const router = useContext(UNSAFE_DataRouterContext)!.router;
  const target = useSyncExternalStore(
    router.subscribe,
    () => loadingPathname(router.state.navigation),
    // The server's router cannot be subscribed to, and nothing is loading while a page renders or hydrates.
    () => null,
  );
  if (target === null) return null;
  return (
    <div className="navigation-status" role="status" aria-live="polite">
      <div className="navigation-status__panel">
        <span className="spinner" aria-hidden="true" />
        <span>{loadingLabel(target)}</span>
      </div>
    </div>
  );
}
