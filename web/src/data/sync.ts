/**
 * The sync worker (DESIGN §5): sends the outbox to the server, in order, one entry at a time, each with its own
 * Idempotency-Key (so a send whose answer was lost can be repeated safely) and If-Match when it is an edit of a
 * known version. It drains on start, on 'online', when the tab becomes visible, after an enqueue
 * (requestDrain) and on a timer while entries wait. One tab drains at a time (Web Locks); the others watch the
 * same IndexedDB.
 *
 * drainOutbox() takes an injected `send`, clock and random source, so tests run it against fake-indexeddb
 * without a network; the default `send` is a thin shell over http-client.sendJson.
 */
import { liveQuery, type Subscription } from 'dexie';
import { ApiError, NetworkUnreachableError } from './errors';
import { sendJson } from './http-client';
import { localDb, META_KEYS, readMeta } from './local-db';
import { claimEntry, countOutbox, makeNetworkFailuresDue, settleDelivery, subscribeOutboxChanges } from './outbox';
import { nextWakeUp, orderForDrain, type DeliveryResult, type OutboxEntry, type Settlement } from './outbox-policy';
import { isLoggedIn, subscribeSession } from './session';

export type SendEntry = (entry: OutboxEntry) => Promise<DeliveryResult>;

/** Sends one entry through the one HTTP client; HTTP errors become results, no answer becomes 'network'. */
export const sendWithHttpClient: SendEntry = async (entry) => {
  try {
    const body = await sendJson(entry.method, entry.path, entry.method === 'DELETE' ? undefined : entry.payload, {
      idempotencyKey: entry.id,
      ...(entry.baseVersion !== undefined ? { ifMatchVersion: entry.baseVersion } : {}),
    });
    return { status: 200, body };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        status: error.status,
        message: error.serverMessage,
        ...(error.details ? { details: error.details } : {}),
        ...(error.current !== undefined ? { current: error.current } : {}),
        ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      };
    }
    if (error instanceof NetworkUnreachableError) return { status: 'network', message: error.message };
    throw error;
  }
};

export interface DrainOptions {
  send?: SendEntry;
  now?: () => number;
  random?: () => number;
}

export interface DrainReport {
  sent: number;
  retried: number;
  conflicts: number;
  failed: number;
  /** A 401 stopped admin entries until the next login. */
  pausedForAuth: boolean;
  /** No answer from the server: the drain stopped, the rest waits for the network. */
  stoppedByNetwork: boolean;
}

/** What startSyncWorker was given (tests inject send, clock and random); the defaults otherwise. */
let workerOptions: DrainOptions = {};

/** Set by a 401; cleared by the next login. Admin entries wait while it is set (visitors' inquiries do not). */
let authPaused = false;

/** The settlement of one send, with the result it came from. */
export interface Delivery extends Settlement {
  result: DeliveryResult;
}

/**
 * Sends an entry already claimed for sending and stores the outcome. A send that throws is an answer that never
 * arrived: the entry stays with the same id, so its next send replays the server's first answer instead of
 * writing twice.
 */
export async function deliverClaimed(claimed: OutboxEntry, options: DrainOptions = {}): Promise<Delivery> {
  const now = options.now ?? workerOptions.now ?? Date.now;
  const send = options.send ?? workerOptions.send ?? sendWithHttpClient;
  let result: DeliveryResult;
  try {
    result = await send(claimed);
  } catch (error) {
    result = { status: 'network', message: error instanceof Error ? error.message : String(error) };
  }
  const settlement = await settleDelivery(claimed, result, now(), options.random ?? workerOptions.random);
  if (settlement.outcome === 'pause-auth') setAuthPaused(true);
  if (settlement.outcome === 'done') statusPatch({ lastSyncAt: now() });
  return { ...settlement, result };
}

/** Claims (if still due), sends and settles one entry; null when it is not due or another drain has it. */
export async function deliverEntry(entryId: string, options: DrainOptions = {}): Promise<Delivery | null> {
  const claimed = await claimEntry(entryId, (options.now ?? workerOptions.now ?? Date.now)());
  return claimed ? deliverClaimed(claimed, options) : null;
}

/** Sends every entry that may go now, in order, until none is left or the network is gone. */
export async function drainOutbox(options: DrainOptions = {}): Promise<DrainReport> {
  const now = options.now ?? workerOptions.now ?? Date.now;
  const report: DrainReport = {
    sent: 0,
    retried: 0,
    conflicts: 0,
    failed: 0,
    pausedForAuth: false,
    stoppedByNetwork: false,
  };
  // Each entry is tried at most once per drain; a retry waits for its backoff and a later drain.
  const tried = new Set<string>();
  // The queue is read once per pass and kept up to date in memory; a new pass picks up entries enqueued meanwhile.
  for (let pass = true; pass; ) {
    pass = false;
    let entries = await localDb().outbox.toArray();
    for (;;) {
      const canSendAuthenticated = !authPaused && isLoggedIn();
      const next = orderForDrain(entries, now(), { canSendAuthenticated }).find((entry) => !tried.has(entry.id));
      if (!next) break;
      tried.add(next.id);
      pass = true;
      const delivery = await deliverEntry(next.id, options);
      entries = entries.filter((entry) => entry.id !== next.id);
      if (!delivery) continue; // another tab or an inquiry's own send has it
      if (delivery.next) entries.push(delivery.next);
      if (delivery.outcome === 'done') report.sent += 1;
      else if (delivery.outcome === 'conflict') report.conflicts += 1;
      else if (delivery.outcome === 'failed') report.failed += 1;
      else if (delivery.outcome === 'pause-auth') report.pausedForAuth = true;
      else {
        report.retried += 1;
        // No answer at all: the next entries would only time out too. Wait for 'online' or the timer.
        if (delivery.result.status === 'network') {
          report.stoppedByNetwork = true;
          return report;
        }
      }
    }
  }
  return report;
}

