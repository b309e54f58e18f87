/**
 * The outbox as live stores for the admin screens (DESIGN §5 "A visible sync indicator shows pending, conflicts
 * and last sync"): read from IndexedDB through liveQuery, so a change queued, sent, parked or discarded in this
 * tab or another one shows at once. Use them with React's useSyncExternalStore.
 */
import { liveStore } from '../../live-store';
import { META_KEYS, readMeta } from '../../local-db';
import { countOutbox, listOutbox, type OutboxCounts, type OutboxEntry } from '../../outbox';

export interface OutboxSummary extends OutboxCounts {
  /** Epoch ms of the last delivered write; null before the first. */
  lastSyncAt: number | null;
}

const NOTHING_YET: OutboxSummary = { pending: 0, conflicts: 0, failed: 0, lastSyncAt: null };

/** Changes waiting, conflicts, refused changes and the last delivery. */
export const outboxSummaryStore = liveStore<OutboxSummary>(async () => {
  const [counts, lastSyncAt] = await Promise.all([countOutbox(), readMeta<number>(META_KEYS.lastSyncAt)]);
  return { ...counts, lastSyncAt: lastSyncAt ?? null };
}, NOTHING_YET);

/** Every entry in the order it will be sent; null until IndexedDB first answers. */
export const outboxEntriesStore = liveStore<OutboxEntry[] | null>(listOutbox, null);
