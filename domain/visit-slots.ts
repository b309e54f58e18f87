/**
 * Bookable visit dates and time slots from a community's sales-office hours.
 *
 * Time zones: every community is in the Houston area, so hours, dates and slots are wall-clock values in
 * America/Chicago (Central Time), whatever the visitor's device zone is. "Today" and "now" are therefore taken in
 * Chicago time (Intl with an explicit timeZone), a lead stores the Chicago date and start time as typed
 * ("2026-11-28", "10:00"), and only the calendar file turns them into UTC instants (zonedTimeToUtc), which keeps
 * daylight-saving changes correct without a time-zone library.
 */
import {
  DEFAULT_SALES_OFFICE_HOURS,
  WEEKDAY_KEYS,
  type SalesOfficeHours,
  type WeekdayKey,
} from './schemas/sales-office';

export const VISIT_TIME_ZONE = 'America/Chicago';
/** A visit's length: the slots are this far apart and the last one ends when the office closes. */
export const VISIT_LENGTH_MINUTES = 60;
/** How far ahead a visit can be booked, today included. */
export const BOOKING_WINDOW_DAYS = 14;
/** A slot today must start at least this long from now, so the office can prepare. */
export const MIN_NOTICE_MINUTES = 60;

export interface ZonedNow {
  /** "YYYY-MM-DD" in the zone. */
  date: string;
  /** Minutes since the zone's midnight. */
  minutes: number;
}

// One formatter per zone: making one costs about 60 µs, which a From/To filter over 50,000 leads paid per lead (3 s).
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

function zonedParts(instant: Date, timeZone: string): Record<string, number> {
  let clock = zoneClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneClocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(instant);
  const values: Record<string, number> = {};
  for (const part of parts) if (part.type !== 'literal') values[part.type] = Number(part.value);
  return values;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock date and time of an instant in a zone. */
export function zonedNow(instant: Date, timeZone: string = VISIT_TIME_ZONE): ZonedNow {
  const p = zonedParts(instant, timeZone);
  return { date: `${p.year}-${pad(p.month!)}-${pad(p.day!)}`, minutes: p.hour! * 60 + p.minute! };
}

/** "10:30" → 630. */
export const timeToMinutes = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};
/** 630 → "10:30". */
export const minutesToTime = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** A civil date plus some days ("2026-12-31" + 1 → "2027-01-01"); pure calendar arithmetic, no zone involved. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): WeekdayKey {
  const [year, month, day] = date.split('-').map(Number);
  return WEEKDAY_KEYS[new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay()]!;
}

/**
 * The start times on a date: every VISIT_LENGTH_MINUTES from opening while the visit ends by closing; on today's
 * date only those at least MIN_NOTICE_MINUTES away; none on a closed day or outside the booking window.
 */
export function slotsForDate(
  date: string,
  now: Date,
  hours: SalesOfficeHours = DEFAULT_SALES_OFFICE_HOURS,
  timeZone: string = VISIT_TIME_ZONE,
): string[] {
  const today = zonedNow(now, timeZone);
  if (date < today.date || date > addDays(today.date, BOOKING_WINDOW_DAYS - 1)) return [];
  const day = hours[weekdayOf(date)];
  if (!day) return [];
  const earliest = date === today.date ? today.minutes + MIN_NOTICE_MINUTES : 0;
  const slots: string[] = [];
  const close = timeToMinutes(day.close);
  for (let start = timeToMinutes(day.open); start + VISIT_LENGTH_MINUTES <= close; start += VISIT_LENGTH_MINUTES) {
    if (start >= earliest && (!inSpringGap(start) || wallTimeExists(date, start, timeZone))) {
      slots.push(minutesToTime(start));
    }
  }
  return slots;
}

/**
 * Why a requested visit time was not one the booking offered, in words for the staff, or '' when it was (or is not
 * a clock time). The lead is always kept: refusing it would strand the request on the visitor's phone. Judged as of
 * the visitor's send (a wrong phone clock, a direct call), then at arrival (a request that waited in an outbox past
 * its own time): the office has to call that visitor rather than expect them.
 */
export function visitTimeProblem(
  date: string,
  slot: string,
  sentAt: Date,
  arrivedAt: Date,
  hours: SalesOfficeHours = DEFAULT_SALES_OFFICE_HOURS,
): string {
  if (!/^\d{2}:\d{2}$/.test(slot)) return '';
  const asked = `The requested visit time (${formatVisitDate(date, { year: true })}, ${formatSlot(slot)} Central Time)`;
  const start = zonedTimeToUtc(date, slot).getTime();
  if (start <= sentAt.getTime()) return `${asked} had already passed when this was sent.`;
  if (!slotsForDate(date, sentAt, hours).includes(slot)) {
    return `${asked} was not one of the sales office's open visit times when this was sent.`;
  }
  if (start <= arrivedAt.getTime()) return `${asked} had passed by the time this request arrived.`;
  return '';
}

/**
 * Whether a wall-clock time happens on that date: 02:00-02:59 does not on the spring-forward Sunday (clocks go from
 * 01:59 to 03:00), so an office open overnight must not offer it (its calendar time would be the 01:00 slot's).
 */
const inSpringGap = (minutes: number) => minutes >= 120 && minutes < 180; // US zones skip 02:00-02:59, once a year

function wallTimeExists(date: string, minutes: number, timeZone: string): boolean {
  const back = zonedNow(zonedTimeToUtc(date, minutesToTime(minutes), timeZone), timeZone);
  return back.date === date && back.minutes === minutes;
}

/** The next BOOKING_WINDOW_DAYS dates (today first, in the zone) that still have at least one slot. */
export function bookableDates(
  now: Date,
  hours: SalesOfficeHours = DEFAULT_SALES_OFFICE_HOURS,
  timeZone: string = VISIT_TIME_ZONE,
): string[] {
  const today = zonedNow(now, timeZone).date;
  const dates: string[] = [];
  for (let offset = 0; offset < BOOKING_WINDOW_DAYS; offset++) {
    const date = addDays(today, offset);
    if (slotsForDate(date, now, hours, timeZone).length > 0) dates.push(date);
  }
  return dates;
}

/** The zone's offset from UTC at an instant, in milliseconds (Chicago: −6 h in winter, −5 h in summer). */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - (instant - (instant % 1000));
}

/** The instant a wall-clock date and time in a zone denotes ("2026-11-28", "10:00" → 16:00 UTC). */
export function zonedTimeToUtc(date: string, time: string, timeZone: string = VISIT_TIME_ZONE): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // The offset at the first guess can be the wrong side of a DST change; the second pass settles it.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** "14:00" → "2:00 PM". */
export function formatSlot(time: string): string {
  const minutes = timeToMinutes(time);
  const hours = Math.floor(minutes / 60);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${((hours + 11) % 12) + 1}:${pad(minutes % 60)} ${suffix}`;
}

/** "2026-11-28" → "Saturday, November 28". */
export function formatVisitDate(date: string, options: { year?: boolean } = {}): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(options.year ? { year: 'numeric' } : {}),
  }).format(new Date(Date.UTC(year!, month! - 1, day!)));
}
