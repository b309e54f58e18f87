import { describe, expect, it } from 'vitest';
import { DEFAULT_SALES_OFFICE_HOURS, type SalesOfficeHours } from '../../domain/schemas/sales-office';
import {
  addDays,
  bookableDates,
  formatSlot,
  formatVisitDate,
  slotsForDate,
  visitTimeProblem,
  weekdayOf,
  zonedNow,
  zonedTimeToUtc,
} from '../../domain/visit-slots';

const hours: SalesOfficeHours = {
  ...DEFAULT_SALES_OFFICE_HOURS,
  sun: null,
  mon: { open: '09:30', close: '12:30' },
  sat: { open: '10:00', close: '17:00' },
};

describe('zoned time (America/Chicago)', () => {
  it('today and the time of day are Chicago wall time, not UTC', () => {
    // 03:30 UTC on Nov 22 is still 21:30 on Nov 21 in Chicago (CST, UTC−6).
    expect(zonedNow(new Date('2026-11-22T03:30:00Z'))).toEqual({ date: '2026-11-21', minutes: 21 * 60 + 30 });
    // Summer: CDT, UTC−5.
    expect(zonedNow(new Date('2026-07-04T15:05:00Z'))).toEqual({ date: '2026-07-04', minutes: 10 * 60 + 5 });
  });

  it('wall time to UTC follows daylight saving time', () => {
    expect(zonedTimeToUtc('2026-11-28', '10:00').toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(zonedTimeToUtc('2026-07-01', '10:00').toISOString()).toBe('2026-07-01T15:00:00.000Z');
    // The days DST starts (Mar 8) and ends (Nov 1) in 2026.
    expect(zonedTimeToUtc('2026-03-08', '10:00').toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(zonedTimeToUtc('2026-11-01', '10:00').toISOString()).toBe('2026-11-01T16:00:00.000Z');
  });

  it('calendar arithmetic crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(weekdayOf('2026-11-28')).toBe('sat');
    expect(weekdayOf('2026-11-29')).toBe('sun');
  });
});

describe('slotsForDate', () => {
  const mondayMorning = new Date('2026-11-23T12:00:00Z'); // Monday Nov 23, 06:00 in Chicago

  it('hourly starts from opening, the last one ending by closing', () => {
    expect(slotsForDate('2026-11-28', mondayMorning, hours)).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    // 09:30–12:30: 09:30, 10:30, 11:30 (11:30 ends at 12:30).
    expect(slotsForDate('2026-11-30', mondayMorning, hours)).toEqual(['09:30', '10:30', '11:30']);
  });

  it('none on a closed day', () => {
    expect(slotsForDate('2026-11-29', mondayMorning, hours)).toEqual([]);
  });

  it('today: only slots at least an hour from now (Chicago time)', () => {
    // Monday 10:15 in Chicago (16:15 UTC): 09:30 and 10:30 are too soon, 11:30 is the first.
    const now = new Date('2026-11-23T16:15:00Z');
    expect(slotsForDate('2026-11-23', now, hours)).toEqual(['11:30']);
    // 10:31: nothing left today.
    expect(slotsForDate('2026-11-23', new Date('2026-11-23T16:31:00Z'), hours)).toEqual([]);
  });

  it('none in the past or beyond 14 days', () => {
    expect(slotsForDate('2026-11-21', mondayMorning, hours)).toEqual([]);
    expect(slotsForDate('2026-12-06', mondayMorning, DEFAULT_SALES_OFFICE_HOURS)).not.toEqual([]); // day 14
    expect(slotsForDate('2026-12-07', mondayMorning, DEFAULT_SALES_OFFICE_HOURS)).toEqual([]); // day 15
  });
});

describe('bookableDates', () => {
  it('the next 14 days from today in Chicago, skipping closed days', () => {
    const dates = bookableDates(new Date('2026-11-23T12:00:00Z'), hours);
    expect(dates[0]).toBe('2026-11-23');
    expect(dates.at(-1)).toBe('2026-12-05'); // Dec 6 is the 14th day but a Sunday (closed)
    expect(dates).not.toContain('2026-11-29');
    expect(dates).not.toContain('2026-12-06');
    expect(dates).toHaveLength(12);
  });

  it('starts tomorrow once today has no slot left, and at Chicago midnight, not UTC midnight', () => {
    // Sunday Nov 22, 23:30 in Chicago = 05:30 UTC Monday.
    expect(bookableDates(new Date('2026-11-23T05:30:00Z'), DEFAULT_SALES_OFFICE_HOURS)[0]).toBe('2026-11-23');
    // Monday Nov 23, 17:30 in Chicago: the 17:00 slot (ends 18:00) is under an hour away.
    expect(bookableDates(new Date('2026-11-23T23:30:00Z'), DEFAULT_SALES_OFFICE_HOURS)[0]).toBe('2026-11-24');
  });
});

describe('labels', () => {
  it('12-hour slot labels and long dates', () => {
    expect(formatSlot('09:30')).toBe('9:30 AM');
    expect(formatSlot('12:00')).toBe('12:00 PM');
    expect(formatSlot('00:00')).toBe('12:00 AM');
    expect(formatSlot('17:00')).toBe('5:00 PM');
    expect(formatVisitDate('2026-11-28')).toBe('Saturday, November 28');
    expect(formatVisitDate('2026-11-28', { year: true })).toBe('Saturday, November 28, 2026');
  });
});

describe('a time the booking would not offer (DST and requests checked on arrival)', () => {
  const allDay: SalesOfficeHours = Object.fromEntries(
    Object.keys(DEFAULT_SALES_OFFICE_HOURS).map((day) => [day, { open: '00:00', close: '23:59' }]),
  ) as SalesOfficeHours;

  it('offers no 02:00 slot on the spring-forward Sundays (that hour does not happen), and one on the fall-back one', () => {
    expect(slotsForDate('2026-03-08', new Date('2026-03-01T12:00:00Z'), allDay).slice(0, 3)).toEqual([
      '00:00',
      '01:00',
      '03:00',
    ]);
    expect(slotsForDate('2027-03-14', new Date('2027-03-08T12:00:00Z'), allDay)).not.toContain('02:00');
    expect(slotsForDate('2026-11-01', new Date('2026-10-25T12:00:00Z'), allDay).slice(0, 3)).toEqual([
      '00:00',
      '01:00',
      '02:00',
    ]);
  });

  // Saturday 2026-11-28, 17:00 Central (23:00 UTC); default hours: Saturday 10-18, Sunday 12-18.
  const sentAt = new Date('2026-11-28T23:00:00Z');
  it('says nothing of a slot the booking offered, even when it arrives later (before its time)', () => {
    expect(visitTimeProblem('2026-11-30', '10:00', sentAt, new Date('2026-11-29T20:00:00Z'))).toBe('');
    expect(visitTimeProblem('2026-11-30', 'morning', sentAt, sentAt)).toBe('');
  });

  it('names a time already past when sent, one the office does not offer, and one that passed before arrival', () => {
    expect(visitTimeProblem('2026-11-28', '10:00', sentAt, sentAt)).toBe(
      'The requested visit time (Saturday, November 28, 2026, 10:00 AM Central Time) had already passed when this was sent.',
    );
    expect(visitTimeProblem('2026-11-29', '09:00', sentAt, sentAt)).toBe(
      "The requested visit time (Sunday, November 29, 2026, 9:00 AM Central Time) was not one of the sales office's open visit times when this was sent.",
    );
    expect(visitTimeProblem('2027-01-30', '10:00', sentAt, sentAt)).toContain('was not one of');
    expect(visitTimeProblem('2026-11-29', '12:00', sentAt, new Date('2026-11-30T15:00:00Z'))).toBe(
      'The requested visit time (Sunday, November 29, 2026, 12:00 PM Central Time) had passed by the time this request arrived.',
    );
  });
});
