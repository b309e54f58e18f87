/**
 * The sync status for the indicator and the Sync page: what waits, conflicts, refused changes and the last
 * delivery read live from the outbox in IndexedDB (Dexie liveQuery, in this tab or another one), with the sync
 * worker's own state (sending now, paused until the next login) and this page's changes the device's storage has not
 * taken yet beside it.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { outboxSummaryStore } from '@/data/repositories/admin/outbox-live';
import { getSyncStatus, subscribeSyncStatus, type SyncStatus } from '@/data/repositories/admin/sync-center';

export function useSyncStatus(): SyncStatus {
  const stored = useSyncExternalStore(outboxSummaryStore.subscribe, outboxSummaryStore.getSnapshot);
  const worker = useSyncExternalStore(subscribeSyncStatus, getSyncStatus);
  const { draining, pausedForAuth, waitingForStorage } = worker;
  return useMemo(
    () => ({ ...stored, draining, pausedForAuth, waitingForStorage }),
    [stored, draining, pausedForAuth, waitingForStorage],
  );
}
