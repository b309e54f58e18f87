import { z } from 'zod';
import { DEFAULT_BORDER_RADIUS, DEFAULT_BORDER_RADIUS_LARGE, DEFAULT_PRIMARY_COLOR, TEXT_LIMITS } from '../constants';
import {
  cssLengthSchema,
  hexColorSchema,
  imageRefSchema,
  nonNegativeInt,
  partialWithoutDefaults,
  recordMetaSchema,
  text,
  textList,
} from './common';
import { ownershipCostsSchema, salesOfficeHoursSchema } from './sales-office';

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Use lower-case letters, digits and single hyphens' })
  .max(80);

export const themeSchema = z.object({
  primaryColor: hexColorSchema.default(DEFAULT_PRIMARY_COLOR),
  borderRadius: cssLengthSchema.default(DEFAULT_BORDER_RADIUS),
  borderRadiusLarge: cssLengthSchema.default(DEFAULT_BORDER_RADIUS_LARGE),
});
export type Theme = z.infer<typeof themeSchema>;

export const heroSectionSchema = z.object({
  visible: z.boolean().default(true),
  title: text().default(''),
  subtitle: text(TEXT_LIMITS.medium).default(''),
  backgroundType: z.enum(['color', 'image']).default('color'),
  backgroundColor: hexColorSchema.default(DEFAULT_PRIMARY_COLOR),
  backgroundImage: imageRefSchema.default(''),
});
export const aboutSectionSchema = z.object({
  visible: z.boolean().default(true),
  content: text(TEXT_LIMITS.long).default(''),
});
export const titledSectionSchema = z.object({
  visible: z.boolean().default(true),
  title: text().default(''),
});
export const sectionsSchema = z.object({
  hero: heroSectionSchema.default(heroSectionSchema.parse({})),
  about: aboutSectionSchema.default(aboutSectionSchema.parse({})),
  homes: titledSectionSchema.default({ visible: true, title: 'Available Homes' }),
  builders: titledSectionSchema.default({ visible: true, title: 'Our Builders' }),
});
export type CommunitySections = z.infer<typeof sectionsSchema>;

/** A home model built in the community; price is a number or a text such as "From the $300s". */
export const homeModelSchema = z.object({
  name: text(TEXT_LIMITS.short, 'Home name is required'),
  price: z.union([z.number().min(0).max(1e12), text()]).default(''),
  bedrooms: z.number().min(0).max(20).default(0),
  bathrooms: z.number().min(0).max(20).default(0),
  sqft: nonNegativeInt.default(0),
});
export type HomeModel = z.infer<typeof homeModelSchema>;

export const builderSchema = z.object({
  name: text(TEXT_LIMITS.short, 'Builder name is required'),
  description: text(TEXT_LIMITS.medium).default(''),
  contact: text().default(''),
});
export type Builder = z.infer<typeof builderSchema>;

/** What an admin sends to create or replace a community. */
export const communityInputSchema = z.object({
  id: z.uuid().optional(),
  slug: slugSchema.optional(),
  name: text(TEXT_LIMITS.short, 'Community Name is required'),
  location: text(TEXT_LIMITS.short, 'Location is required'),
  description: text(TEXT_LIMITS.long, 'Description is required'),
  priceRange: text().default(''),
  totalHomes: nonNegativeInt.default(0),
  image: imageRefSchema.default(''),
  imageAlt: text().default(''),
  amenities: textList().default([]),
  schools: textList().default([]),
  theme: themeSchema.default(themeSchema.parse({})),
  sections: sectionsSchema.default(sectionsSchema.parse({})),
  homes: z.array(homeModelSchema).max(TEXT_LIMITS.listItems).default([]),
  builders: z.array(builderSchema).max(TEXT_LIMITS.listItems).default([]),
  /** Absent on older records: the visit booking then uses DEFAULT_SALES_OFFICE_HOURS. */
  salesOfficeHours: salesOfficeHoursSchema.optional(),
  /** Absent on older records: the payment estimate then uses DEFAULT_OWNERSHIP_COSTS. */
  ownershipCosts: ownershipCostsSchema.optional(),
});
export type CommunityInput = z.input<typeof communityInputSchema>;

/** A partial update: only the fields sent change (nested objects are replaced whole). */
export const communityUpdateSchema = partialWithoutDefaults(communityInputSchema.omit({ id: true }));
export type CommunityUpdate = z.infer<typeof communityUpdateSchema>;

export const communitySchema = communityInputSchema
  .omit({ id: true, slug: true })
  .extend({ slug: slugSchema })
  .extend(recordMetaSchema.shape);
export type Community = z.infer<typeof communitySchema>;
