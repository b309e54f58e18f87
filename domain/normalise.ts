/**
 * SPEC §5 normalisers used by the admin forms before they submit: "non-numeric numbers become 0",
 * integer and decimal coercions, range clamps. The API itself is strict (it rejects non-numbers with 400),
 * so what a form shows is what the server stores.
 */
import { BATHROOM_STEP, ROOMS_MAX, ROOMS_MIN, SLUG_MAX_LENGTH } from './constants';

/** Parses a form value as a decimal; anything that is not a finite number becomes 0. */
export function toDecimal(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Parses a form value as an integer (truncating); anything invalid becomes 0. */
export function toInteger(value: unknown): number {
  return Math.trunc(toDecimal(value));
}

/** A non-negative integer (totalHomes, sqft, listing price): invalid or negative becomes 0. */
export function toNonNegativeInteger(value: unknown): number {
  return Math.max(0, toInteger(value));
}

/** A non-negative decimal (property price): invalid or negative becomes 0. */
export function toNonNegativeDecimal(value: unknown): number {
  return Math.max(0, toDecimal(value));
}

/** Bedrooms: an integer clamped to 0-20. */
export function toBedrooms(value: unknown): number {
  return Math.min(ROOMS_MAX, Math.max(ROOMS_MIN, toInteger(value)));
}

/** Bathrooms: a decimal rounded to the nearest half step, clamped to 0-20. */
export function toBathrooms(value: unknown): number {
  const halfSteps = Math.round(toDecimal(value) / BATHROOM_STEP) * BATHROOM_STEP;
  return Math.min(ROOMS_MAX, Math.max(ROOMS_MIN, halfSteps));
}

/** Lower-case, hyphenated URL slug from a community name ("Stonecreek Estates" → "stonecreek-estates"). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
}

// Kept in modules of their own (public pages load them; the rest of this file is the back office's), re-exported here.
export { truncate } from './truncate';
export { resolveCommunityImage } from './community-image';
