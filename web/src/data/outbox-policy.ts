/**
 * What happens to an outbox entry, as pure functions (DESIGN §5 "Outbox and sync worker"): what an answer means,
 * when to try again, what the entry becomes after an answer, how a new write folds into unsent ones, and how
 * later edits follow a delivered version. No Dexie, no ky, no clock: outbox.ts and sync.ts are the thin shells
 * that store and send; which entries go first is outbox-order.ts.
 */
import { byCreatedAt, recordKey, type DeliveryResult, type OutboxEntry, type OutboxOp } from './outbox-entry';

export type Outcome = 'done' | 'retry' | 'conflict' | 'failed' | 'pause-auth';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_FACTOR = 2;
export const BACKOFF_CAP_MS = 60_000;
/** Full jitter can draw 0; a floor keeps a broken server from being hammered in a tight loop. */
export const BACKOFF_FLOOR_MS = 100;
/** Retry-After is honoured up to an hour; a longer one is likely a misconfiguration. */
export const RETRY_AFTER_MAX_MS = 60 * 60 * 1000;
/** How long a 'sending' entry is left alone before another drain may send it again (longer than the HTTP timeout). */
export const SEND_LEASE_MS = 30_000;
/** The lease while a write's images are uploaded first: an upload may take up to two minutes (UPLOAD_TIMEOUT_MS). */
export const UPLOAD_SEND_LEASE_MS = 150_000;

/**
 * What an answer means for a queued write. A delete that finds nothing (404) reached its goal: someone else
 * deleted the record already, so it is done, not failed.
 */
export function classifyResponse(status: number | 'network', op?: OutboxOp): Outcome {
  if (status === 'network') return 'retry';
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'pause-auth';
  if (status === 412) return 'conflict';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 404 && op === 'delete') return 'done';
  return 'failed';
}

/**
 * Delay before attempt number `attempts + 1`, after `attempts` failed ones (1-based): capped exponential backoff
 * (1 s, 2 s, 4 s ... 60 s) with full jitter (a random point in [0, that]), at least BACKOFF_FLOOR_MS. A server's
 * Retry-After is a lower bound.
 */
export function nextAttemptDelay(attempts: number, random: () => number = Math.random, retryAfterMs?: number): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * BACKOFF_FACTOR ** exponent);
  const jittered = Math.max(BACKOFF_FLOOR_MS, Math.floor(random() * ceiling));
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs)) return jittered;
  return Math.max(jittered, Math.min(RETRY_AFTER_MAX_MS, Math.max(0, retryAfterMs)));
}

/** An entry nothing has been sent for yet: its payload may still change under the same Idempotency-Key. */
export function isUnsent(entry: OutboxEntry): boolean {
  return entry.state === 'pending' && entry.attempts === 0;
}

/** What to store after enqueueing `incoming` into `queue`: entries to put and ids to delete. */
export interface CoalescePlan {
  put: OutboxEntry[];
  remove: string[];
  /** The entry that now carries the incoming change, or null when it cancelled out an unsent create. */
  carrier: OutboxEntry | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mergePayload(earlier: unknown, later: unknown): unknown {
  // Updates are partial (only fields sent change, nested objects replaced whole): a shallow merge is exact.
  return isObject(earlier) && isObject(later) ? { ...earlier, ...later } : later;
}

/**
 * The site settings' update changes fields inside its groups (general, appearance, seo), so two of them merge
 * group by group: shallow, the later group would drop the fields the earlier one changed.
 */
function mergeSettingsPayload(earlier: unknown, later: unknown): unknown {
  if (!isObject(earlier) || !isObject(later)) return later;
  const merged: Record<string, unknown> = { ...earlier };
  for (const [group, fields] of Object.entries(later)) merged[group] = mergePayload(earlier[group], fields);
  return merged;
}

function withoutNullFields(payload: unknown): unknown {
  if (!isObject(payload)) return payload;
  return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null));
}

/**
 * Fields that add to a record's history instead of replacing a value: a lead's note and its logged action
 * (domain/leads/lead-changes.ts). Two of them are two events; merged, the first would silently vanish.
 */
const APPENDED_FIELDS = ['note', 'activity'] as const;

function appendsHistory(payload: unknown): boolean {
  return isObject(payload) && APPENDED_FIELDS.some((field) => payload[field] !== undefined);
}

/**
 * Folds a new write into the newest entry of the same record when that one was never sent (sending a changed
 * payload under a key the server may already have seen would be refused with 422):
 * - create + update → the create, with the update's fields (one POST instead of POST then PUT), less the fields the
 *   update empties (null);
 * - update + update (or patch + patch) on the same path → one update, keeping the first's baseVersion, unless
 *   both add to the record's history (two notes stay two entries; the later one is rebased when the first lands);
 * - create + delete → nothing at all (the server never hears of the record);
 * - update + delete → the delete, with the update's baseVersion (the version the admin last saw from the server).
 * Anything else is queued as it is.
 */
