/**
 * The code a visitor of this page is likely to need next, fetched into the HTTP cache once the app has started and
 * not run (docs/decisions.md). The server lists it on the starter's tag (`data-prefetch`, api/ssr/route-preloads.ts):
 * on a listing or community page, the inquiry popup behind Contact Agent.
 *
 * A phone has no hover to preload the popup on, so a buyer's tap fetched its chunks: a round trip on a slow link
 * between the tap and the form. Loading and running them as the page became interactive instead put their
 * evaluation in the window in which a slow phone's page is judged (Lighthouse TBT of the listing page 105 → 232 ms);
 * a prefetch only fills the cache, and the tap's import then runs them from there.
 */

/** What is read of the browser, so a test can hand in a stand-in. */
export interface PrefetchEnvironment {
  document: Pick<Document, 'querySelector' | 'createElement' | 'head'>;
  /** Network Information API, where the browser has it: a visitor who asked to save data gets nothing extra. */
  connection?: { saveData?: boolean };
}

export function prefetchLikelyCode(
  env: PrefetchEnvironment = {
    document,
    connection: (navigator as Navigator & { connection?: { saveData?: boolean } }).connection,
  },
): void {
  if (env.connection?.saveData) return;
  const urls = env.document.querySelector('script[data-prefetch]')?.getAttribute('data-prefetch') ?? '';
  for (const href of urls.split(' ').filter(Boolean)) {
    const link = env.document.createElement('link');
    link.rel = 'prefetch';
    // Module scripts are fetched in CORS mode: the prefetch asks the same way, so the import finds its response.
    link.crossOrigin = '';
    link.href = href;
    // Removed once fetched (or failed): Vite's preload helper skips a module that a <link> in the document names, so
    // at the tap it would not preload the popup's imports alongside it, and the browser would find them one by one
    // as it parsed the modules (40-120 ms later on a slow phone).
    const done = () => link.remove();
    link.addEventListener('load', done);
    link.addEventListener('error', done);
    env.document.head.appendChild(link);
  }
}
