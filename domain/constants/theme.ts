/**
 * Default theme values of communities and site settings (SPEC §9).
 */
export const DEFAULT_PRIMARY_COLOR = '#007AFF';
export const DEFAULT_PRIMARY_COLOR_DARK = '#0056CC';
export const DEFAULT_BORDER_RADIUS = '12px';
export const DEFAULT_BORDER_RADIUS_LARGE = '16px';