export function coalesceOnEnqueue(queue: readonly OutboxEntry[], incoming: OutboxEntry): CoalescePlan {
  const sameRecord = queue.filter((entry) => recordKey(entry) === recordKey(incoming)).sort(byCreatedAt);
  const last = sameRecord[sameRecord.length - 1];
  const queueAsIs: CoalescePlan = { put: [incoming], remove: [], carrier: incoming };
  // Another admin's unsent change of the record is theirs to send: this one queues after it, not into it.
  if (!last || !isUnsent(last) || last.queuedBy?.id !== incoming.queuedBy?.id) return queueAsIs;

  const isEdit = (op: OutboxOp) => op === 'update' || op === 'patch';
  if (last.op === 'create' && isEdit(incoming.op)) {
    // An edit's null removes a field; a create has nothing to remove and its schema refuses null, so the field is
    // left out (as a create made directly leaves its null fields out).
    const merged = { ...last, payload: withoutNullFields(mergePayload(last.payload, incoming.payload)) };
    return { put: [merged], remove: [], carrier: merged };
  }
  const bothAppend = appendsHistory(last.payload) && appendsHistory(incoming.payload);
  const samePath = last.op === incoming.op && last.method === incoming.method && last.path === incoming.path;
  if (isEdit(last.op) && samePath && !bothAppend) {
    const merge = incoming.entity === 'settings' ? mergeSettingsPayload : mergePayload;
    const merged = { ...last, payload: merge(last.payload, incoming.payload) };
    return { put: [merged], remove: [], carrier: merged };
  }
  if (last.op === 'create' && incoming.op === 'delete') {
    return { put: [], remove: [last.id], carrier: null };
  }
  if (isEdit(last.op) && incoming.op === 'delete') {
    const baseVersion = last.baseVersion ?? incoming.baseVersion;
    const deletion = { ...incoming, ...(baseVersion !== undefined ? { baseVersion } : {}) };
    return { put: [deletion], remove: [last.id], carrier: deletion };
  }
  return queueAsIs;
}

/** Marks an entry as handed to the network, with a lease after which another drain may send it again. */
export function claimForSending(entry: OutboxEntry, now: number): OutboxEntry {
  // Claimed again while 'sending': the send before it never settled (its page went away, or its lease ran out).
  const unanswered = entry.state === 'sending' ? { unanswered: true } : {};
  return { ...entry, ...unanswered, state: 'sending', nextAttemptAt: now + SEND_LEASE_MS };
}

export interface Settlement {
  outcome: Outcome;
  /** The entry to keep, or null when it is finished and leaves the queue. */
  next: OutboxEntry | null;
}

/**
 * An edit answered 404: the record is not on the server, in practice because a colleague deleted it after the change
 * was made (the server's own text, "Not found", says nothing of that, and this device's copy of the record is gone
 * after the next list read). Rarely, it never got there: its create was refused and discarded.
 */
export const RECORD_DELETED_MESSAGE =
  'This record is no longer on the server (someone deleted it after you changed it), so your change was not saved. Your change is below: copy what you need, then discard it.';

function messageOf(result: DeliveryResult): string {
  if (result.message) return result.message;
  return result.status === 'network' ? 'The server could not be reached' : `HTTP error! status: ${result.status}`;
}

/** What an entry becomes after an answer (`attempts` counts the sends that did not finish the entry). */
export function settleEntry(
  entry: OutboxEntry,
  result: DeliveryResult,
  now: number,
  random: () => number = Math.random,
): Settlement {
  const outcome = classifyResponse(result.status, entry.op);
  const base = { ...entry, lastError: messageOf(result), lastStatus: result.status };
  switch (outcome) {
    case 'done':
      return { outcome, next: null };
    case 'retry': {
      const attempts = entry.attempts + 1;
      return {
        outcome,
        next: {
          ...base,
          ...(result.status === 'network' ? { unanswered: true } : {}),
          state: 'pending',
          attempts,
          nextAttemptAt: now + nextAttemptDelay(attempts, random, result.retryAfterMs),
        },
      };
    }
    case 'conflict':
      return {
        outcome,
        next: { ...base, state: 'conflict', attempts: entry.attempts + 1, conflict: { current: result.current } },
      };
    case 'failed':
      return {
        outcome,
        next: {
          ...base,
          ...(result.status === 404 && entry.op !== 'create' ? { lastError: RECORD_DELETED_MESSAGE } : {}),
          state: 'failed',
          attempts: entry.attempts + 1,
          ...(result.details ? { details: result.details } : {}),
        },
      };
    case 'pause-auth':
      // Not the entry's fault: it goes first, unchanged, once someone logs in again.
      return { outcome, next: { ...base, state: 'pending', nextAttemptAt: now } };
  }
}

/**
 * The network is back (the 'online' event, an admin's "Sync now"): entries whose last send got no answer at all
 * stop waiting out their backoff, which only protected a server that could not be reached. Entries backing off
 * from a server's answer (5xx, 408, 429 with Retry-After) keep their delay. Returns the entries to store.
 */
export function rewindNetworkBackoff(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  return entries
    .filter((entry) => entry.state === 'pending' && entry.lastStatus === 'network' && entry.nextAttemptAt > now)
    .map((entry) => ({ ...entry, nextAttemptAt: now }));
}

/** The version the server gave a record in its answer, if the answer is a record. */
export function deliveredVersion(body: unknown): number | undefined {
  const version = (body as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}

/**
 * After this device's own edit of a record was accepted at `version`, its later queued edits of that record that
 * were made on the same version were made on top of it: they now expect `version`, or their If-Match would report
 * this device's own edit as a conflict. A later edit based on another version is left as it is. That is the case
 * after "Keep mine": the edit sent again expects the colleague's version, while the later edits were made before
 * the colleague's change was seen; moved onto the new version they would overwrite it with no conflict shown, so
 * each keeps its base and gets its own 412. An edit delivered with no base (a create) carries every later one.
 */
export function rebaseLaterEntries(
  later: readonly OutboxEntry[],
  version: number,
  deliveredBase: number | undefined,
): OutboxEntry[] {
  return later
    .filter((entry) => entry.baseVersion !== undefined)
    .filter((entry) => deliveredBase === undefined || entry.baseVersion === deliveredBase)
    .map((entry) => ({ ...entry, baseVersion: version }));
}
