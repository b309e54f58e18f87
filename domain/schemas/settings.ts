import { z } from './zod';
import { DEFAULT_PRIMARY_COLOR, TEXT_LIMITS } from '../constants';
import { EMAIL_ADDRESS_PATTERN, VISITOR_FIELD_LIMITS, VISITOR_MESSAGES } from '../visitor-messages';
import { hexColorSchema, imageRefSchema, text } from './common';

export const siteSettingsSchema = z.object({
  general: z.object({
    // Shown as every public page's brand, title and structured data's name: never blank.
    siteName: text(TEXT_LIMITS.short, 'Site name is required').default('Houston New Home Communities'),
    siteDescription: text(TEXT_LIMITS.medium).default("Discover exceptional homes in Houston's premier communities."),
    // No placeholder address: the site shows no email until an admin sets the office's real one (issue 17). The
    // same rule and length as every other email the site takes, as it is printed on every public page.
    contactEmail: z
      .string()
      .trim()
      .max(VISITOR_FIELD_LIMITS.email, { error: VISITOR_MESSAGES.emailInvalid })
      .pipe(z.union([z.literal(''), z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: VISITOR_MESSAGES.emailInvalid })]))
      .default(''),
    contactPhone: text(40).default('(713) 555-0100'),
  }),
  appearance: z.object({
    primaryColor: hexColorSchema.default(DEFAULT_PRIMARY_COLOR),
    logoUrl: imageRefSchema.default(''),
    favicon: imageRefSchema.default(''),
  }),
  seo: z.object({
    // Every public page's <title> falls back to it: never blank.
    metaTitle: text(TEXT_LIMITS.short, 'Meta title is required').default('Houston New Home Communities'),
    // The home page's meta description (Lighthouse's SEO audit fails an empty one) and link previews' text.
    metaDescription: text(TEXT_LIMITS.medium, 'Meta description is required').default(
      'Explore master-planned new-home communities across Houston, Texas: homes, builders, schools and amenities.',
    ),
    metaKeywords: text(TEXT_LIMITS.medium).default('Houston new homes, master-planned communities, Texas real estate'),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = siteSettingsSchema.parse({ general: {}, appearance: {}, seo: {} });

/** A change of the settings: any of the three groups, each with only the fields that change. */
export type SiteSettingsUpdate = { [Group in keyof SiteSettings]?: Partial<SiteSettings[Group]> };

/** A group's fields, each optional and without its default: a field not sent keeps its stored value. */
function fieldsThatChange(group: z.ZodObject) {
  return z.object(
    Object.fromEntries(
      Object.entries(group.shape).map(([name, field]) => [
        name,
        (field instanceof z.ZodDefault ? field.removeDefault() : field).optional(),
      ]),
    ),
  );
}

/**
 * A settings update (PUT /api/settings) changes the fields it sends, field by field (docs/decisions.md): a save
 * made offline of the contact phone does not put back, when it syncs, the site name another super admin changed
 * meanwhile. A whole group (what older clients send) still replaces every field of it.
 */
export const siteSettingsUpdateSchema = z.object({
  general: fieldsThatChange(siteSettingsSchema.shape.general).optional(),
  appearance: fieldsThatChange(siteSettingsSchema.shape.appearance).optional(),
  seo: fieldsThatChange(siteSettingsSchema.shape.seo).optional(),
}) as unknown as z.ZodType<SiteSettingsUpdate>;

/** The stored settings with an update's fields applied, group by group. */
export function applySettingsUpdate(current: SiteSettings, update: SiteSettingsUpdate): SiteSettings {
  return {
    general: { ...current.general, ...update.general },
    appearance: { ...current.appearance, ...update.appearance },
    seo: { ...current.seo, ...update.seo },
  };
}
