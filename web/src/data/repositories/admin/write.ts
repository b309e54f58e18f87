/**
 * Every admin write goes through the outbox (DESIGN §5): stored first, then tried at once.
 *
 * - The server took it → 'delivered' with the server's answer (the outbox has updated the local copy).
 * - No answer (offline, refused, timeout), or a 5xx/408/429 → 'queued': it stays in the outbox and the sync
 *   worker sends it when it can, exactly once (the entry id is the Idempotency-Key of every send).
 * - The server refused it (400, 403, 404, 409, 422) → the entry is removed and the ApiError thrown: an admin
 *   who is online wants the form's error now, not a parked entry in the sync center. Unless the write was folded
 *   into an earlier change of the record still waiting unsent (coalesceOnEnqueue): that entry also carries the
 *   earlier change, which this device reported as saved, so it stays parked as failed (the Sync page shows both,
 *   to fix or discard) and the error is thrown all the same.
 * - 412 → the entry stays parked as a conflict and a SaveConflictError (an ApiError, status 412, with `current`
 *   and `entryId`) is thrown, so the screen can offer keep mine / take theirs.
 * - 401 → the HTTP client has cleared the session; the entry stays queued for the next login (a logout never
 *   loses an edit) and an ApiError with the SPEC text "Authentication expired. Please login again." is thrown.
 *
 * An entry is sent at once only when nothing queued before it must go first (an earlier change of the same
 * record, or any earlier admin change still waiting: a listing may belong to a community created offline).
 * Otherwise the queue is drained in order, and the outcome read from what became of the entry.
 */
import { MESSAGES, networkErrorMessage } from '@domain/messages';
import { ApiError } from '../../http-errors';
import { localDb } from '../../local-db';
import { localRecordName } from './record-names';
import { getOutboxEntry, listOutbox, removeOutboxEntry, type OutboxDraft } from '../../outbox';
import { byCreatedAt, type DeliveryResult, type OutboxEntry } from '../../outbox-entry';
import { needsAuth } from '../../outbox-order';
import { isLoggedIn } from '../../session';
import { deliverClaimed, enqueueClaimed, type Delivery } from '../../outbox-delivery';
import { requestDrain, startSyncWorker } from '../../sync';
import { timeStorageWait } from '../../sync-status';
import { SaveConflictError } from './errors';

export type WriteOutcome =
  /** The server has it; `body` is its answer (undefined when it was delivered by a drain: read the local copy). */
  | { status: 'delivered'; body: unknown }
  /** Stored on this device; the sync worker sends it. */
  | { status: 'queued'; entry: OutboxEntry }
  /** A delete cancelled a create that never left this device: the server never hears of the record. */
  | { status: 'cancelled' };

function authExpired(): ApiError {
  return new ApiError(MESSAGES.authExpired, 401);
}

function refusal(status: number, message: string | undefined, details?: DeliveryResult['details']): ApiError {
  const serverMessage = message ?? `HTTP error! status: ${status}`;
  return new ApiError(networkErrorMessage(serverMessage), status, {
    serverMessage,
    ...(details ? { details } : {}),
  });
}

/** Whether `mine` may be sent now without overtaking anything queued before it. */
async function mayGoNow(mine: OutboxEntry): Promise<boolean> {
  if (needsAuth(mine) && !isLoggedIn()) return false;
  const entries = await listOutbox();
  return !entries.some((other) => {
    if (other.id === mine.id || byCreatedAt(other, mine) >= 0) return false;
    if (other.entity === mine.entity && other.entityId === mine.entityId) return true;
    return needsAuth(mine) && needsAuth(other) && (other.state === 'pending' || other.state === 'sending');
  });
}

async function settleOutcome(delivery: Delivery, entry: OutboxEntry): Promise<WriteOutcome> {
  const { result } = delivery;
  switch (delivery.outcome) {
    case 'done':
      return { status: 'delivered', body: result.body };
    case 'retry':
      startSyncWorker();
      return { status: 'queued', entry: delivery.next ?? entry };
    case 'conflict':
      throw new SaveConflictError(entry.id, result.message ?? MESSAGES.versionConflict, result.current);
    case 'failed':
      await removeOutboxEntry(entry.id);
      throw refusal(typeof result.status === 'number' ? result.status : 400, result.message, result.details);
    case 'pause-auth':
      startSyncWorker();
      throw authExpired();
  }
}

