/**
 * The code a visitor of this page is likely to need next, fetched and compiled once the app has started, and not
 * run (docs/decisions.md). The server lists it on the starter's tag (`data-prefetch`, api/ssr/route-preloads.ts):
 * on a listing or community page, the inquiry popup behind Contact Agent; on a listing page, the payment calculator.
 *
 * A phone has no hover to preload the popup on, so a buyer's tap fetched its chunks: a round trip on a slow link
 * between the tap and the form. Loading and running them as the page became interactive instead put their
 * evaluation in the window in which a slow phone's page is judged (Lighthouse TBT of the listing page 105 → 232 ms).
 *
 * One `<link rel=modulepreload>` per chunk, left in the document: the browser fetches and compiles the module and
 * keeps it for the import, which then only runs it. Vite's preload helper skips a module that a `<link>` names,
 * which is the point: inserting its own links at the tap (or when the scroll reaches the payment estimate) cost
 * 13-45 ms of a slow phone's main thread inside the tap's interaction. With these links, a tap right after the
 * scroll to Contact Agent: worst interaction 204 against 224 ms, tap to popup 399 against 470 ms (`bench:forms`
 * scenario, 6x CPU, medians of 20 interleaved runs per build); Lighthouse `mobile-slow` TBT of the listing page 79
 * against 101 ms, the community page 70 against 64 ms (14 and 10 interleaved rounds: the noise between runs).
 */

import { browserConnection, type BrowserConnection } from './browser-connection';

/** What is read of the browser, so a test can hand in a stand-in. */
export interface PrefetchEnvironment {
  document: Pick<Document, 'querySelector' | 'createElement' | 'head'>;
  /** Network Information API, where the browser has it: a visitor who asked to save data gets nothing extra. */
  connection?: BrowserConnection | undefined;
  /** Runs `task` in a later task of its own (setTimeout). */
  later?: (task: () => void) => void;
}

export function prefetchLikelyCode(
  env: PrefetchEnvironment = {
    document,
    connection: browserConnection(),
  },
): void {
  if (env.connection?.saveData) return;
  const later = env.later ?? ((task: () => void) => void setTimeout(task, 0));
  const urls = (env.document.querySelector('script[data-prefetch]')?.getAttribute('data-prefetch') ?? '')
    .split(' ')
    .filter(Boolean);
  // One link per task: each insertion starts a fetch on the main thread, and a slow phone's page is judged on its
  // long tasks.
  const addLink = (index: number) => {
    const href = urls[index];
    if (href === undefined) return;
    const link = env.document.createElement('link');
    link.rel = 'modulepreload';
    // As Vite's helper and a module import ask: CORS mode, same-origin credentials.
    link.crossOrigin = '';
    link.href = href;
    env.document.head.appendChild(link);
    later(() => addLink(index + 1));
  };
  later(() => addLink(0));
}
