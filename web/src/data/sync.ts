/**
 * The sync worker (DESIGN §5): drains the outbox (outbox-delivery.ts) on start, on 'online' (or the server answering
 * again after it could not be reached), when the tab becomes visible, after an enqueue (requestDrain) and on a timer
 * while entries wait. One tab drains at a time (Web
 * Locks); the others watch the same IndexedDB. What the indicator shows is sync-status.ts.
 */
import { localDb } from './local-db';
import { makeNetworkFailuresDue, subscribeOutboxChanges } from './outbox';
import {
  deliveryDefaults,
  drainOrderOptions,
  drainOutbox,
  setAuthPaused,
  setDeliveryDefaults,
  type DrainOptions,
} from './outbox-delivery';
import { isWaitingVisitorEntry, nextWakeUp } from './outbox-order';
import { requestBackgroundDelivery } from './background-delivery';
import { subscribeSession } from './session';
import { REACHABILITY_EVENT } from '@/utils/page-events';
import { patchSyncStatus, refreshStatus, resetSyncStatus } from './sync-status';

// The worker's callers (the PWA start, the admin sync center) read its status through this module too.
export { getSyncStatus, refreshStatus, subscribeSyncStatus, type SyncStatus } from './sync-status';

export const DRAIN_INTERVAL_MS = 30_000;
const LOCK_NAME = 'outbox-drain';

let started = false;
let running: Promise<void> | null = null;
let rerunRequested = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const cleanups: (() => void)[] = [];

/**
 * One tab at a time: with Web Locks, a tab that finds the lock taken leaves the drain to the holder.
 * Resolves false when another tab had it.
 */
async function withDrainLock(run: () => Promise<void>): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) {
    await run();
    return true;
  }
  return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await run();
    return true;
  });
}

/** Shortest timer: right after a drain that another tab was running, or that the network cut short. */
const MIN_TIMER_MS = 50;
const BUSY_OR_OFFLINE_TIMER_MS = 2000;

let backgroundDeliveryAsked = false;

/**
 * Once per page: a drain the network cut short, with visitors' messages still waiting, asks for Background Sync
 * too (background-delivery.ts). The registration made when each was queued may be spent (the browser gives up
 * after a few failed tries), and the visitor may close this page, opened again offline, before the network returns.
 */
async function askBackgroundDeliveryIfVisitorsWait(): Promise<void> {
  if (backgroundDeliveryAsked) return;
  const entries = await localDb().outbox.toArray();
  if (!entries.some(isWaitingVisitorEntry)) return;
  backgroundDeliveryAsked = true;
  requestBackgroundDelivery();
}

/**
 * Drains now (or right after the drain in progress). Starts nothing else: the worker's listeners and timer come
 * with startSyncWorker. Resolves when this tab's drain is over.
 */
export function requestDrain(): Promise<void> {
  if (running) {
    rerunRequested = true;
    return running;
  }
  running = (async () => {
    patchSyncStatus({ draining: true });
    let minimumDelay = MIN_TIMER_MS;
    try {
      do {
        rerunRequested = false;
        const drained = await withDrainLock(async () => {
          const report = await drainOutbox(deliveryDefaults());
          if (report.stoppedByNetwork) {
            minimumDelay = BUSY_OR_OFFLINE_TIMER_MS;
            await askBackgroundDeliveryIfVisitorsWait();
          }
        });
        if (!drained) minimumDelay = BUSY_OR_OFFLINE_TIMER_MS;
      } while (rerunRequested);
    } catch (error) {
      // IndexedDB unavailable or closed: nothing to do until the next trigger.
      console.warn('Outbox drain failed', error);
    } finally {
      running = null;
      patchSyncStatus({ draining: false });
      void refreshStatus();
      if (started) await scheduleNextDrain(minimumDelay).catch(() => undefined);
    }
  })();
  return running;
}

/**
 * The network is back ('online', or an admin's "Sync now"): what waited only because the server could not be
 * reached goes now, not after its backoff (up to a minute), then the queue drains.
 */
export async function drainAfterReconnect(): Promise<void> {
  try {
    await makeNetworkFailuresDue((deliveryDefaults().now ?? Date.now)());
  } catch (error) {
    console.warn('Could not reset the outbox backoff', error);
  }
  return requestDrain();
}

/** The next timed drain: when the next entry may go (nextWakeUp), at most DRAIN_INTERVAL_MS away. */
async function scheduleNextDrain(minimumDelay: number): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const wakeUp = nextWakeUp(await localDb().outbox.toArray(), drainOrderOptions());
  if (!started || wakeUp === null) return;
  const now = (deliveryDefaults().now ?? Date.now)();
  const delay = Math.min(DRAIN_INTERVAL_MS, Math.max(minimumDelay, wakeUp - now));
  timer = setTimeout(() => void requestDrain(), delay);
}

/** Starts the worker once per page (later calls do nothing) and drains right away. */
export function startSyncWorker(options: DrainOptions = {}): void {
  if (started) return;
  started = true;
  setDeliveryDefaults(options);
  if (typeof window !== 'undefined' && window.addEventListener) {
    const onOnline = () => void drainAfterReconnect();
    window.addEventListener('online', onOnline);
    cleanups.push(() => window.removeEventListener('online', onOnline));
    // A dead zone ends without an 'online' event (the phone kept its Wi-Fi or cell link, navigator.onLine stayed
    // true): the first answer after a request found no server is the same news, and a visitor's message went on
    // waiting out its backoff (up to a minute) after the page already said it was back online.
    let reachable = true;
    const onReachability = (event: Event) => {
      const answered = (event as CustomEvent<boolean>).detail;
      if (answered && !reachable) void drainAfterReconnect();
      reachable = answered;
    };
    window.addEventListener(REACHABILITY_EVENT, onReachability);
    cleanups.push(() => window.removeEventListener(REACHABILITY_EVENT, onReachability));
  }
  if (typeof document !== 'undefined' && document.addEventListener) {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void requestDrain();
    };
    document.addEventListener('visibilitychange', onVisible);
    cleanups.push(() => document.removeEventListener('visibilitychange', onVisible));
  }
  // A login (here or in another tab) lifts a 401 pause and sends what waited for it.
  cleanups.push(
    subscribeSession((session) => {
      if (!session) return;
      setAuthPaused(false);
      void requestDrain();
    }),
  );
  // An enqueue in this tab drains right after; any other outbox change refreshes the indicator.
  cleanups.push(
    subscribeOutboxChanges((change) => {
      if (change === 'enqueued') void requestDrain();
      else void refreshStatus();
    }),
  );
  void requestDrain();
}

/** Tests: stops listeners and the timer, and forgets the pause. Waits for a drain in progress. */
export async function stopSyncWorker(): Promise<void> {
  started = false;
  clearTimeout(timer);
  timer = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
  await running;
  resetSyncStatus();
  setAuthPaused(false);
  backgroundDeliveryAsked = false;
}
