import { describe, expect, it } from 'vitest';
import { estimatePayment } from '@domain/payment-estimate';
import { formatUsd } from '@/utils/format';
import { FIELDS, inputNumber, type InputKey } from './payment-inputs';

const typed = (overrides: Partial<Record<InputKey, string>>): Record<InputKey, string> => ({
  price: '400000',
  downPaymentPercent: '10',
  annualRatePercent: '6.5',
  propertyTaxRatePercent: '2',
  mudRatePercent: '1',
  hoaDuesMonthly: '80',
  insuranceAnnual: '1800',
  ...overrides,
});

describe('the payment calculator reads its fields', () => {
  it('as typed within the limits, 0 for empty or junk or a negative figure', () => {
    expect(inputNumber(typed({}), 'price')).toBe(400000);
    expect(inputNumber(typed({ price: '' }), 'price')).toBe(0);
    expect(inputNumber(typed({ price: 'abc' }), 'price')).toBe(0);
    expect(inputNumber(typed({ hoaDuesMonthly: '-5' }), 'hoaDuesMonthly')).toBe(0);
  });

  it('capped at each field limit, so a price typed with too many digits never prints "$9e+21"', () => {
    for (const field of FIELDS) expect(inputNumber(typed({ [field.key]: '1e25' }), field.key)).toBe(field.max);
    const inputs = typed({ price: '99999999999999999999999' });
    const estimate = estimatePayment({
      price: inputNumber(inputs, 'price'),
      downPaymentPercent: inputNumber(inputs, 'downPaymentPercent'),
      annualRatePercent: inputNumber(inputs, 'annualRatePercent'),
      termYears: 30,
      propertyTaxRatePercent: inputNumber(inputs, 'propertyTaxRatePercent'),
      mudRatePercent: inputNumber(inputs, 'mudRatePercent'),
      hoaDuesMonthly: inputNumber(inputs, 'hoaDuesMonthly'),
      insuranceAnnual: inputNumber(inputs, 'insuranceAnnual'),
    });
    expect(formatUsd(estimate.total, { cents: true })).toMatch(/^\$[\d,]+\.\d\d$/);
  });
});