// ---- the worker: triggers, lock, timer ----

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
    statusPatch({ draining: true });
    let minimumDelay = MIN_TIMER_MS;
    try {
      do {
        rerunRequested = false;
        const drained = await withDrainLock(async () => {
          const report = await drainOutbox(workerOptions);
          if (report.stoppedByNetwork) minimumDelay = BUSY_OR_OFFLINE_TIMER_MS;
        });
        if (!drained) minimumDelay = BUSY_OR_OFFLINE_TIMER_MS;
      } while (rerunRequested);
    } catch (error) {
      // IndexedDB unavailable or closed: nothing to do until the next trigger.
      console.warn('Outbox drain failed', error);
    } finally {
      running = null;
      statusPatch({ draining: false });
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
    await makeNetworkFailuresDue((workerOptions.now ?? Date.now)());
  } catch (error) {
    console.warn('Could not reset the outbox backoff', error);
  }
  return requestDrain();
}

/** The next timed drain: when the next entry may go (nextWakeUp), at most DRAIN_INTERVAL_MS away. */
async function scheduleNextDrain(minimumDelay: number): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const canSendAuthenticated = !authPaused && isLoggedIn();
  const wakeUp = nextWakeUp(await localDb().outbox.toArray(), { canSendAuthenticated });
  if (!started || wakeUp === null) return;
  const now = (workerOptions.now ?? Date.now)();
  const delay = Math.min(DRAIN_INTERVAL_MS, Math.max(minimumDelay, wakeUp - now));
  timer = setTimeout(() => void requestDrain(), delay);
}

function setAuthPaused(paused: boolean): void {
  authPaused = paused;
  statusPatch({ pausedForAuth: paused });
}

/** Starts the worker once per page (later calls do nothing) and drains right away. */
export function startSyncWorker(options: DrainOptions = {}): void {
  if (started) return;
  started = true;
  workerOptions = options;
  if (typeof window !== 'undefined' && window.addEventListener) {
    const onOnline = () => void drainAfterReconnect();
    window.addEventListener('online', onOnline);
    cleanups.push(() => window.removeEventListener('online', onOnline));
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
  liveSubscription?.unsubscribe();
  liveSubscription = undefined;
  statusListeners.clear();
  authPaused = false;
  status = { ...INITIAL_STATUS };
}

// ---- status for the UI's sync indicator ----

export interface SyncStatus {
  /** Entries waiting or being sent. */
  pending: number;
  conflicts: number;
  failed: number;
  /** Epoch ms of the last delivered write (kept in IndexedDB, so it survives reloads); null before the first. */
  lastSyncAt: number | null;
  draining: boolean;
  /** A 401 paused admin writes: the indicator can say "Log in to sync". */
  pausedForAuth: boolean;
}

const INITIAL_STATUS: SyncStatus = {
  pending: 0,
  conflicts: 0,
  failed: 0,
  lastSyncAt: null,
  draining: false,
  pausedForAuth: false,
};
let status: SyncStatus = { ...INITIAL_STATUS };
const statusListeners = new Set<(status: SyncStatus) => void>();
let liveSubscription: Subscription | undefined;

function statusPatch(patch: Partial<SyncStatus>): void {
  const next = { ...status, ...patch };
  const changed = (Object.keys(next) as (keyof SyncStatus)[]).some((key) => next[key] !== status[key]);
  if (!changed) return;
  status = next;
  for (const listener of [...statusListeners]) listener(status);
}

async function readStoredStatus(): Promise<Pick<SyncStatus, 'pending' | 'conflicts' | 'failed' | 'lastSyncAt'>> {
  const [counts, lastSyncAt] = await Promise.all([countOutbox(), readMeta<number>(META_KEYS.lastSyncAt)]);
  return { ...counts, lastSyncAt: lastSyncAt ?? null };
}

/** Re-reads the counts from IndexedDB (after this tab's writes; other tabs' come through liveQuery). */
export async function refreshStatus(): Promise<SyncStatus> {
  try {
    statusPatch(await readStoredStatus());
  } catch {
    // IndexedDB unavailable: keep the last known status.
  }
  return status;
}

export function getSyncStatus(): SyncStatus {
  return status;
}

/** Calls `listener` now and on every change of the sync status. */
export function subscribeSyncStatus(listener: (status: SyncStatus) => void): () => void {
  statusListeners.add(listener);
  listener(status);
  if (!liveSubscription) {
    // liveQuery re-runs when the outbox or meta tables change, in this tab or another one.
    liveSubscription = liveQuery(readStoredStatus).subscribe({
      next: (stored) => statusPatch(stored),
      error: () => undefined,
    });
  }
  return () => {
    statusListeners.delete(listener);
    if (statusListeners.size === 0) {
      liveSubscription?.unsubscribe();
      liveSubscription = undefined;
    }
  };
}
