import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  commuteRows,
  directionsUrl,
  driveMinutes,
  formatMiles,
  JOB_CENTRES,
  milesBetween,
  nearestJobCentre,
} from './commute';

const DOWNTOWN = { lat: 29.7589, lng: -95.3677 };
const THE_WOODLANDS = { lat: 30.1608, lng: -95.463 };

describe('milesBetween (haversine)', () => {
  it('is 0 from a place to itself and symmetric', () => {
    expect(milesBetween(DOWNTOWN, DOWNTOWN)).toBe(0);
    expect(milesBetween(DOWNTOWN, THE_WOODLANDS)).toBeCloseTo(milesBetween(THE_WOODLANDS, DOWNTOWN), 9);
  });

  it('gives known distances: Downtown to The Woodlands about 28 mi, one degree of latitude about 69 mi', () => {
    expect(milesBetween(DOWNTOWN, THE_WOODLANDS)).toBeCloseTo(28.3, 0);
    expect(milesBetween({ lat: 29, lng: -95 }, { lat: 30, lng: -95 })).toBeCloseTo(69.1, 1);
    // A degree of longitude shrinks with the cosine of the latitude (about 60 mi at Houston's 30° N).
    expect(milesBetween({ lat: 30, lng: -96 }, { lat: 30, lng: -95 })).toBeCloseTo(59.8, 1);
  });
});

describe('driveMinutes', () => {
  it('applies the road factor and the speed bands, rounded up to 5 minutes', () => {
    // 1 mi straight = 1.3 road miles at 30 mph = 2.6 min: at least 5.
    expect(driveMinutes(1)).toBe(5);
    // 10 mi straight = 13 road miles: 5 at 30 mph (10 min) + 8 at 40 mph (12 min) = 22 → 25.
    expect(driveMinutes(10)).toBe(25);
    // 30 mi straight = 39 road miles: 10 + 15 (10 at 40) + 18 (15 at 50) + 9 (9 at 60) = 52 → 55.
    expect(driveMinutes(30)).toBe(55);
    // Exactly on a multiple of 5: 5 mi straight = 6.5 road miles: 10 + 2.25 = 12.25 → 15; 25 min stays 25.
    expect(driveMinutes(5)).toBe(15);
    expect(driveMinutes(15 / 1.3)).toBe(25);
    expect(driveMinutes(0)).toBe(5);
  });

  it('never gives a longer trip a shorter time, and always a multiple of 5', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 150, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (a, more) => {
          expect(driveMinutes(a + more)).toBeGreaterThanOrEqual(driveMinutes(a));
          expect(driveMinutes(a) % 5).toBe(0);
        },
      ),
    );
  });
});

describe('commuteRows', () => {
  it('lists the six job centres in order with miles and minutes', () => {
    const rows = commuteRows({ lat: 29.5145, lng: -95.715 });
    expect(rows.map((row) => row.centre.name)).toEqual([
      'Downtown',
      'Texas Medical Center',
      'Energy Corridor',
      'Galleria',
      'The Woodlands',
      'Port/NASA',
    ]);
    expect(JOB_CENTRES).toHaveLength(6);
    for (const row of rows) {
      expect(row.miles).toBeGreaterThan(0);
      expect(row.minutes).toBe(driveMinutes(row.miles));
    }
  });

  it('finds the nearest job centre', () => {
    expect(nearestJobCentre({ lat: 30.17, lng: -95.47 }).centre.name).toBe('The Woodlands');
    expect(nearestJobCentre({ lat: 29.487, lng: -95.119 }).centre.name).toBe('Port/NASA');
    expect(nearestJobCentre(DOWNTOWN).miles).toBe(0);
  });
});

describe('formatting and links', () => {
  it('shows miles with one decimal', () => {
    expect(formatMiles(7.44)).toBe('7.4 mi');
    expect(formatMiles(28)).toBe('28.0 mi');
  });

  it('builds a maps directions URL to the position', () => {
    expect(directionsUrl({ lat: 29.5145, lng: -95.715 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=29.5145,-95.715',
    );
  });
});
