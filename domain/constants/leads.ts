/**
 * Contact request interests, lead statuses and sources, visit slots and types (SPEC §5, DESIGN §4).
 */
export const CONTACT_INTERESTS = [
  'general',
  'buying',
  'community',
  'investment',
  'other',
  'visit',
  'shortlist',
] as const;
/** The five options the contact page offers (SPEC §2 /contact); the others are set by other flows. */
export const CONTACT_PAGE_INTERESTS = ['general', 'buying', 'community', 'investment', 'other'] as const;
export const INTEREST_LABELS: Record<(typeof CONTACT_INTERESTS)[number], string> = {
  general: 'General Inquiry',
  buying: 'Buying a Home',
  community: 'Community Information',
  investment: 'Investment Opportunities',
  other: 'Other',
  visit: 'Schedule a Visit',
  shortlist: 'Shortlist Review',
};

export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'APPOINTMENT', 'CLOSED_WON', 'CLOSED_LOST', 'SPAM'] as const;
export const LEAD_SOURCES = ['contact-page', 'popup', 'listing', 'visit', 'favorites', 'open-house', 'admin'] as const;
export const VISIT_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export const VISIT_TYPES = ['in-person', 'video'] as const;

/**
 * The device's clock, read as it sends a write (ISO 8601): the server measures how wrong the device's clock is
 * and files a lead at the time it was really made (api/leads/lead-intake.ts).
 */
export const CLIENT_TIME_HEADER = 'x-client-time';
