/**
 * The outbox table (DESIGN §5): every write that must reach the server is stored here first, so a reload, a
 * crash or a dead zone cannot lose it. This file only stores; the decisions are in outbox-policy.ts and
 * outbox-order.ts, the sending in sync.ts.
 */
import { flushToDisk, localDb, META_KEYS, SETTINGS_KEY } from './local-db';
import { byCreatedAt, type DeliveryResult, type OutboxEntry } from './outbox-entry';
import { isDue, needsAuth } from './outbox-order';
import {
  claimForSending,
  coalesceOnEnqueue,
  deliveredVersion,
  rebaseLaterEntries,
  rewindNetworkBackoff,
  settleEntry,
  type Settlement,
} from './outbox-policy';
import { attachPendingUploads, collectUnusedUploadsQuietly, findPendingUploadIds } from './pending-uploads';
import { getSessionUser } from './session';
import { newUuid } from './uuid';

export type { OutboxEntry, OutboxEntity, OutboxOp, OutboxState, DeliveryResult } from './outbox-entry';

/** What a caller describes; the outbox adds id (unless given), createdAt, attempts, nextAttemptAt and state. */
export type OutboxDraft = Pick<OutboxEntry, 'entity' | 'op' | 'entityId' | 'method' | 'path'> &
  Partial<Pick<OutboxEntry, 'id' | 'payload' | 'baseVersion' | 'recordName'>>;

/** 'enqueued': a new write waits (the sync worker drains); 'changed': anything else (status only). */
export type OutboxChange = 'enqueued' | 'changed';
type ChangeListener = (change: OutboxChange) => void;
const changeListeners = new Set<ChangeListener>();

/** This tab's outbox writes (sync.ts drains and refreshes its status; other tabs are seen through liveQuery). */
export function subscribeOutboxChanges(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function notifyChange(change: OutboxChange = 'changed'): void {
  for (const listener of [...changeListeners]) listener(change);
}

export interface EnqueueOptions {
  now?: number;
  /**
   * Store the entry already claimed for sending (state 'sending' with a lease), for a caller that sends it
   * itself right away (an inquiry): a drain started by the enqueue leaves it alone instead of racing it.
   */
  claimForSending?: boolean;
}

/**
 * Stores a write before anything else happens, and returns the entry that now carries it (an unsent entry of
 * the same record may have absorbed it, see coalesceOnEnqueue). When a delete cancelled an unsent create,
 * nothing is stored and the returned entry (the delete) is not in the queue.
 */
export async function enqueue(draft: OutboxDraft, options: EnqueueOptions = {}): Promise<OutboxEntry> {
  const now = options.now ?? Date.now();
  const db = localDb();
  const carrier = await db.transaction('rw', db.outbox, async () => {
    // createdAt is the send order: make it strictly increasing, even for two writes in the same millisecond.
    const newest = await db.outbox.orderBy('createdAt').last();
    const createdAt = Math.max(now, (newest?.createdAt ?? 0) + 1);
    const admin = needsAuth(draft) ? getSessionUser() : null;
    const incoming: OutboxEntry = {
      ...draft,
      ...(admin ? { queuedBy: { id: admin.id, email: admin.email } } : {}),
      id: draft.id ?? newUuid(),
      createdAt,
      attempts: 0,
      nextAttemptAt: now,
      state: 'pending',
    };
    const sameRecord = await db.outbox.where('entityId').equals(draft.entityId).toArray();
    const plan = coalesceOnEnqueue(sameRecord, incoming);
    if (options.claimForSending && plan.carrier === incoming) {
      const claimed = claimForSending(incoming, now);
      await db.outbox.put(claimed);
      return claimed;
    }
    if (plan.remove.length) await db.outbox.bulkDelete(plan.remove);
    if (plan.put.length) await db.outbox.bulkPut(plan.put);
    return plan.carrier ?? incoming;
  });
  // Images the write names are kept until it is delivered; one an unsent write no longer names is let go.
  const images = findPendingUploadIds(draft.payload);
  if (images.length) await attachPendingUploads(images, now);
  await collectUnusedUploadsQuietly(now);
  // Whoever hears "saved" next (a visitor offline, an admin's Save) can rely on it surviving a power cut. The
  // entry is committed either way: a flush that fails only warns, as failing the write would let its form offer
  // to send again what is already queued.
  await flushToDisk(db).catch((error: unknown) => console.warn('Could not flush the outbox to disk', error));
  notifyChange('enqueued');
  return carrier;
}

/** Every entry, in send order. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  return (await localDb().outbox.toArray()).sort(byCreatedAt);
}

export async function getOutboxEntry(id: string): Promise<OutboxEntry | undefined> {
  return localDb().outbox.get(id);
}

/** Drops an entry (an admin discarding a failed or conflicting edit). */
export async function removeOutboxEntry(id: string): Promise<void> {
  await localDb().outbox.delete(id);
  await collectUnusedUploadsQuietly();
  notifyChange();
}

/** A failed entry goes back in the queue as it is, for example after the admin fixed what the server refused. */
export async function retryOutboxEntry(id: string, now: number = Date.now()): Promise<void> {
  await localDb().outbox.update(id, {
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: undefined,
    lastStatus: undefined,
    details: undefined,
  });
  notifyChange();
}

/**
 * Another admin's change, taken over by the signed-in admin on purpose (the Sync page's "Send as me": a colleague
 * whose account is gone, or who will not sign in on this device again): it is sent under `admin`'s login from now
 * on, and due at once. Only a pending entry still held for someone else is changed; resolves whether it was.
 */
export async function takeOverOutboxEntry(
  id: string,
  admin: NonNullable<OutboxEntry['queuedBy']>,
  now: number = Date.now(),
): Promise<boolean> {
  const db = localDb();
  const taken = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'pending' || !entry.queuedBy || entry.queuedBy.id === admin.id) return false;
    await db.outbox.update(id, { queuedBy: admin, nextAttemptAt: now });
    return true;
  });
  notifyChange();
  return taken;
}

