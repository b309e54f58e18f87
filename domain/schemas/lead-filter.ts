/**
 * The lead inbox's filter (status, interest, source, community, text, date range), in one place for the server
 * (GET /api/contacts and the CSV export) and the browser (the offline copy of the inbox).
 */
import { z } from 'zod';
import { isOpenLead, isOverdue, salesDay } from './lead-work';
import { CONTACT_INTERESTS, LEAD_SOURCES, LEAD_STATUSES } from '../constants';
import type { Lead } from './lead';

export const leadFilterSchema = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
  interest: z.enum(CONTACT_INTERESTS).optional(),
  source: z.enum(LEAD_SOURCES).optional(),
  communityId: z.string().max(100).optional(),
  q: z.string().max(200).optional(),
  from: z.iso.date({ error: 'Use a date such as 2026-01-31' }).optional(),
  to: z.iso.date({ error: 'Use a date such as 2026-01-31' }).optional(),
  /** `me` (the signed-in admin), `unassigned` (open leads without an owner: the count's leads), or an admin's id. */
  owner: z.string().max(100).optional(),
  /** `true`: open leads whose next step is past due. */
  overdue: z.enum(['true']).optional(),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

/** Who asks and when: `owner=me` needs the admin, `overdue` the day (YYYY-MM-DD, Central Time by default). */
export interface LeadFilterContext {
  adminId?: string;
  today?: string;
}

/**
 * The day a lead arrived as the inbox shows it: when the visitor sent it (submittedAt: it may have waited offline
 * for days), else when it was stored, as a date in Central Time (salesDay). From/To match this day; matching the
 * UTC day of createdAt filed every lead sent after 6 or 7 pm Houston time under the next day, in the list and the
 * CSV export alike.
 */
export const receivedDay = (lead: Pick<Lead, 'submittedAt' | 'createdAt'>): string =>
  salesDay(new Date(lead.submittedAt ?? lead.createdAt));

/** Leads matching `filter`, newest first. Without a status filter, SPAM is left out (it has its own view). */
export function filterLeads(
  leads: readonly Lead[],
  filter: Readonly<LeadFilter>,
  context: LeadFilterContext = {},
): Lead[] {
  const today = context.today ?? salesDay();
  const owner = filter.owner === 'me' ? (context.adminId ?? null) : filter.owner;
  const query = filter.q?.trim().toLowerCase();
  // Reversed first so leads created in the same millisecond still come newest first (the sort is stable).
  return leads
    .slice()
    .reverse()
    .filter((lead) => (filter.status ? lead.status === filter.status : lead.status !== 'SPAM'))
    .filter((lead) => !filter.interest || lead.interest === filter.interest)
    .filter((lead) => !filter.source || lead.source === filter.source)
    .filter((lead) => !filter.communityId || lead.communityId === filter.communityId)
    .filter((lead) =>
      owner === undefined
        ? true
        : owner === 'unassigned'
          ? !lead.ownerId && isOpenLead(lead)
          : owner !== null && lead.ownerId === owner,
    )
    .filter((lead) => !filter.overdue || isOverdue(lead, today))
    .filter((lead) => {
      if (!filter.from && !filter.to) return true;
      const day = receivedDay(lead);
      return (!filter.from || day >= filter.from) && (!filter.to || day <= filter.to);
    })
    .filter(
      (lead) =>
        !query ||
        [lead.name, lead.email, lead.phone, lead.message, lead.listingTitle ?? '', lead.notes].some((field) =>
          field?.toLowerCase().includes(query),
        ),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** GET /api/contacts/counts: how many leads each status holds (the inbox's Spam count), and the day's work. */
export interface LeadCounts {
  total: number;
  byStatus: Record<(typeof LEAD_STATUSES)[number], number>;
  /** Open leads (NEW, CONTACTED, APPOINTMENT) without an owner. */
  unassigned: number;
  /** Open leads whose next step is past due. */
  overdue: number;
}

/** The counts of GET /api/contacts/counts, from a list of leads (the server's, or a device's offline copy). */
export function countLeads(leads: readonly Lead[], today = salesDay()): LeadCounts {
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as LeadCounts['byStatus'];
  for (const lead of leads) byStatus[lead.status] += 1;
  return {
    total: leads.length,
    byStatus,
    unassigned: leads.filter((lead) => isOpenLead(lead) && !lead.ownerId).length,
    overdue: leads.filter((lead) => isOverdue(lead, today)).length,
  };
}
