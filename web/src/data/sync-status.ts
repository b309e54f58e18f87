/**
 * What the sync indicator shows (DESIGN §5): how many writes wait, conflict or failed, when the last one was
 * delivered, whether a drain runs and whether a 401 paused admin writes. Its own module because the delivery
 * (outbox-delivery.ts) and the worker (sync.ts) both report into it while the admin screens only read it.
 */
import { liveQuery, type Subscription } from 'dexie';
import { META_KEYS, readMeta } from './local-db';
import { countOutbox } from './outbox';

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
  /**
   * Changes of this page that have waited longer than STORAGE_WAIT_NOTICE_MS for their place in the outbox: the
   * device's storage is not answering (storage-time-limit.ts), so they are in no count above yet.
   */
  waitingForStorage: number;
}

const INITIAL_STATUS: SyncStatus = {
  pending: 0,
  conflicts: 0,
  failed: 0,
  lastSyncAt: null,
  draining: false,
  pausedForAuth: false,
  waitingForStorage: 0,
};
let status: SyncStatus = { ...INITIAL_STATUS };
const statusListeners = new Set<(status: SyncStatus) => void>();
let liveSubscription: Subscription | undefined;

/** Applies a change and tells the listeners, if anything changed. */
export function patchSyncStatus(patch: Partial<SyncStatus>): void {
  const next = { ...status, ...patch };
  const changed = (Object.keys(next) as (keyof SyncStatus)[]).some((key) => next[key] !== status[key]);
  if (!changed) return;
  status = next;
  for (const listener of [...statusListeners]) listener(status);
}

/**
 * How long an admin change may wait for its place in the outbox before the indicator says so. Storing takes
 * milliseconds; WebKit can leave a site's IndexedDB stuck until the browser restarts (storage-time-limit.ts), and
 * a form that only says "Saving..." would not tell the admin that the change is not on the device yet.
 */
export const STORAGE_WAIT_NOTICE_MS = 4_000;

/**
 * Times a change's wait for its place in the outbox: past `noticeAfterMs` it counts in `waitingForStorage` until
 * the returned function is called (once it is stored, or has failed). The wait itself is not cut short: an admin
 * change is never sent around the outbox, which keeps the changes of a record in order.
 */
export function timeStorageWait(noticeAfterMs: number = STORAGE_WAIT_NOTICE_MS): () => void {
  let counted = false;
  let ended = false;
  const timer = setTimeout(() => {
    if (ended) return;
    counted = true;
    patchSyncStatus({ waitingForStorage: status.waitingForStorage + 1 });
  }, noticeAfterMs);
  return () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    if (counted) patchSyncStatus({ waitingForStorage: Math.max(0, status.waitingForStorage - 1) });
  };
}

async function readStoredStatus(): Promise<Pick<SyncStatus, 'pending' | 'conflicts' | 'failed' | 'lastSyncAt'>> {
  const [counts, lastSyncAt] = await Promise.all([countOutbox(), readMeta<number>(META_KEYS.lastSyncAt)]);
  return { ...counts, lastSyncAt: lastSyncAt ?? null };
}

/** Re-reads the counts from IndexedDB (after this tab's writes; other tabs' come through liveQuery). */
export async function refreshStatus(): Promise<SyncStatus> {
  try {
    patchSyncStatus(await readStoredStatus());
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
      next: (stored) => patchSyncStatus(stored),
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

/** Tests (through stopSyncWorker): forgets the listeners and the status. */
export function resetSyncStatus(): void {
  liveSubscription?.unsubscribe();
  liveSubscription = undefined;
  statusListeners.clear();
  status = { ...INITIAL_STATUS };
}
