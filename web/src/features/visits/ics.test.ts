import { describe, expect, it } from 'vitest';
import { buildCalendarFile, calendarFileName, escapeText, foldLine, icsDateTime } from './ics';

const event = {
  uid: '2f0c7a5e-1111-4222-8333-944445555666@homes.example',
  start: new Date('2026-11-28T16:00:00Z'),
  end: new Date('2026-11-28T17:00:00Z'),
  stamp: new Date('2026-11-21T22:40:05.123Z'),
  summary: 'Visit: Austin Point, in person',
  description: 'Sales office visit; bring questions.\nAsk for the price sheet, floor plans',
  location: 'Austin Point, Fort Bend County, TX',
};

/** Unfolds (RFC 5545 §3.1) and splits into content lines. */
const unfold = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

describe('buildCalendarFile', () => {
  const file = buildCalendarFile(event);

  it('uses CRLF line endings only, and ends with one', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has the calendar and event envelope with the required properties', () => {
    const lines = unfold(file);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('END:VEVENT');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.some((line) => line.startsWith('PRODID:'))).toBe(true);
    expect(lines).toContain(`UID:${event.uid}`);
  });

  it('writes DTSTAMP, DTSTART and DTEND in UTC without milliseconds', () => {
    const lines = unfold(file);
    expect(lines).toContain('DTSTAMP:20261121T224005Z');
    expect(lines).toContain('DTSTART:20261128T160000Z');
    expect(lines).toContain('DTEND:20261128T170000Z');
  });

  it('escapes text values', () => {
    const lines = unfold(file);
    expect(lines).toContain('SUMMARY:Visit: Austin Point\\, in person');
    expect(lines).toContain(
      'DESCRIPTION:Sales office visit\\; bring questions.\\nAsk for the price sheet\\, floor plans',
    );
    expect(lines).toContain('LOCATION:Austin Point\\, Fort Bend County\\, TX');
  });

  it('folds every line to at most 75 octets', () => {
    const long = buildCalendarFile({ ...event, description: 'Très long détail — '.repeat(20) });
    const encoder = new TextEncoder();
    for (const line of long.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(unfold(long).find((line) => line.startsWith('DESCRIPTION:'))).toBe(
      `DESCRIPTION:${'Très long détail — '.repeat(20)}`,
    );
  });
});

describe('pieces', () => {
  it('icsDateTime', () => expect(icsDateTime(new Date('2027-01-02T03:04:05.999Z'))).toBe('20270102T030405Z'));

  it('escapeText escapes the backslash first', () => expect(escapeText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne'));

  it('foldLine never splits a multi-byte character and indents continuations with one space', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(80)}`);
    const [first, ...rest] = folded.split('\r\n');
    expect(new TextEncoder().encode(first).length).toBeLessThanOrEqual(75);
    for (const line of rest) expect(line.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(80)}`);
    expect(folded).not.toContain('\uFFFD');
  });

  it('short lines are left alone', () => expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0'));

  it('calendarFileName', () => {
    expect(calendarFileName('Austin Point', '2026-11-28')).toBe('visit-austin-point-2026-11-28.ics');
    expect(calendarFileName('Émberly / Phase 2', '2026-11-28')).toBe('visit-emberly-phase-2-2026-11-28.ics');
  });
});
