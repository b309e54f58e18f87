/**
 * The lead inbox's filter (status, interest, source, community, text, date range), in one place for the server
 * (GET /api/contacts and the CSV export) and the browser (the offline copy of the inbox).
 */
import { z } from './zod';
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

/** When a lead arrived as the inbox shows it: when the visitor sent it (it may have waited offline), else stored. */
export const receivedAt = (lead: Pick<Lead, 'submittedAt' | 'createdAt'>): string => lead.submittedAt ?? lead.createdAt;

/**
 * The inbox's order, newest first, by instant: the strings cannot be compared as text, since a time sent without
 * milliseconds ("…:10Z", a direct API call) sorts after "…:10.500Z" from the same second.
 */
export const newestReceivedFirst = (
  a: Pick<Lead, 'submittedAt' | 'createdAt'>,
  b: Pick<Lead, 'submittedAt' | 'createdAt'>,
): number => Date.parse(receivedAt(b)) - Date.parse(receivedAt(a));

/**
 * The day a lead arrived as the inbox shows it: when the visitor sent it (submittedAt: it may have waited offline
 * for days), else when it was stored, as a date in Central Time (salesDay). From/To match this day; matching the
 * UTC day of createdAt filed every lead sent after 6 or 7 pm Houston time under the next day, in the list and the
 * CSV export alike.
 */
export const receivedDay = (lead: Pick<Lead, 'submittedAt' | 'createdAt'>): string =>
  salesDay(new Date(receivedAt(lead)));

/** A query written as a phone number: digits, spaces and + ( ) - . only. */
const PHONE_QUERY = /^[\d\s()+.-]+$/;

/** A phone's digits without the US country code, so "+1 713 555 0199" and "(713) 555-0199" are one number. */
const phoneDigits = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};

/**
 * Whether a lead's text fields hold `query` (lower case). A phone-like query of 3 or more digits also matches the
 * phone by its digits alone: an agent types the number of a missed call as it came, and visitors write phones in
 * every format ("(713) 555-0199", "713.555.0199"). Words with digits ("Suite 1200") keep to the plain match.
 */
function matchesQuery(lead: Lead, query: string): boolean {
  const fields = [lead.name, lead.email, lead.phone, lead.message, lead.listingTitle ?? '', lead.notes];
  if (fields.some((field) => field?.toLowerCase().includes(query))) return true;
  const digits = phoneDigits(query);
  return (
    digits.length >= 3 && PHONE_QUERY.test(query) && Boolean(lead.phone && phoneDigits(lead.phone).includes(digits))
  );
}

/**
 * Leads matching `filter`, newest first by when they arrived (receivedAt), the inbox's order, which the CSV export
 * keeps. Without a status filter, SPAM is left out (it has its own view).
 */
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
    .filter((lead) => !query || matchesQuery(lead, query))
    .sort(newestReceivedFirst);
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
