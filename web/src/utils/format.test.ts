import { describe, expect, it } from 'vitest';
import { contrastRatio, darken, formatLongDate, formatUsd } from './format';

describe('formats', () => {
  it('formats USD without decimals', () => {
    expect(formatUsd(425000)).toBe('$425,000');
    expect(formatUsd(499999.6)).toBe('$500,000');
    expect(formatUsd(0)).toBe('$0');
  });

  it('formats long US dates in UTC', () => {
    expect(formatLongDate('2026-11-21T23:30:00.000Z')).toBe('November 21, 2026');
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
