/**
 * Visitors' writes waiting in the outbox (inquiries, visit requests, kiosk sign-ins) and the moment each one reaches
 * the server, so a page can say "Sent" instead of leaving "You're offline…" on screen (issue 17). Read through a
 * Dexie liveQuery, so a delivery made by another tab's drain, or after a reload, is seen too.
 */
import { liveQuery } from 'dexie';
import { localDb } from './local-db';
import type { OutboxEntry } from './outbox-entry';

/** The visitor endpoints (relative to /api) whose writes go through the outbox. */
export const VISITOR_PATHS: readonly string[] = ['public/contacts', 'contact', 'public/kiosk/sign-ins'];
/** Those a visitor sends from their own device (the kiosk's sign-ins are counted on the kiosk's corner). */
export const VISITOR_FORM_PATHS: readonly string[] = ['public/contacts', 'contact'];

export interface VisitorQueue {
  /** Entries still to be delivered (pending or being sent), parked failures left out. */
  waiting: number;
  /**
   * Entries the server refused after they were queued (parked 'failed' or 'conflict'): kept on the device, never
   * delivered on their own. A count that left them out said "all sent" on a kiosk tablet holding one.
   */
  refused: number;
}

/**
 * What a change of the queue means: entries seen waiting (state 'pending': their first send got no answer) that
 * are gone now were delivered. An entry still claimed by its own first send is not counted as queued: when that
 * send is refused, its form removes it and says so, which is no delivery.
 */
export function diffVisitorQueue(
  queued: ReadonlySet<string>,
  entries: readonly Pick<OutboxEntry, 'id' | 'state'>[],
): { queued: Set<string>; delivered: string[] } {
  const present = new Set(entries.map((entry) => entry.id));
  const delivered = [...queued].filter((id) => !present.has(id));
  const next = new Set([...queued].filter((id) => present.has(id)));
  for (const entry of entries) if (entry.state === 'pending') next.add(entry.id);
  return { queued: next, delivered };
}

const isVisitorEntry = (entry: OutboxEntry, paths: readonly string[]) =>
  entry.entity === 'contacts' && paths.includes(entry.path);

/**
 * Calls `onChange` with the waiting count now and on every change, and `onDelivered` with the ids of queued
 * entries that reached the server. `paths` narrows the endpoints (the kiosk counts its sign-ins only).
 */
export function watchVisitorQueue(
  onChange: (queue: VisitorQueue) => void,
  onDelivered: (ids: string[]) => void = () => undefined,
  paths: readonly string[] = VISITOR_PATHS,
): () => void {
  let queued = new Set<string>();
  const subscription = liveQuery(async () =>
    (await localDb().outbox.toArray()).filter((entry) => isVisitorEntry(entry, paths)),
  ).subscribe({
    next: (entries) => {
      const diff = diffVisitorQueue(queued, entries);
      queued = diff.queued;
      const waiting = entries.filter((entry) => entry.state === 'pending' || entry.state === 'sending').length;
      onChange({ waiting, refused: entries.length - waiting });
      if (diff.delivered.length) onDelivered(diff.delivered);
    },
    error: (error: unknown) => console.warn('Could not watch the outbox', error),
  });
  return () => subscription.unsubscribe();
}

/** Calls `onDelivered` once, when the queued entry `id` has reached the server. */
export function followDelivery(id: string, onDelivered: () => void): () => void {
  let stop = () => {};
  stop = watchVisitorQueue(
    () => undefined,
    (ids) => {
      if (!ids.includes(id)) return;
      stop();
      onDelivered();
    },
  );
  return stop;
}
