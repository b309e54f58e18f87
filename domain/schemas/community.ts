import { z } from './zod';
import {
  DEFAULT_BORDER_RADIUS,
  DEFAULT_BORDER_RADIUS_LARGE,
  DEFAULT_PRIMARY_COLOR,
  PUBLIC_LIST_PAGE_SIZE,
  SLUG_MAX_LENGTH,
  TEXT_LIMITS,
} from '../constants';
import {
  cssLengthSchema,
  hexColorSchema,
  imageRefSchema,
  looksLikeUuid,
  nameText,
  nonNegativeInt,
  partialWithoutDefaults,
  recordMetaSchema,
  text,
  textList,
} from './common';
import { ownershipCostsSchema, salesOfficeHoursSchema } from './sales-office';

export const SLUG_LOOKS_LIKE_ID = 'A slug cannot look like a record id (a UUID): add a word to it';

/**
 * A community's address in URLs. Pages and the API find a community by id or by slug, so a slug shaped like an id
 * could hide another community's page; ids are UUIDs, so a UUID-shaped slug is refused (the community routes also
 * refuse a slug equal to any existing id).
 */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Use lower-case letters, digits and single hyphens' })
  .max(SLUG_MAX_LENGTH)
  .refine((slug) => !looksLikeUuid(slug), { error: SLUG_LOOKS_LIKE_ID });

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
  name: nameText(TEXT_LIMITS.short, 'Home name is required'),
  price: z.union([z.number().min(0).max(1e12), text()]).default(''),
  bedrooms: z.number().min(0).max(20).default(0),
  bathrooms: z.number().min(0).max(20).default(0),
  sqft: nonNegativeInt.default(0),
});
export type HomeModel = z.infer<typeof homeModelSchema>;

export const builderSchema = z.object({
  name: nameText(TEXT_LIMITS.short, 'Builder name is required'),
  description: text(TEXT_LIMITS.medium).default(''),
  contact: text().default(''),
});
export type Builder = z.infer<typeof builderSchema>;

/**
 * Greater Houston with a margin (docs/decisions.md): the map and the commute figures only make
 * sense there, and a position outside it is nearly always a typo (a dropped minus sign, latitude and longitude
 * swapped).
 */
export const HOUSTON_REGION = { minLat: 28.8, maxLat: 30.8, minLng: -96.6, maxLng: -94.3 } as const;
export const LATITUDE_OUTSIDE_HOUSTON = `Latitude must be a number from ${HOUSTON_REGION.minLat} to ${HOUSTON_REGION.maxLat} (the Houston region)`;
export const LONGITUDE_OUTSIDE_HOUSTON = `Longitude must be a number from ${HOUSTON_REGION.minLng} to ${HOUSTON_REGION.maxLng} (the Houston region)`;

const degrees = (min: number, max: number, error: string) =>
  z.number({ error }).min(min, { error }).max(max, { error });

/** A community's position in decimal degrees (WGS 84), for the map, the commute figures and Directions. */
export const coordinatesSchema = z.object({
  lat: degrees(HOUSTON_REGION.minLat, HOUSTON_REGION.maxLat, LATITUDE_OUTSIDE_HOUSTON),
  lng: degrees(HOUSTON_REGION.minLng, HOUSTON_REGION.maxLng, LONGITUDE_OUTSIDE_HOUSTON),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** What an admin sends to create or replace a community. */
export const communityInputSchema = z.object({
  id: z.uuid().optional(),
  slug: slugSchema.optional(),
  name: nameText(TEXT_LIMITS.short, 'Community Name is required'),
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
  /** Absent on older records: the community then has no pin on the maps and no commute figures. */
  coordinates: coordinatesSchema.optional(),
});
export type CommunityInput = z.input<typeof communityInputSchema>;

/**
 * A partial update: only the fields sent change (nested objects are replaced whole). `coordinates: null` removes a
 * stored position (leaving the field out cannot); null is never stored.
 */
export const communityUpdateSchema = partialWithoutDefaults(communityInputSchema.omit({ id: true })).extend({
  coordinates: coordinatesSchema.nullable().optional(),
});
export type CommunityUpdate = z.infer<typeof communityUpdateSchema>;

export const communitySchema = communityInputSchema
  .omit({ id: true, slug: true })
  .extend({ slug: slugSchema })
  .extend(recordMetaSchema.shape);
export type Community = z.infer<typeof communitySchema>;

/**
 * What the public community list answers with `?view=list` (`GET /api/public/communities?view=list`): the fields a
 * card, the search and the favourites show, without the page-only parts (sections, homes, builders, sales-office
 * hours, ownership costs), which are most of a record's bytes (the seed list is 5.5 KB brotli whole, 2.5 KB as
 * list items). Whole records come one at a time from `GET /api/public/communities/{id}`, or a page at a time from
 * the list's default view (the offline pack).
 */
export const COMMUNITY_LIST_FIELDS = [
  'id',
  'slug',
  'name',
  'location',
  'description',
  'priceRange',
  'totalHomes',
  'image',
  'imageAlt',
  'amenities',
  'schools',
  'coordinates',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof Community)[];
export type CommunityListItem = Pick<Community, (typeof COMMUNITY_LIST_FIELDS)[number]> & {
  /** The builders' names only (the home page counts builders, issue 17); absent from earlier versions' answers. */
  builderNames?: string[];
};

/** The list item of a community (a new object: the record itself is never handed out to be changed). */
export function toCommunityListItem(
  community: CommunityListItem & { builders?: readonly { name: string }[] },
): CommunityListItem {
  const item = {} as Record<string, unknown>;
  // An optional field an older record lacks stays absent (not `undefined`), as in the JSON the API sends.
  for (const field of COMMUNITY_LIST_FIELDS) if (community[field] !== undefined) item[field] = community[field];
  const builderNames = community.builders?.map((builder) => builder.name) ?? community.builderNames;
  if (builderNames) item.builderNames = builderNames;
  return item as CommunityListItem;
}

/**
 * The query of the public community list. Answers come in pages of at most PUBLIC_LIST_PAGE_SIZE, in the
 * server's order; a page shorter than `limit` is the last one. The default view gives whole records, as the list
 * always did (a client of an earlier build, still running from a device's service worker, stores them for its
 * offline pages); `view=list` gives CommunityListItems.
 */
export const communityListQuerySchema = z.object({
  view: z.enum(['full', 'list']).default('full'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PUBLIC_LIST_PAGE_SIZE).default(PUBLIC_LIST_PAGE_SIZE),
});
export type CommunityListQuery = z.infer<typeof communityListQuerySchema>;
