/** When a lead arrived, and the inbox's order (DESIGN §6: newest first). */
import type { Lead } from '@domain/schemas/lead';
import { newestReceivedFirst, receivedAt } from '@domain/schemas/lead-filter';
import { salesDay } from '@domain/schemas/lead-work';

/** When the request arrived (submittedAt, else createdAt): the server's own rule, which its list and CSV sort by. */
export { receivedAt };

/** Newest first by when they arrived (the order is stable for equal times), as GET /api/contacts and the CSV. */
export function newestFirst(leads: readonly Lead[]): Lead[] {
  return leads.slice().sort(newestReceivedFirst);
}

/** A lead that reached the server this long after the visitor sent it is marked as late in the inbox. */
export const LATE_ARRIVAL_MS = 60 * 60 * 1000;

/**
 * "Arrived 3 days late" for a lead that waited on a device (a kiosk offline for a weekend, a phone in a dead zone),
 * else null. The inbox files a lead under when it was sent, so a late one lands below leads already read: the mark
 * is what makes it seen.
 */
export function lateArrivalLabel(lead: Pick<Lead, 'submittedAt' | 'createdAt'>): string | null {
  if (!lead.submittedAt) return null;
  const delay = Date.parse(lead.createdAt) - Date.parse(lead.submittedAt);
  if (!(delay >= LATE_ARRIVAL_MS)) return null;
  const hours = Math.round(delay / (60 * 60 * 1000));
  if (hours < 48) return `Arrived ${hours} ${hours === 1 ? 'hour' : 'hours'} late`;
  return `Arrived ${Math.round(hours / 24)} days late`;
}

/** Today for overdue next steps, the day the server's Overdue view uses (Central Time). */
export const today = (): string => salesDay();
