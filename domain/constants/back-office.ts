/**
 * Back-office constants (SPEC §6, §9): session storage keys, uploads, passwords, dashboard, SEO hints, roles.
 */
export const STORAGE_KEY_ADMIN_TOKEN = 'adminToken';
export const STORAGE_KEY_ADMIN_USER = 'adminUser';
/** The open-house kiosk this device is locked to (web/src/app/kiosk-lock.ts, data/repositories/kiosk-repository.ts). */
export const STORAGE_KEY_KIOSK_MODE = 'kioskMode';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AllowedImageMimeType = (typeof ALLOWED_IMAGE_MIME_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 8;

export const DASHBOARD_RECENT_PER_TYPE = 3;
export const DASHBOARD_RECENT_MAX = 5;

export const SEO_TITLE_HINT = { min: 50, max: 60 } as const;
export const SEO_DESCRIPTION_HINT = { min: 150, max: 160 } as const;

export const ADMIN_ROLES = ['ADMIN', 'SUPER_ADMIN'] as const;
