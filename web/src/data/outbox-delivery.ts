/**
 * Delivering the outbox (DESIGN §5): sends one entry, or every entry that may go now in order, each with its own
 * Idempotency-Key (so a send whose answer was lost can be repeated safely) and If-Match when it is an edit of a
 * known version, and stores what the answer means (outbox.ts settleDelivery). When and how often this runs is the
 * worker's business (sync.ts).
 *
 * A write that names images kept on this device (chosen offline) has them uploaded first, and is sent with their
 * URLs (pending-upload-delivery.ts).
 *
 * drainOutbox() takes an injected `send`, `sendUpload`, clock and random source, so tests run it against
 * fake-indexeddb without a network; the default `send` is a thin shell over http-client.sendJson, the default
 * `sendUpload` the admin's upload call.
 */
import { ApiError, NetworkUnreachableError } from './http-errors';
import { sendJson } from './http-client';
import { localDb } from './local-db';
import { claimEntry, enqueue, extendSendLease, releaseOrphanedLease, settleDelivery, type OutboxDraft } from './outbox';
import type { DeliveryResult, OutboxEntry } from './outbox-entry';
import { orderForDrain, type DrainOrderOptions } from './outbox-order';
import { UPLOAD_SEND_LEASE_MS, type Settlement } from './outbox-policy';
import { prepareForSending, type SendUpload } from './pending-upload-delivery';
import { getSessionUser, isLoggedIn } from './session';
import { canSeeLiveSenders, ifNoPageSends, sendHoldingLock } from './send-locks';
import { withinStorageTimeLimit } from './storage-time-limit';
import { patchSyncStatus } from './sync-status';
import { newUuid } from './uuid';

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

/** The admin's upload call, loaded only when a write names a kept image: visitors' pages never need it. */
const sendKeptImageLazily: SendUpload = async (upload) =>
  (await import('./repositories/admin/upload')).sendKeptImage(upload);

export interface DrainOptions {
  send?: SendEntry;
  /** Uploads an image kept on this device before the write that names it. */
  sendUpload?: SendUpload;
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

/** The worker's send, clock and random source, used where a call passes none. */
export function setDeliveryDefaults(options: DrainOptions): void {
  workerOptions = options;
}

export function deliveryDefaults(): DrainOptions {
  return workerOptions;
}

export function setAuthPaused(paused: boolean): void {
  authPaused = paused;
  patchSyncStatus({ pausedForAuth: paused });
}

/** Whether admin entries may go: someone is logged in and no 401 paused them since. */
export function canSendAuthenticated(): boolean {
  return !authPaused && isLoggedIn();
}

/** Who may send what now, for orderForDrain and nextWakeUp. */
export function drainOrderOptions(): DrainOrderOptions {
  return { canSendAuthenticated: canSendAuthenticated(), signedInAdminId: getSessionUser()?.id ?? null };
}


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
  const sendUpload = options.sendUpload ?? workerOptions.sendUpload ?? sendKeptImageLazily;
  let result: DeliveryResult;
  try {
    const prepared = await prepareForSending(claimed, sendUpload, () =>
      extendSendLease(claimed.id, now() + UPLOAD_SEND_LEASE_MS),
    );
    result = 'result' in prepared ? prepared.result : await send(prepared.entry);
  } catch (error) {
    result = { status: 'network', message: error instanceof Error ? error.message : String(error) };
  }
  const settlement = await settleDelivery(claimed, result, now(), options.random ?? workerOptions.random);
  if (settlement.outcome === 'pause-auth') setAuthPaused(true);
  if (settlement.outcome === 'done') patchSyncStatus({ lastSyncAt: now() });
  return { ...settlement, result };
}

/**
 * Stores a write already claimed for sending (enqueue's claimForSending) and hands it to `send`, which sends it
 * (deliverClaimed) or hands it back to the queue. The entry's send lock is held from before the claim is stored
 * until `send` is over, so a drain in another tab, or in the page opened after this one died, can tell a send under
 * way from one whose page is gone (send-locks.ts).
 */
export function enqueueClaimed<T>(draft: OutboxDraft, send: (carrier: OutboxEntry) => Promise<T>): Promise<T> {
  const id = draft.id ?? newUuid();
  return sendHoldingLock(id, async () => send(await enqueue({ ...draft, id }, { claimForSending: true })));
}

/**
 * How long a visitor's message (a lead, a kiosk sign-in) waits for its place in the outbox before the caller sends
 * it without one (storage-time-limit.ts). Storing takes milliseconds, tens on a slow phone, longer only behind the
 * offline pack's writes of a large site; the visitor is waiting on Send.
 */
export const VISITOR_STORE_TIME_LIMIT_MS = 4_000;

/**
 * enqueueClaimed with a time limit on the storing only: StorageTimeLimitError when the entry is not stored within
 * `limitMs`; once it is, `send` takes as long as the network does. A store that completes after the limit still
 * sends its entry, with the same Idempotency-Key as the caller's own send: the server answers both with one record.
 */
export function enqueueClaimedWithin<T>(
  draft: OutboxDraft,
  send: (carrier: OutboxEntry) => Promise<T>,
  limitMs: number = VISITOR_STORE_TIME_LIMIT_MS,
): Promise<T> {
  let stored = false;
  return withinStorageTimeLimit(
    enqueueClaimed(draft, (carrier) => {
      stored = true;
      return send(carrier);
    }),
    limitMs,
    'storing a message in the outbox',
    () => !stored,
  );
}

/**
 * Claims (if still due), sends and settles one entry; null when it is not due or another page is sending it. The
 * send lock is taken before the claim, as in enqueueClaimed.
 */
export async function deliverEntry(entryId: string, options: DrainOptions = {}): Promise<Delivery | null> {
  return ifNoPageSends(entryId, async () => {
    const claimed = await claimEntry(entryId, (options.now ?? workerOptions.now ?? Date.now)());
    return claimed ? deliverClaimed(claimed, options) : null;
  });
}

/**
 * Entries left 'sending' by a page that is gone (closed, crashed, killed in the background) become due now rather
 * than when their lease runs out: no live page holds their send lock. Resolves the queue as it is afterwards.
 */
async function takeOverOrphanedSends(entries: OutboxEntry[], now: number): Promise<OutboxEntry[]> {
  if (!canSeeLiveSenders()) return entries;
  const leased = entries.filter((entry) => entry.state === 'sending' && entry.nextAttemptAt > now);
  let released = false;
  for (const entry of leased) {
    if (await ifNoPageSends(entry.id, () => releaseOrphanedLease(entry.id, now))) released = true;
  }
  return released ? localDb().outbox.toArray() : entries;
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
    let entries = await takeOverOrphanedSends(await localDb().outbox.toArray(), now());
    for (;;) {
      const next = orderForDrain(entries, now(), drainOrderOptions()).find((entry) => !tried.has(entry.id));
      if (!next) break;
      tried.add(next.id);
      pass = true;
      const delivery = await deliverEntry(next.id, options);
      // Not delivered here: another tab or an inquiry's own send has it (or had it). It stays in this pass's view,
      // tried, so the record's later entries wait for it (without Web Locks two tabs drain at once, and a later
      // edit sent while the earlier one is in flight met a false 412, or a 404 before its create).
      if (!delivery) continue;
      entries = entries.filter((entry) => entry.id !== next.id);
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
