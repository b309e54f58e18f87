/**
 * What a page does once the app has started, loaded then (entry-client.tsx, on APP_READY_EVENT), outside the
 * JavaScript a page needs to become interactive (DESIGN §7):
 * - router links: hover prefetch of the next page's code, and in-app navigation for links of static parts
 *   (router-links.ts);
 * - the code of the page's likely next steps, fetched and compiled but not run (prefetch-likely-code.ts);
 * - the sections left out of the first layout, rendered while the visitor reads (render-ahead.ts);
 * - in browsers without scroll anchoring (WebKit), what the visitor reads kept in place when the browser renders a
 *   part above it (keep-reading-position.ts).
 */
import type { createBrowserRouter } from 'react-router-dom';
import { keepReadingPosition } from './keep-reading-position';
import { prefetchLikelyCode } from './prefetch-likely-code';
import { renderAheadWhenIdle } from './render-ahead';
import { followRouterLinks } from './router-links';

export function afterStart(router: ReturnType<typeof createBrowserRouter>): void {
  followRouterLinks((path) => router.navigate(path));
  prefetchLikelyCode();
  renderAheadWhenIdle();
  keepReadingPosition();
  // A page the app shows itself (a link followed in the app) leaves sections out of its first layout too.
  let shownKey = router.state.location.key;
  router.subscribe(({ navigation, location }) => {
    if (navigation.state !== 'idle' || location.key === shownKey) return;
    shownKey = location.key;
    renderAheadWhenIdle();
  });
}
