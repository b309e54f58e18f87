/**
 * The back office shows times in Central Time with the zone named, whatever the device's zone (the test process
 * runs in UTC here; CI machines may run in any zone), so a time agrees with the Central days the filters count.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelative, formatTime } from './date-time-format';

describe('admin date and time formats', () => {
  it('print Central Time with CST or CDT, across the year', () => {
    // 00:30 on Nov 2 in Houston is 06:30 UTC: a device in UTC or in Pacific time would print another day.
    expect(formatDateTime('2026-11-02T06:30:00.000Z')).toBe('Nov 2, 2026, 12:30 AM CST');
    expect(formatDateTime('2026-07-04T17:05:00.000Z')).toBe('Jul 4, 2026, 12:05 PM CDT');
    expect(formatTime(new Date('2026-11-28T23:19:42.000Z'))).toBe('5:19:42 PM CST');
  });

  it("leave an unreadable value empty, and say an old one's date and time", () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    const now = Date.parse('2026-11-28T23:00:00.000Z');
    expect(formatRelative(now - 30_000, now)).toBe('just now');
    expect(formatRelative(now - 3 * 86_400_000, now)).toBe('Nov 25, 2026, 5:00 PM CST');
  });
});