/**
 * After the network came back: entries that got no answer are due now instead of after their backoff
 * (outbox-policy rewindNetworkBackoff). Resolves how many entries were made due.
 */
export async function makeNetworkFailuresDue(now: number = Date.now()): Promise<number> {
  const db = localDb();
  const rewound = await db.transaction('rw', db.outbox, async () => {
    const changed = rewindNetworkBackoff(await db.outbox.toArray(), now);
    if (changed.length) await db.outbox.bulkPut(changed);
    return changed.length;
  });
  if (rewound) notifyChange();
  return rewound;
}

const recordTables = ['communities', 'listings', 'properties', 'contacts'] as const;
type RecordTable = (typeof recordTables)[number];
const isRecordTable = (entity: string): entity is RecordTable => (recordTables as readonly string[]).includes(entity);

const isRecord = (value: unknown): value is { id: string; version: number } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/**
 * Resolves a 412 (DESIGN §5): 'keep-mine' sends this device's change again over the server's version (a new
 * Idempotency-Key, since it is a new request); 'take-theirs' drops it and keeps the server's record locally.
 */
export async function resolveConflict(
  id: string,
  choice: 'keep-mine' | 'take-theirs',
  now: number = Date.now(),
): Promise<void> {
  const db = localDb();
  await db.transaction('rw', [db.outbox, db.communities, db.listings, db.properties, db.contacts], async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'conflict') return;
    const current = entry.conflict?.current;
    await db.outbox.delete(id);
    if (choice === 'keep-mine') {
      const version = deliveredVersion(current);
      const { conflict: _conflict, lastError: _lastError, lastStatus: _lastStatus, ...rest } = entry;
      await db.outbox.put({
        ...rest,
        id: newUuid(),
        state: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        ...(version !== undefined ? { baseVersion: version } : {}),
      });
    } else if (isRecordTable(entry.entity) && isRecord(current)) {
      await (db[entry.entity] as ReturnType<typeof localDb>['communities']).put(current as never);
    }
  });
  await collectUnusedUploadsQuietly(now);
  notifyChange();
}

