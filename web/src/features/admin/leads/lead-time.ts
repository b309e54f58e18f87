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

/** Today for overdue next steps, the day the server's Overdue view uses (Central Time). */
export const today = (): string => salesDay();
