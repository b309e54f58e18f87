/**
 * The public site's layout and content constants (SPEC §1, §2, §9): the entry chunk of every public page
 * carries these, so only what the site's chrome and pages use belongs here.
 */
export const SCROLL_THRESHOLD_MAIN_BAR_PX = 50;
export const SCROLL_THRESHOLD_COMMUNITY_BAR_PX = 100;
export const COMMUNITY_BAR_DARKEN_FACTOR = 0.2;

export const LAYOUT_MAX_WIDTH_PX = 1400;
export const LINK_PREFETCH_HOVER_DELAY_MS = 100;

export const DEFAULT_COMMUNITY_IMAGE = '/images/communities/default.jpg';
export const COMMUNITY_IMAGE_PREFIX = '/images/communities/';

export const CARD_DESCRIPTION_MAX_CHARS = 120;

/** The four communities the footer links by slug (SPEC §2). */
export const FOOTER_COMMUNITY_SLUGS = ['austin-point', 'emberly', 'indigo', 'stonecreek-estates'] as const;
