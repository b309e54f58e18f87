/**
 * The payment calculator's fields and how their text is read: "" or junk counts as 0, and a figure past the field's
 * limit counts as the limit (the field keeps what was typed and is marked invalid). Without that cap a price typed
 * with too many digits printed a monthly payment of "$9e+21".
 */
export type InputKey =
  | 'price'
  | 'downPaymentPercent'
  | 'annualRatePercent'
  | 'propertyTaxRatePercent'
  | 'mudRatePercent'
  | 'hoaDuesMonthly'
  | 'insuranceAnnual';

export const FIELDS: { key: InputKey; label: string; step: string; max: number }[] = [
  { key: 'price', label: 'Home price ($)', step: '1000', max: 1e9 },
  { key: 'downPaymentPercent', label: 'Down payment (%)', step: '0.5', max: 100 },
  { key: 'annualRatePercent', label: 'Interest rate (%)', step: '0.125', max: 30 },
  { key: 'propertyTaxRatePercent', label: 'Property tax rate (%)', step: '0.01', max: 10 },
  { key: 'mudRatePercent', label: 'MUD tax rate (%)', step: '0.01', max: 5 },
  { key: 'hoaDuesMonthly', label: 'HOA dues ($ per month)', step: '1', max: 1e6 },
  { key: 'insuranceAnnual', label: 'Home insurance ($ per year)', step: '50', max: 1e6 },
];

const LIMITS = Object.fromEntries(FIELDS.map((field) => [field.key, field.max])) as Record<InputKey, number>;

/** A field's text as the number the estimate uses: within 0 and the field's limit, 0 for "" or junk. */
export function inputNumber(inputs: Record<InputKey, string>, key: InputKey): number {
  const value = Number(inputs[key]);
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), LIMITS[key]) : 0;
}
