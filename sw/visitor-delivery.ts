/**
 * The service worker's share of the outbox (web/src/data/background-delivery.ts): on the browser's Background Sync
 * event, the visitors' queued messages (inquiries, visit requests, kiosk sign-ins) are sent by the same code a page
 * drains with (outbox-delivery.ts: per-entry send locks and claims, so a page draining meanwhile never sends one
 * twice, and each send keeps its Idempotency-Key). Admin changes are not sent here: they need the admin's login,
 * which a worker does not have (its session reads as signed out), and wait for a page.
 */
import { localDb } from '@/data/local-db';
import { makeNetworkFailuresDue } from '@/data/outbox';
import { drainOutbox } from '@/data/outbox-delivery';
import { isWaitingVisitorEntry } from '@/data/outbox-order';

/**
 * Sends what visitors queued. Rejects while some of it still waits (no answer, or a backoff not over), so the
 * browser tries the sync again later (Chromium: after about 5 and 15 minutes, then on the next registration).
 */
export async function deliverVisitorMessages(): Promise<void> {
  // The browser fires the sync when it has a network again: what waited only for it goes now, not after its backoff.
  await makeNetworkFailuresDue(Date.now());
  await drainOutbox();
  const waiting = (await localDb().outbox.toArray()).filter(isWaitingVisitorEntry);
  if (waiting.length > 0) throw new Error(`${waiting.length} visitor message(s) still waiting for the network`);
}
