import { z } from './zod';
import {
  DEFAULT_PROPERTY_STATUS,
  DEFAULT_PROPERTY_TYPE,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  TEXT_LIMITS,
} from '../constants';
import {
  bathroomsSchema,
  bedroomsSchema,
  nonNegativeInt,
  nonNegativeNumber,
  partialWithoutDefaults,
  nameText,
  recordMetaSchema,
  text,
} from './common';

export const propertyTypeSchema = z.enum(PROPERTY_TYPES);
export const propertyStatusSchema = z.enum(PROPERTY_STATUSES);

export const propertyInputSchema = z.object({
  id: z.uuid().optional(),
  title: nameText(TEXT_LIMITS.short, 'Property Title is required'),
  address: text(TEXT_LIMITS.short, 'Address is required'),
  city: text(TEXT_LIMITS.short, 'City is required'),
  state: text(TEXT_LIMITS.short, 'State is required'),
  zipCode: z
    .string({ error: 'ZIP Code is required' })
    .trim()
    .min(1, { error: 'ZIP Code is required' })
    .regex(/^\d{5}(-\d{4})?$/, { error: 'Use a 5-digit ZIP Code' }),
  description: text(TEXT_LIMITS.long).default(''),
  price: nonNegativeNumber,
  bedrooms: bedroomsSchema.default(0),
  bathrooms: bathroomsSchema.default(0),
  squareFeet: nonNegativeInt.default(0),
  propertyType: propertyTypeSchema.default(DEFAULT_PROPERTY_TYPE),
  status: propertyStatusSchema.default(DEFAULT_PROPERTY_STATUS),
});
export type PropertyInput = z.input<typeof propertyInputSchema>;

export const propertyUpdateSchema = partialWithoutDefaults(propertyInputSchema.omit({ id: true }));
export type PropertyUpdate = z.infer<typeof propertyUpdateSchema>;

export const propertySchema = propertyInputSchema.omit({ id: true }).extend(recordMetaSchema.shape);
export type Property = z.infer<typeof propertySchema>;
