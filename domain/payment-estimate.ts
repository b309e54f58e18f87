/**
 * The monthly cost of owning a home, for the listing page's payment estimate: principal and interest of a
 * fixed-rate loan (standard amortisation M = P·r / (1 − (1 + r)^−n)), property tax (the base rate plus the
 * community's MUD rate, on the price), HOA dues and home insurance. Each line is rounded to cents and the total is their sum.
 * Mortgage insurance (PMI) and closing costs are left out; the page's disclaimer says so.
 */
import type { OwnershipCosts } from './schemas/sales-office';

export interface PaymentInputs {
  price: number;
  /** Percent of the price paid up front (0–100). */
  downPaymentPercent: number;
  /** Yearly interest rate in percent (e.g. 6.5). */
  annualRatePercent: number;
  termYears: number;
  /** County, city and school rate, percent of the price per year. */
  propertyTaxRatePercent: number;
  /** The community's MUD rate, percent of the price per year. */
  mudRatePercent: number;
  hoaDuesMonthly: number;
  insuranceAnnual: number;
}

export interface PaymentEstimate {
  downPayment: number;
  loanAmount: number;
  /** Monthly amounts. */
  principalAndInterest: number;
  propertyTax: number;
  hoaDues: number;
  insurance: number;
  total: number;
}

/**
 * Used when a community has no costs of its own: round Houston-area figures, labelled as estimates. Here rather
 * than beside its schema (schemas/sales-office.ts re-exports it), so the payment calculator's chunk does not pull
 * in zod (25 KB gzip) for four numbers.
 */
export const DEFAULT_OWNERSHIP_COSTS: OwnershipCosts = {
  propertyTaxRatePercent: 2.0,
  mudRatePercent: 0,
  hoaDuesMonthly: 0,
  insuranceAnnual: 2400,
};

export const DEFAULT_DOWN_PAYMENT_PERCENT = 10;
export const DEFAULT_ANNUAL_RATE_PERCENT = 6.5;
export const DEFAULT_TERM_YEARS = 30;
export const LOAN_TERMS_YEARS = [15, 20, 30] as const;

const cents = (amount: number) => Math.round(amount * 100) / 100;
/** Non-finite or negative input (a half-typed field) counts as 0, so the estimate never shows NaN. */
const nonNegative = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** Monthly principal and interest of a loan; a 0 % loan is the amount split evenly over the months. */
export function monthlyPrincipalAndInterest(loanAmount: number, annualRatePercent: number, termYears: number): number {
  const months = Math.round(nonNegative(termYears) * 12);
  if (loanAmount <= 0 || months === 0) return 0;
  const rate = nonNegative(annualRatePercent) / 100 / 12;
  if (rate === 0) return loanAmount / months;
  return (loanAmount * rate) / (1 - (1 + rate) ** -months);
}

export function estimatePayment(inputs: PaymentInputs): PaymentEstimate {
  const price = nonNegative(inputs.price);
  const downPayment = (price * Math.min(nonNegative(inputs.downPaymentPercent), 100)) / 100;
  const loanAmount = price - downPayment;
  const principalAndInterest = monthlyPrincipalAndInterest(loanAmount, inputs.annualRatePercent, inputs.termYears);
  const taxRate = nonNegative(inputs.propertyTaxRatePercent) + nonNegative(inputs.mudRatePercent);
  const propertyTax = (price * taxRate) / 100 / 12;
  const hoaDues = nonNegative(inputs.hoaDuesMonthly);
  const insurance = nonNegative(inputs.insuranceAnnual) / 12;
  const monthly = {
    principalAndInterest: cents(principalAndInterest),
    propertyTax: cents(propertyTax),
    hoaDues: cents(hoaDues),
    insurance: cents(insurance),
  };
  // The total is the sum of the rounded lines, so the breakdown a buyer reads adds up to the cent.
  const total = cents(monthly.principalAndInterest + monthly.propertyTax + monthly.hoaDues + monthly.insurance);
  return { downPayment: cents(downPayment), loanAmount: cents(loanAmount), ...monthly, total };
}
