/**
 * What the outbox stores (DESIGN §5 "Outbox and sync worker"): one entry per write that must reach the server, and
 * what one send of it produced. Its own module because every part of the data layer reads this shape (the local
 * database, the outbox, its policy and order, the sync worker, the admin views), while each decides something else.
 */
import type { FieldErrorDetail } from './http-errors';

export type OutboxEntity = 'contacts' | 'communities' | 'listings' | 'properties' | 'adminUsers' | 'settings';
export type OutboxOp = 'create' | 'update' | 'delete' | 'patch';
export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * pending: waits for its turn (and for nextAttemptAt). sending: handed to the network; nextAttemptAt is then the
 * end of a lease, after which a crashed tab's send is tried again (safe: same Idempotency-Key).
 * conflict: a 412, parked until an admin chooses. failed: refused by the server (400/403/404/409/422...), parked.
 */
export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed';

export interface OutboxEntry {
  /** A UUID; also the Idempotency-Key of every send of this entry. */
  id: string;
  entity: OutboxEntity;
  op: OutboxOp;
  /** The record the write is about; entries of one record are sent one after the other, in order. */
  entityId: string;
  method: OutboxMethod;
  /** Relative to /api, e.g. 'communities/<id>' or 'public/contacts'. */
  path: string;
  payload?: unknown;
  /** The version the edit was based on, sent as If-Match. */
  baseVersion?: number;
  /** Epoch ms, strictly increasing across the queue (outbox.ts makes it so), which gives the send order. */
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: OutboxState;
  lastError?: string;
  /** What the last send of this entry got: an HTTP status, or 'network' when no answer came. */
  lastStatus?: number | 'network';
  /** Field errors of a refused write, for the admin to read. */
  details?: FieldErrorDetail[];
  /** The server's record when the write conflicted (412), to show both versions. */
  conflict?: { current: unknown };
  /**
   * The admin whose change this is (admin entries only; outbox.ts enqueue sets it). It is sent only while that
   * admin is signed in on this device: sent under another admin's login, it would carry that admin's authority and
   * name in the audit log (the next admin to sign in on a shared tablet). Entries queued before it existed have
   * none and go with whoever signs in, as they did.
   */
  queuedBy?: { id: string; email: string };
  /**
   * The record's name on this device when the change was made (admin edits and deletes), for the Sync page's title
   * when the change carries none and the device's copy is gone (a colleague deleted the record meanwhile).
   */
  recordName?: string;
  /**
   * A send of this entry got no answer (the network failed, or the page sending it went away): the server may have
   * stored it. Kept until the entry is done, whatever later sends get (a 401, a 503).
   */
  unanswered?: boolean;
}

/** True when the entry is an admin's change that waits for that admin, and `signedInAdminId` is someone else. */
export const heldForAnotherAdmin = (entry: Pick<OutboxEntry, 'queuedBy'>, signedInAdminId: string | null) =>
  entry.queuedBy !== undefined && entry.queuedBy.id !== signedInAdminId;

/** What a send produced: an HTTP answer, or no answer at all ('network': offline, timeout, lost answer). */
export interface DeliveryResult {
  status: number | 'network';
  body?: unknown;
  message?: string;
  details?: FieldErrorDetail[];
  current?: unknown;
  retryAfterMs?: number;
}

/** Entries of one record share this key: they are sent one after the other, in order. */
export const recordKey = (entry: Pick<OutboxEntry, 'entity' | 'entityId'>) => `${entry.entity}:${entry.entityId}`;

/** The send order: createdAt, then id (a stable order should two entries share a time). */
export function byCreatedAt(a: OutboxEntry, b: OutboxEntry): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