/**
 * Takes an entry for sending if it is still due: read fresh inside the transaction, so a write coalesced into it
 * a moment ago is sent too, and a drain in another tab that claimed it first is not repeated.
 */
export async function claimEntry(id: string, now: number): Promise<OutboxEntry | null> {
  const db = localDb();
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || !isDue(entry, now)) return null;
    const claimed = claimForSending(entry, now);
    await db.outbox.put(claimed);
    return claimed;
  });
}

/**
 * Makes an entry left 'sending' by a page that is gone due now, instead of when its lease runs out. The caller holds
 * the entry's send lock (send-locks.ts), so no live page is sending it. Resolves whether it changed anything.
 */
export async function releaseOrphanedLease(id: string, now: number): Promise<boolean> {
  const db = localDb();
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (entry?.state !== 'sending' || entry.nextAttemptAt <= now) return false;
    await db.outbox.update(id, { nextAttemptAt: now });
    return true;
  });
}

/** Lengthens the lease of an entry this drain is sending (its images are uploaded first, which takes longer). */
export async function extendSendLease(id: string, until: number): Promise<void> {
  const db = localDb();
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (entry?.state === 'sending' && entry.nextAttemptAt < until) await db.outbox.update(id, { nextAttemptAt: until });
  });
}

/**
 * Stores what an answer means for an entry (outbox-policy settleEntry). On delivery it also keeps the local copy
 * in step: later queued edits of the record are rebased on the new version, and the server's record replaces the
 * local one. The record tables hold only what the server confirmed; edits still queued are applied on top when
 * a list is read (repositories/admin/local-view.ts), so they stay visible without being written into the tables.
 */
export async function settleDelivery(
  entry: OutboxEntry,
  result: DeliveryResult,
  now: number,
  random: () => number = Math.random,
): Promise<Settlement> {
  const db = localDb();
  const settlement = settleEntry(entry, result, now, random);
  await db.transaction(
    'rw',
    [db.outbox, db.meta, db.settings, db.communities, db.listings, db.properties, db.contacts],
    async () => {
      if (settlement.next) {
        await db.outbox.put(settlement.next);
        return;
      }
      await db.outbox.delete(entry.id);
      // Only 'done' leaves the queue: the server has the change.
      await db.meta.put({ key: META_KEYS.lastSyncAt, value: now });
      const later = (await db.outbox.where('entityId').equals(entry.entityId).toArray()).filter(
        (other) => other.entity === entry.entity && other.createdAt > entry.createdAt,
      );
      const version = deliveredVersion(result.body);
      if (version !== undefined && later.length) await db.outbox.bulkPut(rebaseLaterEntries(later, version, entry.baseVersion));
      await applyToLocalCopy(entry, result.body, version);
    },
  );
  // Delivered: the images it named are on the server, their bytes can go (unless a later write names them too).
  if (!settlement.next) await collectUnusedUploadsQuietly(now);
  notifyChange();
  return settlement;
}

async function applyToLocalCopy(entry: OutboxEntry, body: unknown, version: number | undefined): Promise<void> {
  const db = localDb();
  if (entry.entity === 'settings') {
    const isSettings = typeof body === 'object' && body !== null && 'general' in body;
    if (isSettings) await db.settings.put({ key: SETTINGS_KEY, value: body as never });
    return;
  }
  if (!isRecordTable(entry.entity)) return;
  const table = db[entry.entity] as ReturnType<typeof localDb>['communities'];
  if (entry.op === 'delete') {
    await table.delete(entry.entityId);
    return;
  }
  if (isRecord(body) && version !== undefined) await table.put(body as never);
}

export interface OutboxCounts {
  /** Waiting or being sent. */
  pending: number;
  conflicts: number;
  failed: number;
}

export async function countOutbox(): Promise<OutboxCounts> {
  const entries = await localDb().outbox.toArray();
  const counts: OutboxCounts = { pending: 0, conflicts: 0, failed: 0 };
  for (const entry of entries) {
    if (entry.state === 'conflict') counts.conflicts += 1;
    else if (entry.state === 'failed') counts.failed += 1;
    else counts.pending += 1;
  }
  return counts;
}
