/**
 * The sync center: what this device still has to send, and the admin's choices about it (DESIGN §5: conflicts
 * are resolved by an admin, keep mine / take theirs, both versions shown; refused changes wait to be fixed or
 * discarded). Plain functions and subscriptions, no React: the screens wrap them in hooks.
 */
import { liveQuery } from 'dexie';
import { localDb } from '../../local-db';
import { localRecordName } from './record-names';
import {
  getOutboxEntry,
  listOutbox,
  removeOutboxEntry,
  resolveConflict,
  retryOutboxEntry,
  takeOverOutboxEntry,
  type OutboxEntry,
} from '../../outbox';
import { getSessionUser } from '../../session';
import { byCreatedAt } from '../../outbox-entry';
import { isPublicPath } from '../../api-paths';
import { drainAfterReconnect, requestDrain, startSyncWorker } from '../../sync';

export type { OutboxEntry, OutboxEntity, OutboxOp, OutboxState } from '../../outbox';
export { getSyncStatus, refreshStatus, subscribeSyncStatus, type SyncStatus } from '../../sync';
export { subscribeOutboxChanges } from '../../outbox';
export { heldForAnotherAdmin } from '../../outbox-entry';

/** Every change waiting on this device, in the order it will be sent: pending, conflicts and failed ones. */
export async function listOutboxForAdmin(): Promise<OutboxEntry[]> {
  return listOutbox();
}

/**
 * Calls `listener` with every entry now and whenever the outbox changes, in this tab or another one.
 * Returns the unsubscribe function.
 */
export function subscribeOutboxEntries(listener: (entries: OutboxEntry[]) => void): () => void {
  const subscription = liveQuery(async () => withRecordNames((await localDb().outbox.toArray()).sort(byCreatedAt))).subscribe({
    next: listener,
    error: (error: unknown) => console.warn('Outbox unavailable', error),
  });
  return () => subscription.unsubscribe();
}

/**
 * The entries as the Sync page lists them: each with the name of its record, from this device's copy, else as the
 * copy had it when the change was made (outbox-entry.ts recordName: the copy is gone once a colleague's delete has
 * reached this device). A delete carries no payload and an edit only its changed fields: without the record's
 * name, the Sync page could name a refused delete only by its id, and the admin could not tell what Discard would
 * drop.
 */
async function withRecordNames(entries: OutboxEntry[]): Promise<OutboxEntry[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const name = await localRecordName(entry.entity, entry.entityId);
      return name ? { ...entry, recordName: name } : entry;
    }),
  );
}

/** What each kind of record is called in the sync center's texts. */
export const ENTITY_NAMES: Record<OutboxEntry['entity'], string> = {
  communities: 'community',
  listings: 'listing',
  properties: 'property',
  contacts: 'lead',
  adminUsers: 'admin user',
  settings: 'site settings',
};

/** A line for the sync center, e.g. 'Update listing "The Magnolia"', 'Delete property', 'Save site settings'. */
export function describeOutboxEntry(entry: OutboxEntry): string {
  const payload = (entry.payload ?? {}) as Record<string, unknown>;
  const title = [payload.name, payload.title, payload.email].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (entry.entity === 'settings') return 'Save site settings';
  // Visitors' messages (public/*, and the contact page's /contact): not staff's own lead records.
  if (entry.entity === 'contacts' && isPublicPath(entry.path)) {
    return `Send inquiry${title ? ` from ${title}` : ''}`;
  }
  const verb = { create: 'Create', update: 'Update', patch: 'Update', delete: 'Delete' }[entry.op];
  return `${verb} ${ENTITY_NAMES[entry.entity]}${title ? ` "${title}"` : ''}`;
}

/** Keep mine: send this device's change again over the server's version, then drain. */
export async function resolveConflictKeepMine(id: string): Promise<void> {
  await resolveConflict(id, 'keep-mine');
  startSyncWorker();
  await requestDrain();
}

/** Take theirs: drop this device's change and keep the server's record. */
export async function resolveConflictTakeTheirs(id: string): Promise<void> {
  await resolveConflict(id, 'take-theirs');
}

/**
 * Drops a change the server refused (failed) or that conflicts, or one still waiting that the admin no longer
 * wants. An entry being sent at this moment cannot be discarded (it may already be on the server).
 */
export async function discardFailed(id: string): Promise<void> {
  const entry = await getOutboxEntry(id);
  if (!entry) return;
  if (entry.state === 'sending') throw new Error('This change is being sent right now. Try again in a moment.');
  await removeOutboxEntry(id);
}

/**
 * "Send as me": another admin's change, held for their login, is sent under the signed-in admin's (who is then
 * named in the audit log), and the queue drains. Resolves 'sent' or 'waiting' (offline, or behind an earlier change
 * of the record); refused, it throws with the reason, as Retry does.
 */
export async function sendHeldAsMe(id: string): Promise<'sent' | 'waiting'> {
  const user = getSessionUser();
  if (!user) throw new Error('Log in again to send this change.');
  if (!(await takeOverOutboxEntry(id, { id: user.id, email: user.email }))) {
    throw new Error('This change is no longer waiting for another admin.');
  }
  startSyncWorker();
  await requestDrain();
  const entry = await getOutboxEntry(id);
  if (!entry) return 'sent';
  if (entry.state === 'failed') throw new Error(`Refused: ${entry.lastError ?? 'the server did not say why'}`);
  if (entry.state === 'conflict') throw new Error('Someone changed this record meanwhile: it is now a conflict.');
  return 'waiting';
}

/** Puts a failed change back in the queue as it is and drains. */
/**
 * Retry: sends a refused change again as it is, and says what came of it once the drain is over: 'sent', or
 * 'waiting' (offline, or the server did not answer); refused again, or now in conflict, it throws with the reason.
 */
export async function retryFailed(id: string): Promise<'sent' | 'waiting'> {
  await retryOutboxEntry(id);
  startSyncWorker();
  await requestDrain();
  const entry = await getOutboxEntry(id);
  if (!entry) return 'sent';
  if (entry.state === 'failed') throw new Error(`Refused again: ${entry.lastError ?? 'the server did not say why'}`);
  if (entry.state === 'conflict') throw new Error('Someone changed this record meanwhile: it is now a conflict.');
  return 'waiting';
}

/** "Sync now": what waited for the network goes now, then the queue drains. */
export async function syncNow(): Promise<void> {
  startSyncWorker();
  await drainAfterReconnect();
}
