import { z } from './zod';
import { TEXT_LIMITS } from '../constants';
import { EMAIL_ADDRESS_PATTERN, VISITOR_FIELD_LIMITS } from '../visitor-messages';

/** Fields every stored record carries (DESIGN §4 "Records"). */
export const recordMetaSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
});
export type RecordMeta = z.infer<typeof recordMetaSchema>;

/** Ids are UUIDs; a client may supply one on create so an offline-created record keeps its id. */
export const idSchema = z.uuid({ error: 'Must be a UUID' });

/** `#RRGGBB` only, so a theme colour can never smuggle CSS (`red; background:url(...)`). */
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Use a colour in the form #RRGGBB' });

/** A plain CSS length (px, rem, em or %), for theme radii; nothing else reaches a style attribute. */
export const cssLengthSchema = z
  .string()
  .regex(/^(0|\d{1,3}(\.\d{1,2})?(px|rem|em|%))$/, { error: 'Use a length such as 12px or 1rem' });

/**
 * Characters that show nothing by themselves: soft hyphen, zero-width spaces and joiners, word joiner and invisible
 * operators, byte-order mark, Mongolian vowel separator, and the bidirectional controls (marks, embeddings,
 * overrides, isolates) that make a name read differently from what is stored ("Trojan Source" spoofing).
 */
const INVISIBLE_CONTROLS = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Letters and symbols that draw nothing: Hangul fillers, the halfwidth filler, the blank braille pattern. */
const BLANK_GLYPHS = /[\u115f\u1160\u3164\uffa0\u2800]/g;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Whether `value` has at least one character that shows (a letter, digit, punctuation mark or symbol). */
export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE.test(value.replace(BLANK_GLYPHS, ''));
}

/** `value` without zero-width and bidirectional control characters (names must read as they are stored). */
export function stripInvisibleControls(value: string): string {
  return value.replace(INVISIBLE_CONTROLS, '');
}

/**
 * Trimmed text with an upper bound; `required` gives the spec's message when empty, or when nothing in it shows
 * (only zero-width, bidi-control or blank characters).
 */
export function text(max: number = TEXT_LIMITS.short, requiredMessage?: string) {
  const base = z
    .string({ error: requiredMessage ?? 'Must be text' })
    .trim()
    .max(max, { error: `At most ${max} characters` });
  return requiredMessage
    ? base.min(1, { error: requiredMessage, abort: true }).refine(hasVisibleCharacter, { error: requiredMessage })
    : base;
}

/**
 * A required name or title: zero-width and bidi-control characters are taken out first (they can hide or reverse
 * what a visitor reads), then it must still show something.
 */
export function nameText(max: number, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .overwrite(stripInvisibleControls)
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .min(1, { error: requiredMessage, abort: true })
    .refine(hasVisibleCharacter, { error: requiredMessage });
}

/** The shape of a UUID (any version): what record ids look like, so what a slug must never look like. */
export function looksLikeUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * An image reference: an https URL, a site path (`/uploads/…`, `/images/…`) or a bare file name that the
 * site prefixes with /images/communities/. `javascript:` and `data:` URLs are refused, and so are `http:` ones
 * (the pages' CSP allows https: images only) and `//host/…` (another host's image, which absolute URLs for
 * og:image and JSON-LD would make a path of this site).
 */
export const imageRefSchema = z
  .string()
  .trim()
  .max(TEXT_LIMITS.medium)
  .refine(
    (value) =>
      value === '' ||
      /^https:\/\/[^\s"'<>]+$/i.test(value) ||
      /^\/(?!\/)[A-Za-z0-9._~/-]*$/.test(value) ||
      /^[A-Za-z0-9._-]+$/.test(value),
    {
      error: 'Use an https:// URL, a path starting with / or a file name',
    },
  )
  .refine((value) => !value.includes('..'), { error: 'Path must not contain ..' });

export const textList = (itemMax: number = TEXT_LIMITS.short) =>
  z
    .array(text(itemMax).min(1, { error: 'Must not be empty: remove the empty item' }), {
      error: 'Must be a list of text',
    })
    .max(TEXT_LIMITS.listItems, { error: `At most ${TEXT_LIMITS.listItems} items` });

/** Non-negative integer (JSON number). The forms normalise "invalid becomes 0" before sending (normalise.ts). */
export const nonNegativeInt = z
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .min(0, { error: 'Must be 0 or more' });
/** The largest price a record takes (a typo's extra digits are refused, not shown on a page). */
const PRICE_CAP = { value: 1e12, message: 'Must be at most 1,000,000,000,000' } as const;
export const nonNegativeNumber = z
  .number({ error: 'Must be a number' })
  .min(0, { error: 'Must be 0 or more' })
  // Its own message: zod 4 would give this check the type's ("Must be a number").
  .max(PRICE_CAP.value, { error: PRICE_CAP.message });
/** A listing's price: whole dollars, capped as a property's is. */
export const wholeDollarPrice = nonNegativeInt.max(PRICE_CAP.value, { error: PRICE_CAP.message });
export const bedroomsSchema = z
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .min(0, { error: 'Must be between 0 and 20' })
  .max(20, { error: 'Must be between 0 and 20' });
export const bathroomsSchema = z
  .number({ error: 'Must be a number' })
  .min(0, { error: 'Must be between 0 and 20' })
  .max(20, { error: 'Must be between 0 and 20' })
  .refine((value) => Number.isInteger(value * 2), { error: 'Use half steps (e.g. 2.5)' });

export const emailSchema = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(VISITOR_FIELD_LIMITS.email, { error: invalidMessage })
    .pipe(z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: invalidMessage }))
    .transform((value) => value.toLowerCase());

/**
 * A partial-update schema (PUT: only the fields sent change): every field optional and without its default.
 * zod's own `.partial()` keeps `.default()`s, so an update of one field would reset every defaulted field the
 * request left out (a listing's status, a community's theme, sections, homes and builders).
 */
export function partialWithoutDefaults<Shape extends z.core.$ZodShape>(
  schema: z.ZodObject<Shape>,
): z.ZodObject<{ -readonly [K in keyof Shape]: z.ZodOptional<Shape[K]> }> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as unknown as Record<string, z.ZodType>)) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.object(shape) as unknown as z.ZodObject<{ -readonly [K in keyof Shape]: z.ZodOptional<Shape[K]> }>;
}

/** Error answer of every API failure (DESIGN §4 "Errors"). */
export const errorResponseSchema = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  current: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
