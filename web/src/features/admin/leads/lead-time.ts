/** When a lead arrived, and the inbox's order (DESIGN §6: newest first). */
import type { Lead } from '@domain/schemas/lead';
import { salesDay } from '@domain/schemas/lead-work';

/** When the request arrived: submittedAt when the form sent one (it may have waited offline), else createdAt. */
export const receivedAt = (lead: Lead): string => lead.submittedAt ?? lead.createdAt;

/** Newest first by when they arrived (the order is stable for equal times). */
export function newestFirst(leads: readonly Lead[]): Lead[] {
  return leads.slice().sort((a, b) => receivedAt(b).localeCompare(receivedAt(a)));
}

/** Today for overdue next steps, the day the server's Overdue view uses (Central Time). */
export const today = (): string => salesDay();
