import { describe, expect, it } from 'vitest';
import { estimatePayment, monthlyPrincipalAndInterest, type PaymentInputs } from '../../domain/payment-estimate';

const base: PaymentInputs = {
  price: 300_000,
  downPaymentPercent: 20,
  annualRatePercent: 6,
  termYears: 30,
  propertyTaxRatePercent: 2,
  mudRatePercent: 1,
  hoaDuesMonthly: 50,
  insuranceAnnual: 2400,
};

describe('monthlyPrincipalAndInterest (worked examples from amortisation tables)', () => {
  it.each([
    [240_000, 6, 30, 1438.92],
    [200_000, 5, 15, 1581.59],
    [400_000, 7, 30, 2661.21],
    [100_000, 4.5, 20, 632.65],
  ])('$%d at %s %% over %s years is $%s a month', (loan, rate, years, expected) => {
    expect(monthlyPrincipalAndInterest(loan, rate, years)).toBeCloseTo(expected, 2);
  });

  it('splits a 0 % loan evenly over the months', () => {
    expect(monthlyPrincipalAndInterest(120_000, 0, 10)).toBe(1000);
  });

  it('is 0 without a loan or a term', () => {
    expect(monthlyPrincipalAndInterest(0, 6, 30)).toBe(0);
    expect(monthlyPrincipalAndInterest(100_000, 6, 0)).toBe(0);
  });
});

describe('estimatePayment', () => {
  it('adds principal and interest, tax including the MUD rate, HOA dues and insurance', () => {
    // $300,000, 20 % down → $240,000 at 6 % for 30 years = $1,438.92; tax (2 % + 1 % MUD) × 300,000 / 12 = $750;
    // HOA $50; insurance 2,400 / 12 = $200. Total $2,438.92.
    expect(estimatePayment(base)).toEqual({
      downPayment: 60_000,
      loanAmount: 240_000,
      principalAndInterest: 1438.92,
      propertyTax: 750,
      hoaDues: 50,
      insurance: 200,
      total: 2438.92,
    });
  });

  it('a MUD rate raises only the property tax line', () => {
    const without = estimatePayment({ ...base, mudRatePercent: 0 });
    const withMud = estimatePayment({ ...base, mudRatePercent: 0.8 });
    expect(without.propertyTax).toBe(500);
    expect(withMud.propertyTax).toBe(700);
    expect(withMud.principalAndInterest).toBe(without.principalAndInterest);
    expect(withMud.total - without.total).toBeCloseTo(200, 2);
  });

  it('a worked example with odd cents: $349,990, 10 % down, 6.5 %, 30 years, 2.1 % + 0.95 % MUD, $75 HOA', () => {
    const estimate = estimatePayment({
      price: 349_990,
      downPaymentPercent: 10,
      annualRatePercent: 6.5,
      termYears: 30,
      propertyTaxRatePercent: 2.1,
      mudRatePercent: 0.95,
      hoaDuesMonthly: 75,
      insuranceAnnual: 2100,
    });
    expect(estimate.loanAmount).toBe(314_991);
    // 314,991 × (0.065/12) / (1 − (1 + 0.065/12)^−360) = 1,990.9573… → 1,990.96
    expect(estimate.principalAndInterest).toBe(1990.96);
    // 349,990 × 3.05 % / 12 = 889.557… → 889.56
    expect(estimate.propertyTax).toBe(889.56);
    expect(estimate.insurance).toBe(175);
    expect(estimate.total).toBe(3130.52);
  });

  it('the total is the sum of the rounded lines', () => {
    const estimate = estimatePayment({ ...base, price: 333_333, insuranceAnnual: 1999 });
    const sum = estimate.principalAndInterest + estimate.propertyTax + estimate.hoaDues + estimate.insurance;
    expect(estimate.total).toBeCloseTo(sum, 10);
  });

  it('treats half-typed or negative inputs as 0 and caps the down payment at the price', () => {
    const estimate = estimatePayment({ ...base, hoaDuesMonthly: Number.NaN, insuranceAnnual: -5 });
    expect(estimate.hoaDues).toBe(0);
    expect(estimate.insurance).toBe(0);
    const allCash = estimatePayment({ ...base, downPaymentPercent: 150 });
    expect(allCash.loanAmount).toBe(0);
    expect(allCash.principalAndInterest).toBe(0);
    expect(allCash.total).toBe(750 + 50 + 200);
  });
});
