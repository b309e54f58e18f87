/**
 * Business constants of SPEC §9, in one place so the browser, the server and the tests agree.
 * Timings are milliseconds; sizes are bytes.
 */
export const SCROLL_THRESHOLD_MAIN_BAR_PX = 50;
export const SCROLL_THRESHOLD_COMMUNITY_BAR_PX = 100;
export const COMMUNITY_BAR_DARKEN_FACTOR = 0.2;

export const LAYOUT_MAX_WIDTH_PX = 1400;
export const LINK_PREFETCH_HOVER_DELAY_MS = 100;

export const DEFAULT_PRIMARY_COLOR = '#007AFF';
export const DEFAULT_PRIMARY_COLOR_DARK = '#0056CC';
export const DEFAULT_BORDER_RADIUS = '12px';
export const DEFAULT_BORDER_RADIUS_LARGE = '16px';

export const DEFAULT_COMMUNITY_IMAGE = '/images/communities/default.jpg';
export const COMMUNITY_IMAGE_PREFIX = '/images/communities/';

export const STORAGE_KEY_ADMIN_TOKEN = 'adminToken';
export const STORAGE_KEY_ADMIN_USER = 'adminUser';
/** The open-house kiosk this device is locked to (web/src/app/kiosk-lock.ts, data/repositories/kiosk-repository.ts). */
export const STORAGE_KEY_KIOSK_MODE = 'kioskMode';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AllowedImageMimeType = (typeof ALLOWED_IMAGE_MIME_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 8;

export const TOAST_DURATION_MS = 3000;
export const TOAST_SLIDE_IN_DELAY_MS = 100;
export const POPUP_AUTO_CLOSE_MS = 3000;
export const SUCCESS_MESSAGE_MS = 3000;
export const ADMIN_DELETE_ERROR_MS = 5000;
export const SIMULATED_SETTINGS_SAVE_MS = 1000;
export const LOGOUT_REDIRECT_MS = 100;

export const CARD_DESCRIPTION_MAX_CHARS = 120;
export const DASHBOARD_RECENT_PER_TYPE = 3;
export const DASHBOARD_RECENT_MAX = 5;

export const ROOMS_MIN = 0;
export const ROOMS_MAX = 20;
export const BATHROOM_STEP = 0.5;
export const PROPERTY_PRICE_STEP = 1000;

export const SEO_TITLE_HINT = { min: 50, max: 60 } as const;
export const SEO_DESCRIPTION_HINT = { min: 150, max: 160 } as const;

export const HOME_FIGURES = [
  { value: '6+', label: 'Communities' },
  { value: '$200K+', label: 'Starting Prices' },
  { value: '15+', label: 'Builders' },
  { value: 'A+', label: 'School Districts' },
] as const;

/** The four communities the footer links by slug (SPEC §2). */
export const FOOTER_COMMUNITY_SLUGS = ['austin-point', 'emberly', 'indigo', 'stonecreek-estates'] as const;

export const LISTING_TYPES = ['HOUSE', 'TOWNHOME', 'CONDO', 'LOT'] as const;
export const LISTING_STATUSES = ['AVAILABLE', 'PENDING', 'SOLD'] as const;
export const PROPERTY_TYPES = ['SINGLE_FAMILY', 'TOWNHOUSE', 'CONDO', 'MULTI_FAMILY', 'LAND'] as const;
export const PROPERTY_STATUSES = ['AVAILABLE', 'PENDING', 'SOLD', 'OFF_MARKET'] as const;
export const ADMIN_ROLES = ['ADMIN', 'SUPER_ADMIN'] as const;

export const DEFAULT_LISTING_TYPE = 'HOUSE';
export const DEFAULT_LISTING_STATUS = 'AVAILABLE';
export const DEFAULT_PROPERTY_TYPE = 'SINGLE_FAMILY';
export const DEFAULT_PROPERTY_STATUS = 'AVAILABLE';

/** Listing status badge texts and colours (SPEC §2 admin listings, §4). */
export const LISTING_STATUS_BADGES = {
  AVAILABLE: { label: 'Available Now', tone: 'green' },
  PENDING: { label: 'Pending Sale', tone: 'amber' },
  SOLD: { label: 'Sold', tone: 'grey' },
} as const;

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

/** Text limits: nothing the spec names, chosen so a form cannot post megabytes of text (docs/decisions.md). */
export const TEXT_LIMITS = {
  short: 200,
  medium: 1000,
  long: 10000,
  listItems: 100,
} as const;
