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

/** A settings update may send any of the three groups; each group sent is replaced whole. */
export const siteSettingsUpdateSchema = siteSettingsSchema.partial();
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;
