import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/messages';
import { buildCalendarFile } from './ics';
import { validateVisit, VISIT_MESSAGES, visitCalendarEvent, visitMessage, type VisitValues } from './visit-request';

const values: VisitValues = {
  visitType: 'in-person',
  date: '2026-11-28',
  slot: '10:00',
  name: 'Avery Tester',
  email: 'avery@example.com',
  phone: '(713) 555-0199',
  consent: true,
};
const place = { communityName: 'Austin Point', communityLocation: 'Fort Bend County, TX' };

describe('validateVisit', () => {
  it('accepts a complete request', () => expect(validateVisit(values, ['10:00', '11:00'])).toEqual({}));

  it('names every missing field', () => {
    const errors = validateVisit({ ...values, date: '', slot: '', name: ' ', email: '', phone: '', consent: false }, [
      '10:00',
    ]);
    expect(errors).toEqual({
      date: VISIT_MESSAGES.dateRequired,
      slot: VISIT_MESSAGES.slotRequired,
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailRequired,
      phone: VISIT_MESSAGES.phoneRequired,
      consent: VISIT_MESSAGES.consentRequired,
    });
  });

  it('refuses a slot the chosen date does not offer and a malformed email', () => {
    expect(validateVisit({ ...values, slot: '08:00', email: 'nope' }, ['10:00'])).toEqual({
      slot: VISIT_MESSAGES.slotRequired,
      email: MESSAGES.emailInvalid,
    });
  });
});

describe('visitMessage', () => {
  it('says what, where, when and records the consent', () => {
    expect(visitMessage(values, place, 'Houston Homes')).toBe(
      'Visit request (in person): Austin Point, Saturday, November 28, 2026 at 10:00 AM Central Time.\n' +
        'The visitor agreed that Houston Homes may contact them about this visit.',
    );
  });

  it('names the home for a listing tour', () => {
    const message = visitMessage(
      { ...values, visitType: 'video', slot: '14:00' },
      { ...place, listing: { title: 'The Magnolia', address: '12 Oak St, Rosenberg, TX' } },
      'Houston Homes',
    );
    expect(message).toContain('Visit request (video call): The Magnolia (Austin Point), ');
    expect(message).toContain('at 2:00 PM Central Time');
    expect(message).toContain('Home: 12 Oak St, Rosenberg, TX');
  });
});

describe('visitCalendarEvent', () => {
  const now = new Date('2026-11-21T22:40:00Z');

  it('starts at the slot in Central Time (UTC−6 in November) and lasts an hour', () => {
    const event = visitCalendarEvent(values, place, 'lead-1', 'homes.example', 'https://homes.example/c', now);
    expect(event.start.toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(event.uid).toBe('lead-1@homes.example');
    expect(event.location).toBe('Austin Point, Fort Bend County, TX');
    expect(buildCalendarFile(event)).toContain('DTSTART:20261128T160000Z\r\n');
  });

  it('summer dates use UTC−5, video visits have no street location', () => {
    const event = visitCalendarEvent(
      { visitType: 'video', date: '2027-06-05', slot: '15:00' },
      place,
      'lead-2',
      'homes.example',
      'https://homes.example/c',
      now,
    );
    expect(event.start.toISOString()).toBe('2027-06-05T20:00:00.000Z');
    expect(event.summary).toBe('Video tour: Austin Point');
    expect(event.location).toMatch(/^Video call/);
  });
});
