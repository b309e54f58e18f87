import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contrastRatio, darken, formatCount, formatLongDate, formatUsd } from './format';

describe('formats', () => {
  it('formats USD without decimals', () => {
    expect(formatUsd(425000)).toBe('$425,000');
    expect(formatUsd(499999.6)).toBe('$500,000');
    expect(formatUsd(0)).toBe('$0');
  });

  it('formats long US dates in UTC', () => {
    expect(formatLongDate('2026-11-21T23:30:00.000Z')).toBe('November 21, 2026');
    // 7:30 PM in Houston on Nov 21 is already Nov 22 in UTC.
    expect(formatLongDate('2026-11-22T01:30:00.000Z')).toBe('November 21, 2026');
    expect(formatLongDate('2026-11-22T06:00:00.000Z')).toBe('November 22, 2026');
    expect(formatLongDate('not a date')).toBe('');
  });

  it('darkens by a factor (SPEC: community bar, 0.2)', () => {
    expect(darken('#007AFF', 0.2)).toBe('#0062cc');
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(darken('red', 0.2)).toBe('red');
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 0);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });
});

/** The formats are written out instead of using Intl (see format.ts); they must say exactly what Intl says. */
describe('the formats agree with Intl en-US', () => {
  const intlUsd = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  const intlUsdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const intlLongDate = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Etc/GMT+6', // Central Standard Time all year (the sign is POSIX's: GMT+6 is UTC−6)
  });
  // Prices, rounding ties, negative zero, tiny and large values (the formats' range ends below 1e21).
  const edgeCases = [0, -0, 0.5, 1.5, 2.5, -0.4, -0.5, -2.5, 999.5, 1234.005, 0.0000001, 1e15 + 0.5, 9.99e20, -9.99e20];
  const numbers = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -9.99e20, max: 9.99e20 }),
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
    fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
    fc.integer({ min: 0, max: 10_000_000 }).map((halves) => halves / 2),
    fc.integer({ min: 0, max: 100_000_000 }).map((thousandths) => thousandths / 1000 + 0.0005),
  );

  it('formatUsd, with and without cents', () => {
    for (const value of edgeCases) {
      expect(formatUsd(value), String(value)).toBe(intlUsd.format(value));
      expect(formatUsd(value, { cents: true }), String(value)).toBe(intlUsdCents.format(value));
    }
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatUsd(value)).toBe(intlUsd.format(value));
        expect(formatUsd(value, { cents: true })).toBe(intlUsdCents.format(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('formatCount', () => {
    for (const value of edgeCases) expect(formatCount(value), String(value)).toBe(value.toLocaleString('en-US'));
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
      }),
      { numRuns: 5000 },
    );
  });

  it('formatLongDate', () => {
    // Year 1 to 9999 (Date.UTC reads years 0-99 as 1900-1999, so the first bound is written out).
    const times = fc.integer({ min: Date.parse('0001-01-01T06:00:00Z'), max: Date.parse('9999-12-31T23:59:59Z') });
    fc.assert(
      fc.property(times, (time) => {
        expect(formatLongDate(new Date(time).toISOString())).toBe(intlLongDate.format(time));
      }),
      { numRuns: 3000 },
    );
  });
});
