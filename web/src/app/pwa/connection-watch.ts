/**
 * What the offline pill knows beyond navigator.onLine (issue 17 "Delivered means said"): every request's answer or
 * failure (REACHABILITY_EVENT from the HTTP client), a light check every PROBE_MS while the pill says offline but
 * the device says online (a dead zone ends without an 'online' event), and visitors' queued inquiries, visit
 * requests and kiosk sign-ins: how many wait on the device, and their reaching the server, which the page then
 * announces.
 */
import { REACHABILITY_EVENT } from '@/utils/page-events';
import type { OfflineStatus } from './offline-pack-schedule';
import type { Store } from './store';

const PROBE_MS = 15_000;
const PROBE_TIMEOUT_MS = 5_000;

/** The status after a request was answered (true) or found no server (false). */
export function afterRequest(status: OfflineStatus, reachable: boolean): OfflineStatus {
  return reachable
    ? { ...status, online: true, fromShell: false, unreachable: false }
    : { ...status, unreachable: true };
}

/** Whether the pill says offline. */
export const showsOffline = (status: OfflineStatus): boolean =>
  !status.online || status.fromShell || status.unreachable;

export function watchConnection(store: Store<OfflineStatus>): void {
  window.addEventListener(REACHABILITY_EVENT, (event) => {
    store.set((status) => afterRequest(status, (event as CustomEvent<boolean>).detail));
  });

  // Only while it matters: the pill says offline and the device believes it has a network.
  window.setInterval(() => {
    if (!showsOffline(store.get()) || !navigator.onLine || document.visibilityState !== 'visible') return;
    void import('@/data/http-client')
      .then(({ getJson }) => getJson('public/config', { timeoutMs: PROBE_TIMEOUT_MS }))
      .catch(() => undefined);
  }, PROBE_MS);

  void import('@/data/visitor-queue')
    .then(({ watchVisitorQueue, VISITOR_FORM_PATHS }) => {
      watchVisitorQueue(
        // The pill counts what waits on the device: a dialog that said "saved" closes, the count stays in sight.
        ({ waiting }) => store.set((status) => (status.waiting === waiting ? status : { ...status, waiting })),
        () => store.set((status) => ({ ...afterRequest(status, true), deliveredAt: Date.now() })),
      );
      // And what the server refused once queued, from the visitor's own forms only: a kiosk sign-in refused is
      // counted on the kiosk's corner for the staff, and the pill's words are for the visitor who wrote it.
      watchVisitorQueue(
        ({ refused }) => store.set((status) => (status.refused === refused ? status : { ...status, refused })),
        undefined,
        VISITOR_FORM_PATHS,
      );
    })
    .catch((error: unknown) => console.warn('Deliveries are not watched', error));
}
