import { describe, expect, it } from 'vitest';
import { houstonYear } from '../../domain/houston-year';

describe('houstonYear', () => {
  it('turns at midnight in Houston, not at midnight UTC (6 PM on 31 December there)', () => {
    expect(houstonYear(Date.UTC(2027, 0, 1, 0, 30))).toBe(2026); // 6:30 PM on 31 December in Houston
    expect(houstonYear(Date.UTC(2027, 0, 1, 5, 59, 59))).toBe(2026);
    expect(houstonYear(Date.UTC(2027, 0, 1, 6, 0, 0))).toBe(2027);
    expect(houstonYear(Date.UTC(2027, 6, 1, 12))).toBe(2027);
  });
});
