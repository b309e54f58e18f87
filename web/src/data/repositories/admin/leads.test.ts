/** The CSV export's file name on the device: the same sales day as the server's. */
import { describe, expect, it } from 'vitest';
import { leadsCsvFilename } from './leads';

describe('leadsCsvFilename', () => {
  it("names the file for the sales team's day (Central Time), not UTC's", () => {
    // 8 pm on Nov 24 in Houston (CST), already Nov 25 in UTC.
    expect(leadsCsvFilename(new Date('2026-11-25T02:00:00.000Z'))).toBe('leads-2026-11-24.csv');
    // 8 pm on Jul 4 (CDT).
    expect(leadsCsvFilename(new Date('2026-07-05T01:00:00.000Z'))).toBe('leads-2026-07-04.csv');
    expect(leadsCsvFilename(new Date('2026-11-24T15:00:00.000Z'))).toBe('leads-2026-11-24.csv');
  });
});
