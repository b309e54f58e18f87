/**
 * Background work (the service worker, the sync worker, the offline pack, the favourites' storage code and with them
 * Dexie) waits until the page has loaded, `delayMs` more have passed and the main thread is idle: evaluating
 * and opening IndexedDB code costs long tasks, and in the first seconds after a page appears they would compete
 * with the visitor's first taps and scrolls (Total Blocking Time, DESIGN §7).
 */
export function afterPageSettles(delayMs: number, idleTimeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs });
      else resolve();
    };
    const afterLoad = () => window.setTimeout(whenIdle, delayMs);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
