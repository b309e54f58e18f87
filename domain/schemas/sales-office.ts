/**
 * A community's sales-office hours (the visit booking's time slots) and its ownership-cost defaults (the payment
 * estimate). Both are optional on a community: records stored before they existed read with the defaults below.
 */
import { z } from './zod';

/** Weekday keys in JavaScript's getDay() order (0 = Sunday). */
export const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** A wall-clock time "HH:MM" (24 h) in the community's time zone (America/Chicago, see visit-slots.ts). */
export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time such as 10:00 or 17:30' });

export const openingHoursSchema = z
  .object({ open: timeOfDaySchema, close: timeOfDaySchema })
  // "HH:MM" strings compare in time order.
  .refine((hours) => hours.open < hours.close, { error: 'Closing time must be after opening time', path: ['close'] });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** Each weekday's hours, or null when the sales office is closed that day. */
export const salesOfficeHoursSchema = z.object({
  sun: openingHoursSchema.nullable(),
  mon: openingHoursSchema.nullable(),
  tue: openingHoursSchema.nullable(),
  wed: openingHoursSchema.nullable(),
  thu: openingHoursSchema.nullable(),
  fri: openingHoursSchema.nullable(),
  sat: openingHoursSchema.nullable(),
});
export type SalesOfficeHours = z.infer<typeof salesOfficeHoursSchema>;

/** Typical Houston model-home hours: Monday to Saturday 10 to 6, Sunday noon to 6. */
export const DEFAULT_SALES_OFFICE_HOURS: SalesOfficeHours = {
  sun: { open: '12:00', close: '18:00' },
  mon: { open: '10:00', close: '18:00' },
  tue: { open: '10:00', close: '18:00' },
  wed: { open: '10:00', close: '18:00' },
  thu: { open: '10:00', close: '18:00' },
  fri: { open: '10:00', close: '18:00' },
  sat: { open: '10:00', close: '18:00' },
};

const percent = (max: number) =>
  z
    .number({ error: 'Must be a number' })
    .min(0, { error: 'Must be 0 or more' })
    .max(max, { error: `At most ${max}` });
const dollars = z.number({ error: 'Must be a number' }).min(0, { error: 'Must be 0 or more' }).max(1e7);

/**
 * A community's defaults for the payment estimate. The property tax is split in two because in Houston the MUD
 * (municipal utility district) rate differs from one community to the next while the county, city and school
 * rates are shared: the estimate adds both.
 */
export const ownershipCostsSchema = z.object({
  /** County, city, school district and other taxing units, % of the price per year. */
  propertyTaxRatePercent: percent(10),
  /** The community's MUD tax, % of the price per year (0 outside a MUD). */
  mudRatePercent: percent(5),
  hoaDuesMonthly: dollars,
  insuranceAnnual: dollars,
});
export type OwnershipCosts = z.infer<typeof ownershipCostsSchema>;

// Kept with the estimate's arithmetic, which has no zod: the payment calculator loads without the schemas.
export { DEFAULT_OWNERSHIP_COSTS } from '../payment-estimate';
