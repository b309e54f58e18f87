/** The dashboard's visits of today and tomorrow: Central Time days across midnight UTC and DST, order, labels. */
import { describe, expect, it } from 'vitest';
import type { Lead } from '@domain/schemas/lead';
import { upcomingVisits } from './upcoming-visits';

let sequence = 0;
function lead(overrides: Partial<Lead>): Lead {
  sequence += 1;
  return {
    id: `lead-${sequence}`,
    name: `Visitor ${sequence}`,
    email: `visitor${sequence}@example.com`,
    phone: '',
    message: 'I would like to visit.',
    interest: 'visit',
    status: 'NEW',
    notes: '',
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    ...overrides,
  } as Lead;
}

const NO_COMMUNITIES = new Map<string, string>();
const names = (visits: { name: string }[]) => visits.map((visit) => visit.name);

describe('upcomingVisits: today and tomorrow in Central Time', () => {
  const leads = [
    lead({ name: 'Friday', preferredDate: '2026-03-06', preferredSlot: '10:00' }),
    lead({ name: 'Saturday', preferredDate: '2026-03-07', preferredSlot: '10:00' }),
    lead({ name: 'Sunday', preferredDate: '2026-03-08', preferredSlot: '10:00' }),
  ];

  it('at 05:30 UTC it is still the evening before in Houston (CST, UTC−6)', () => {
    const visits = upcomingVisits(leads, new Date('2026-03-07T05:30:00Z'), NO_COMMUNITIES);
    expect(visits.today).toBe('2026-03-06');
    expect(visits.tomorrow).toBe('2026-03-07');
    expect(names(visits.todayVisits)).toEqual(['Friday']);
    expect(names(visits.tomorrowVisits)).toEqual(['Saturday']);
  });

  it('at 06:00 UTC the Houston day turns', () => {
    const before = upcomingVisits(leads, new Date('2026-03-07T05:59:59Z'), NO_COMMUNITIES);
    const after = upcomingVisits(leads, new Date('2026-03-07T06:00:00Z'), NO_COMMUNITIES);
    expect(names(before.todayVisits)).toEqual(['Friday']);
    expect(names(after.todayVisits)).toEqual(['Saturday']);
    expect(names(after.tomorrowVisits)).toEqual(['Sunday']);
  });

  it('after the spring change the day turns at 05:00 UTC (CDT, UTC−5)', () => {
    const monday = lead({ name: 'Monday', preferredDate: '2026-03-09', preferredSlot: '10:00' });
    const late = upcomingVisits([...leads, monday], new Date('2026-03-09T04:59:00Z'), NO_COMMUNITIES);
    expect(late.today).toBe('2026-03-08');
    expect(names(late.todayVisits)).toEqual(['Sunday']);
    const turned = upcomingVisits([...leads, monday], new Date('2026-03-09T05:00:00Z'), NO_COMMUNITIES);
    expect(turned.today).toBe('2026-03-09');
    expect(names(turned.todayVisits)).toEqual(['Monday']);
  });

  it('tomorrow crosses the year end', () => {
    const visits = upcomingVisits(
      [lead({ name: 'New Year', preferredDate: '2026-01-01' })],
      new Date('2026-01-01T03:00:00Z'),
      NO_COMMUNITIES,
    );
    expect(visits).toMatchObject({ today: '2025-12-31', tomorrow: '2026-01-01', todayVisits: [] });
    expect(names(visits.tomorrowVisits)).toEqual(['New Year']);
  });
});

describe('upcomingVisits: which leads, in which order, with what', () => {
  const now = new Date('2026-03-06T15:00:00Z');

  it('keeps open visit requests only (NEW, CONTACTED, APPOINTMENT)', () => {
    const visits = upcomingVisits(
      [
        lead({ name: 'New', preferredDate: '2026-03-06', preferredSlot: '09:00' }),
        lead({ name: 'Contacted', status: 'CONTACTED', preferredDate: '2026-03-06', preferredSlot: '10:00' }),
        lead({ name: 'Appointment', status: 'APPOINTMENT', preferredDate: '2026-03-06', preferredSlot: '11:00' }),
        lead({ name: 'Won', status: 'CLOSED_WON', preferredDate: '2026-03-06' }),
        lead({ name: 'Lost', status: 'CLOSED_LOST', preferredDate: '2026-03-06' }),
        lead({ name: 'Spam', status: 'SPAM', preferredDate: '2026-03-06' }),
        lead({ name: 'Buying', interest: 'buying', preferredDate: '2026-03-06' }),
        lead({ name: 'No date' }),
        lead({ name: 'Yesterday', preferredDate: '2026-03-05' }),
      ],
      now,
      NO_COMMUNITIES,
    );
    expect(names(visits.todayVisits)).toEqual(['New', 'Contacted', 'Appointment']);
    expect(visits.tomorrowVisits).toEqual([]);
  });

  it('orders by time (a part of the day at its usual start, no time last, then by name) and labels each slot', () => {
    const day = '2026-03-07';
    const visits = upcomingVisits(
      [
        lead({ name: 'Dana', preferredDate: day }),
        lead({ name: 'Eli', preferredDate: day, preferredSlot: '14:00' }),
        lead({ name: 'Finn', preferredDate: day, preferredSlot: 'evening' }),
        lead({ name: 'Bo', preferredDate: day, preferredSlot: '09:00' }),
        lead({ name: 'Ann', preferredDate: day, preferredSlot: '09:00' }),
        lead({ name: 'Cy', preferredDate: day, preferredSlot: 'morning' }),
        lead({ name: 'Gus', preferredDate: day, preferredSlot: 'afternoon' }),
      ],
      now,
      NO_COMMUNITIES,
    );
    expect(visits.tomorrowVisits.map((visit) => `${visit.name} ${visit.slotLabel}`)).toEqual([
      'Cy Morning',
      'Ann 9:00 AM',
      'Bo 9:00 AM',
      'Gus Afternoon',
      'Eli 2:00 PM',
      'Finn Evening',
      'Dana Any time',
    ]);
  });

  it("names the lead's community when it is known", () => {
    const communities = new Map([['c-1', 'Austin Point']]);
    const visits = upcomingVisits(
      [
        lead({ id: 'a', name: 'Known', preferredDate: '2026-03-06', preferredSlot: '10:00', communityId: 'c-1' }),
        lead({ id: 'b', name: 'Gone', preferredDate: '2026-03-06', preferredSlot: '11:00', communityId: 'c-9' }),
        lead({ id: 'c', name: 'None', preferredDate: '2026-03-06', preferredSlot: '12:00' }),
      ],
      now,
      communities,
    );
    expect(visits.todayVisits).toEqual([
      { id: 'a', name: 'Known', slotLabel: '10:00 AM', communityName: 'Austin Point' },
      { id: 'b', name: 'Gone', slotLabel: '11:00 AM', communityName: null },
      { id: 'c', name: 'None', slotLabel: '12:00 PM', communityName: null },
    ]);
  });
});
