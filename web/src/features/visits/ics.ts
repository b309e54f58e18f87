/**
 * An iCalendar file (RFC 5545) for a booked visit, so the visitor can add it to their calendar. Times are written
 * in UTC ("…Z"): a TZID would need a VTIMEZONE block describing Central Time's DST rules, and UTC is read
 * correctly by every calendar app, which shows the visit in the device's own zone.
 */
import { saveFile } from '@/utils/download';

export interface CalendarEvent {
  /** Globally unique and stable (the lead id @ the site's host), so a second import updates, not duplicates. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines longer than 75 octets are folded. */
const MAX_LINE_OCTETS = 75;

/** 2026-11-28T16:00:00.000Z → 20261128T160000Z (RFC 5545 §3.3.5, form #2: UTC). */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT values (§3.3.11): backslash, semicolon and comma are escaped, line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (§3.1): the continuation lines start with one space. Splits between
 * characters, never inside a UTF-8 sequence, so names with accents or emoji stay intact.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; continuation lines 74 plus their leading space.
    const limit = chunks.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      chunks.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  chunks.push(current);
  return chunks.join(`${CRLF} `);
}

export function buildCalendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Houston New Home Communities//Visit booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    // A URI value, not TEXT: it is not escaped (§3.3.13).
    ...(event.url ? [`URL:${event.url}`] : []),
    'STATUS:TENTATIVE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name safe on every system: "visit-austin-point-2026-11-28.ics". */
export function calendarFileName(label: string, date: string): string {
  const slug = label
    .normalize('NFKD')
    // NFKD splits "é" into "e" and a combining accent; the accent goes, the letter stays.
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `visit-${slug || 'home'}-${date}.ics`;
}

/** Offers the file as a download. */
export function downloadCalendarFile(content: string, fileName: string): void {
  saveFile(new Blob([content], { type: 'text/calendar;charset=utf-8' }), fileName);
}
