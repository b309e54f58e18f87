/**
 * The community modal's "Sales office & costs" part: its form state and its conversion to the community fields
 * salesOfficeHours and ownershipCosts. A community saved before these fields existed opens with the defaults the
 * public site already uses for it, so saving it changes nothing a visitor sees.
 */
import {
  DEFAULT_OWNERSHIP_COSTS,
  DEFAULT_SALES_OFFICE_HOURS,
  WEEKDAY_KEYS,
  type Community,
  type OwnershipCosts,
  type SalesOfficeHours,
  type WeekdayKey,
} from '@domain/index';
import { numberText } from './number-fields';

export interface OfficeDayRow {
  open: boolean;
  from: string;
  to: string;
}

export interface SalesOfficeFormState {
  hours: Record<WeekdayKey, OfficeDayRow>;
  costs: Record<keyof OwnershipCosts, string>;
}

/** Monday first, as a sales office's sign lists them. */
export const WEEKDAYS_IN_ORDER: readonly { key: WeekdayKey; label: string }[] = [
  { key: 'mon', label: 'Monday' },
  { key: 'tue', label: 'Tuesday' },
  { key: 'wed', label: 'Wednesday' },
  { key: 'thu', label: 'Thursday' },
  { key: 'fri', label: 'Friday' },
  { key: 'sat', label: 'Saturday' },
  { key: 'sun', label: 'Sunday' },
];

/** A closed day keeps the defaults' times in its fields, so ticking "open" again starts from sensible hours. */
const CLOSED_DAY_FALLBACK = { open: '10:00', close: '18:00' };

export function salesOfficeToForm(
  community: Pick<Community, 'salesOfficeHours' | 'ownershipCosts'> | undefined,
): SalesOfficeFormState {
  const hours = community?.salesOfficeHours ?? DEFAULT_SALES_OFFICE_HOURS;
  const costs = community?.ownershipCosts ?? DEFAULT_OWNERSHIP_COSTS;
  const rows = {} as Record<WeekdayKey, OfficeDayRow>;
  for (const key of WEEKDAY_KEYS) {
    const day = hours[key];
    const times = day ?? DEFAULT_SALES_OFFICE_HOURS[key] ?? CLOSED_DAY_FALLBACK;
    rows[key] = { open: day !== null, from: times.open, to: times.close };
  }
  return {
    hours: rows,
    costs: {
      propertyTaxRatePercent: numberText(costs.propertyTaxRatePercent),
      mudRatePercent: numberText(costs.mudRatePercent),
      hoaDuesMonthly: numberText(costs.hoaDuesMonthly),
      insuranceAnnual: numberText(costs.insuranceAnnual),
    },
  };
}

/** A typed amount: empty or not a number is 0 (SPEC §5's rule for numbers); a negative stays, for the schema's message. */
const amount = (text: string): number => {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
};

export function formToSalesOffice(form: SalesOfficeFormState): {
  salesOfficeHours: SalesOfficeHours;
  ownershipCosts: OwnershipCosts;
} {
  const salesOfficeHours = {} as SalesOfficeHours;
  for (const key of WEEKDAY_KEYS) {
    const row = form.hours[key];
    salesOfficeHours[key] = row.open ? { open: row.from.trim(), close: row.to.trim() } : null;
  }
  return {
    salesOfficeHours,
    ownershipCosts: {
      propertyTaxRatePercent: amount(form.costs.propertyTaxRatePercent),
      mudRatePercent: amount(form.costs.mudRatePercent),
      hoaDuesMonthly: amount(form.costs.hoaDuesMonthly),
      insuranceAnnual: amount(form.costs.insuranceAnnual),
    },
  };
}
