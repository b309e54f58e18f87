/**
 * What a page does once the app has started, loaded then (entry-client.tsx, on APP_READY_EVENT), outside the
 * JavaScript a page needs to become interactive (DESIGN §7):
 * - router links: hover prefetch of the next page's code, and in-app navigation for links of static parts
 *   (router-links.ts);
 * - the code of the page's likely next steps, fetched and compiled but not run (prefetch-likely-code.ts).
 */
import { prefetchLikelyCode } from './prefetch-likely-code';
import { followRouterLinks } from './router-links';

export function afterStart(navigate: (path: string) => unknown): void {
  followRouterLinks(navigate);
  prefetchLikelyCode();
}