/**
 * After a drain: what became of the entry tells the outcome. `folded`: the write went into an earlier unsent entry,
 * whose refusal must not take the earlier change with it.
 */
async function outcomeAfterDrain(id: string, folded: boolean): Promise<WriteOutcome> {
  const entry = await getOutboxEntry(id);
  if (!entry) return { status: 'delivered', body: undefined };
  if (entry.state === 'conflict') {
    throw new SaveConflictError(entry.id, entry.lastError ?? MESSAGES.versionConflict, entry.conflict?.current);
  }
  if (entry.state === 'failed') {
    if (!folded) await removeOutboxEntry(entry.id);
    throw refusal(typeof entry.lastStatus === 'number' ? entry.lastStatus : 400, entry.lastError, entry.details);
  }
  startSyncWorker();
  if (entry.lastStatus === 401) throw authExpired();
  return { status: 'queued', entry };
}

/** Stores the write in the outbox, then tries to deliver it (see the file comment for the outcomes). */
export async function submitWrite(draft: OutboxDraft, storageWaitNoticeMs?: number): Promise<WriteOutcome> {
  // The sync indicator says so when storing takes long (the device's storage not answering).
  const stored = timeStorageWait(storageWaitNoticeMs);
  // Claimed as it is stored, so a drain started by the enqueue leaves it to this call.
  const { carrier, outcome } = await enqueueClaimed(draft, async (carrier) => {
    stored();
    if (carrier.state !== 'sending') return { carrier };
    if (await mayGoNow(carrier)) return { carrier, outcome: await settleOutcome(await deliverClaimed(carrier), carrier) };
    // Something queued earlier goes first: hand the entry back to the queue.
    await localDb().outbox.update(carrier.id, { state: 'pending', nextAttemptAt: Date.now() });
    return { carrier };
  }).finally(stored);
  if (outcome) return outcome;
  // Not claimed: it went into an earlier entry of the record that was never sent, or cancelled that one.
  const folded = carrier.state !== 'sending';
  if (folded && !(await getOutboxEntry(carrier.id))) return { status: 'cancelled' };
  // Behind a parked conflict or failure of the same record, it cannot go until an admin resolves that in Sync:
  // it waits in the queue, and the caller learns so at once instead of waiting on a drain.
  if (await blockedByParkedEntry(carrier)) {
    startSyncWorker();
    return { status: 'queued', entry: carrier };
  }
  // Folded into an earlier unsent entry, or waiting behind others: drain in order, but never keep the form
  // waiting longer than DRAIN_WAIT_MS (a slow network); past that the change is reported as queued.
  await Promise.race([requestDrain(), new Promise((resolve) => setTimeout(resolve, DRAIN_WAIT_MS))]);
  return outcomeAfterDrain(carrier.id, folded);
}

/** A write of one stored record at `<entity>/<id>`, If-Match `baseVersion` when it is given. */
export async function submitRecordWrite(
  write: Pick<OutboxDraft, 'entity' | 'op' | 'method' | 'payload' | 'baseVersion'> & { id: string },
): Promise<WriteOutcome> {
  const { id, payload, baseVersion, ...rest } = write;
  // Kept on the entry: if the change is refused because a colleague deleted the record, this device's copy goes
  // with the next list read, and the Sync page would name the change only by the record's id. Not a lead's: a
  // visitor's name stays off a device's queue (starting a kiosk wipes the leads, not the queue).
  const recordName =
    write.entity === 'contacts' ? undefined : await localRecordName(write.entity, id).catch(() => undefined);
  return submitWrite({
    ...rest,
    entityId: id,
    path: `${write.entity}/${encodeURIComponent(id)}`,
    ...(payload !== undefined ? { payload } : {}),
    ...(baseVersion !== undefined ? { baseVersion } : {}),
    ...(recordName ? { recordName } : {}),
  });
}

const DRAIN_WAIT_MS = 8000;

async function blockedByParkedEntry(mine: OutboxEntry): Promise<boolean> {
  const entries = await listOutbox();
  return entries.some(
    (other) =>
      other.id !== mine.id &&
      other.entity === mine.entity &&
      other.entityId === mine.entityId &&
      (other.state === 'conflict' || other.state === 'failed'),
  );
}
