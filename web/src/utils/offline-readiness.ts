/**
 * Whether this device could show the page it is on without a network: true once a service worker controls the
 * page. The worker takes control only after its install stored every precached file (the app shell and all of the
 * app's code: vite.config.ts), so a controlled page can be reloaded offline. A first visit is not controlled for
 * some seconds (the install downloads the app), and an install the network cut short leaves the page uncontrolled
 * until it is tried again (app/pwa/register.ts retries it).
 *
 * The open-house kiosk shows this to its agent: a tablet taken to a model home without signal before it was ready
 * would answer a reload with the browser's "cannot connect" page (found driving WebKit, the engine of iPads).
 */

export type OfflineReadiness = 'ready' | 'preparing' | 'unavailable';

/** What the browser offers; `undefined` where service workers are missing (an old browser, a page not on https). */
type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>;

export function offlineReadinessOf(container: Pick<WorkerContainer, 'controller'> | undefined): OfflineReadiness {
  if (!container) return 'unavailable';
  return container.controller ? 'ready' : 'preparing';
}

const browserContainer = (): WorkerContainer | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

/** Calls `listener` with the readiness now and each time it changes; returns the unsubscribe. */
export function watchOfflineReadiness(
  listener: (readiness: OfflineReadiness) => void,
  container: WorkerContainer | undefined = browserContainer(),
): () => void {
  const report = () => listener(offlineReadinessOf(container));
  report();
  container?.addEventListener('controllerchange', report);
  return () => container?.removeEventListener('controllerchange', report);
}
