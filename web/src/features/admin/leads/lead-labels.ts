/** Display texts of lead fields (DESIGN §6 "Admin Contacts": the lead inbox). */
import { INTEREST_LABELS, LEAD_SOURCES, LEAD_STATUSES } from '@domain/constants';

export type LeadStatusValue = (typeof LEAD_STATUSES)[number];
export type LeadSourceValue = (typeof LEAD_SOURCES)[number];

export const STATUS_LABELS: Record<LeadStatusValue, string> = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  APPOINTMENT: 'Appointment set',
  CLOSED_WON: 'Closed – won',
  CLOSED_LOST: 'Closed – lost',
  SPAM: 'Spam',
};

export const STATUS_TONES: Record<LeadStatusValue, string> = {
  NEW: 'amber',
  CONTACTED: 'blue',
  APPOINTMENT: 'purple',
  CLOSED_WON: 'green',
  CLOSED_LOST: 'grey',
  SPAM: 'red',
};

export const SOURCE_LABELS: Record<LeadSourceValue, string> = {
  'contact-page': 'Contact page',
  popup: 'Community popup',
  listing: 'Listing inquiry',
  visit: 'Visit request',
  favorites: 'Shortlist',
  'open-house': 'Open house',
  admin: 'Added by staff',
};

export const SLOT_LABELS: Record<string, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

export const VISIT_TYPE_LABELS: Record<string, string> = { 'in-person': 'In person', video: 'Video call' };

export const interestLabel = (interest: string | undefined): string =>
  (interest && INTEREST_LABELS[interest as keyof typeof INTEREST_LABELS]) || INTEREST_LABELS.general;

export const statusLabel = (status: string): string => STATUS_LABELS[status as LeadStatusValue] ?? status;
export const sourceLabel = (source: string | undefined): string =>
  source ? (SOURCE_LABELS[source as LeadSourceValue] ?? source) : '—';

/**
 * The flag a quickly sent lead carries ("Sent within 1 s"): autofill, a prewritten message or typing before the
 * page's app started; shown on a NEW lead, never a reason to hide it (docs/decisions.md).
 */
export function quickFillLabel(quickFillMs: number): string {
  return `Sent within ${Math.max(1, Math.ceil(quickFillMs / 1000))} s`;
}
