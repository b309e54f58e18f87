/**
 * Expiring records (idempotency answers): when one has expired, and the sweep that deletes them in bounded
 * transactions, for every adapter.
 */
import { EXPIRING_COLLECTIONS, type CollectionName, type ExpiringCollection, type Transaction } from './storage';
import type { StoredRecord } from './collection-state';

const EXPIRING = new Set<string>(EXPIRING_COLLECTIONS);

/** Whether a record of `collection` has expired at `nowMs` (records without a valid expiresAt never expire). */
export function isExpired(collection: CollectionName, record: object, nowMs: number): boolean {
  if (!EXPIRING.has(collection)) return false;
  const { expiresAt } = record as { expiresAt?: unknown };
  return typeof expiresAt === 'string' && Date.parse(expiresAt) <= nowMs;
}

/** Records deleted per transaction by a sweep: bounds one journal line and one event-loop turn. */
const SWEEP_CHUNK = 500;

/**
 * deleteExpired for both adapters: finds the expired ids, then deletes them in transactions of SWEEP_CHUNK,
 * checking each record again inside the transaction (a write may have replaced it with a fresh one meanwhile).
 */
export async function deleteExpiredRecords(
  engine: { list(collection: CollectionName): StoredRecord[] },
  transact: <R>(body: (tx: Transaction) => R) => Promise<R>,
  collection: ExpiringCollection,
  now: Date,
): Promise<number> {
  const nowMs = now.getTime();
  const ids = engine
    .list(collection)
    .filter((record) => isExpired(collection, record, nowMs))
    .map((record) => record.id);
  let removed = 0;
  for (let start = 0; start < ids.length; start += SWEEP_CHUNK) {
    const chunk = ids.slice(start, start + SWEEP_CHUNK);
    removed += await transact((tx) => {
      let count = 0;
      for (const id of chunk) {
        const current = tx.get(collection, id);
        if (current && isExpired(collection, current, nowMs)) {
          tx.remove(collection, id);
          count++;
        }
      }
      return count;
    });
  }
  return removed;
}

/**
 * Runs `sweep` every `everyMs` (0: never) until the returned stop is called. Unref'd, so it never keeps a process
 * alive; a sweep that fails (disk full) is simply tried again next time.
 */
export function startSweeper(sweep: () => Promise<unknown>, everyMs: number): () => void {
  if (!(everyMs > 0)) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
