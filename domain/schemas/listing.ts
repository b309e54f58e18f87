import { z } from './zod';
import {
  DEFAULT_LISTING_STATUS,
  DEFAULT_LISTING_TYPE,
  LISTING_STATUSES,
  LISTING_TYPES,
  MAX_LISTING_PHOTOS,
  TEXT_LIMITS,
} from '../constants';
import {
  bathroomsSchema,
  bedroomsSchema,
  imageRefSchema,
  nonNegativeInt,
  partialWithoutDefaults,
  nameText,
  recordMetaSchema,
  text,
  textList,
  wholeDollarPrice,
} from './common';

export const listingTypeSchema = z.enum(LISTING_TYPES);
export const listingStatusSchema = z.enum(LISTING_STATUSES);

const TOO_MANY_PHOTOS = `A listing has at most ${MAX_LISTING_PHOTOS} photos`;

export const listingInputSchema = z.object({
  id: z.uuid().optional(),
  title: nameText(TEXT_LIMITS.short, 'Property Title is required'),
  communityId: z.string({ error: 'Community is required' }).min(1, { error: 'Community is required' }).max(100),
  address: text(TEXT_LIMITS.short, 'Address is required'),
  description: text(TEXT_LIMITS.long).default(''),
  price: wholeDollarPrice,
  type: listingTypeSchema.default(DEFAULT_LISTING_TYPE),
  bedrooms: bedroomsSchema,
  bathrooms: bathroomsSchema,
  sqft: nonNegativeInt,
  status: listingStatusSchema.default(DEFAULT_LISTING_STATUS),
  images: z.array(imageRefSchema).max(MAX_LISTING_PHOTOS, { error: TOO_MANY_PHOTOS }).default([]),
  /** Alt text of each photo, by position in `images` (a missing or empty one reads as "photo N of the title"). */
  imageAlts: z.array(text(TEXT_LIMITS.short)).max(MAX_LISTING_PHOTOS, { error: TOO_MANY_PHOTOS }).default([]),
  features: textList().default([]),
});
export type ListingInput = z.input<typeof listingInputSchema>;

export const listingUpdateSchema = partialWithoutDefaults(listingInputSchema.omit({ id: true }));
export type ListingUpdate = z.infer<typeof listingUpdateSchema>;

export const listingSchema = listingInputSchema.omit({ id: true }).extend(recordMetaSchema.shape);
export type Listing = z.infer<typeof listingSchema>;
