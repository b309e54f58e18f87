/**
 * Visitors' messages delivered without a page of the site open (the lead audit's first finding). A message queued
 * in a dead zone was sent only by a page of the site: a visitor who closed the tab and never came back left it on
 * the phone until the browser dropped the site's storage, with no count anywhere. Now, where the browser has
 * Background Sync (Chromium: Android Chrome, Edge), the service worker is woken once the network is back and sends
 * it (sw/visitor-delivery.ts); elsewhere (Safari, Firefox) the next page of the site sends it, as before.
 *
 * Light on purpose: the page side is one registration; the sending code is the service worker's.
 */

/** The Background Sync tag the service worker answers by sending visitors' queued messages. */
export const VISITOR_DELIVERY_SYNC_TAG = 'visitor-messages';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * A visitor's message now waits in the outbox: asks the browser to keep the site's storage, where it waits, and to
 * wake the service worker to send it once the network is back. Neither is awaited or needed: each is a better
 * chance, and a page of the site still sends it.
 */
export function requestBackgroundDelivery(): void {
  if (typeof navigator === 'undefined') return;
  void navigator.storage?.persist?.().catch(() => false);
  void navigator.serviceWorker
    ?.getRegistration()
    .then((registration) =>
      (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync?.register(
        VISITOR_DELIVERY_SYNC_TAG,
      ),
    )
    .catch(() => undefined);
}
