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

/** Applies a change and tells the listeners, if anything changed. */
export function patchSyncStatus(patch: Partial<SyncStatus>): void {
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
