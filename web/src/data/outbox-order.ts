/**
 * Which outbox entries may be sent now, and when the next one could be (DESIGN §5 "Outbox and sync worker"), as
 * pure functions: the sync worker asks these before each send and to set its timer. No Dexie, no clock.
 */
import { isPublicPath } from './api-paths';
import { byCreatedAt, heldForAnotherAdmin, recordKey, type OutboxEntry } from './outbox-entry';
import { RETRY_AFTER_MAX_MS } from './outbox-policy';

/** Admin writes need a login; visitors' inquiries (/public/*, /contact) do not. */
export function needsAuth(entry: Pick<OutboxEntry, 'path'>): boolean {
  return !isPublicPath(entry.path);
}

/** A visitor's write (no login needed) not yet delivered nor parked: what Background Sync is asked for. */
export function isWaitingVisitorEntry(entry: OutboxEntry): boolean {
  return !needsAuth(entry) && (entry.state === 'pending' || entry.state === 'sending');
}

/** Beyond the longest wait, so a wait of exactly that length is not cut short by a clock corrected a little. */
const CLOCK_STEP_MARGIN_MS = 5 * 60_000;

/**
 * Whether an entry may be handed to the network at `now` on its own terms (state and time). A time further ahead
 * than the longest wait the queue sets (a server's Retry-After, capped) means the device's clock was set back since
 * (the OS correcting a clock that ran ahead): the entry goes now rather than hold its record, or every admin write
 * behind it, until the clock catches up.
 */
export function isDue(entry: OutboxEntry, now: number): boolean {
  if (entry.state !== 'pending' && entry.state !== 'sending') return false;
  return entry.nextAttemptAt <= now || entry.nextAttemptAt - now > RETRY_AFTER_MAX_MS + CLOCK_STEP_MARGIN_MS;
}

export interface DrainOrderOptions {
  /** False while there is no token or the drain is paused by a 401: admin entries wait. */
  canSendAuthenticated: boolean;
  /** The admin signed in on this device: another admin's entries wait for them (outbox-entry.ts queuedBy). */
  signedInAdminId: string | null;
}

/**
 * The entries that may be sent now, in send order (createdAt):
 * - per record, only the oldest unfinished entry may go; a later edit waits for it, and for a parked
 *   (conflict, failed) one until an admin resolves it;
 * - admin writes can depend on each other across records (a listing created in a community created offline),
 *   so an admin entry waiting out a backoff holds back every later admin entry;
 * - an admin's entries go only while that admin is signed in; held, they hold back neither the record's later
 *   entries of the signed-in admin's lane (those wait behind them per record) nor other records' entries;
 * - visitors' inquiries are independent of each other and of admin writes.
 */
export function orderForDrain(entries: readonly OutboxEntry[], now: number, options: DrainOrderOptions): OutboxEntry[] {
  const seenRecords = new Set<string>();
  let adminLaneBlocked = !options.canSendAuthenticated;
  const ready: OutboxEntry[] = [];
  for (const entry of [...entries].sort(byCreatedAt)) {
    const key = recordKey(entry);
    if (seenRecords.has(key)) continue;
    seenRecords.add(key);
    const admin = needsAuth(entry);
    const due = isDue(entry, now);
    if (admin) {
      if (adminLaneBlocked || heldForAnotherAdmin(entry, options.signedInAdminId)) continue;
      if (!due && (entry.state === 'pending' || entry.state === 'sending')) {
        adminLaneBlocked = true;
        continue;
      }
    }
    if (due) ready.push(entry);
  }
  return ready;
}

/**
 * When the next entry could be sent (epoch ms), by the rules of orderForDrain, or null when nothing can go until
 * something else happens (a login, an admin resolving a parked entry, a new enqueue). Entries stuck behind a
 * parked one of their record, or behind an admin entry in backoff, do not count: a timer for them would spin.
 */
export function nextWakeUp(entries: readonly OutboxEntry[], options: DrainOrderOptions): number | null {
  const seenRecords = new Set<string>();
  let adminBarrier = Number.NEGATIVE_INFINITY;
  let earliest = Number.POSITIVE_INFINITY;
  for (const entry of [...entries].sort(byCreatedAt)) {
    const key = recordKey(entry);
    if (seenRecords.has(key)) continue;
    seenRecords.add(key);
    if (entry.state !== 'pending' && entry.state !== 'sending') continue;
    let at = entry.nextAttemptAt;
    if (needsAuth(entry)) {
      if (!options.canSendAuthenticated || heldForAnotherAdmin(entry, options.signedInAdminId)) continue;
      at = Math.max(at, adminBarrier);
      adminBarrier = Math.max(adminBarrier, entry.nextAttemptAt);
    }
    earliest = Math.min(earliest, at);
  }
  return Number.isFinite(earliest) ? earliest : null;
}
