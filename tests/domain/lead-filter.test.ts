/** The inbox's filter shared by the server and the browser: phone search by digits, and the inbox's order. */
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../domain/schemas/lead';
import { filterLeads } from '../../domain/schemas/lead-filter';

const lead = (id: string, overrides: Partial<Lead> = {}): Lead =>
  ({
    id,
    name: id,
    email: `${id}@example.com`,
    phone: '',
    message: '',
    notes: '',
    interest: 'buying',
    source: 'popup',
    status: 'NEW',
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  }) as Lead;

const ids = (leads: Lead[]) => leads.map((each) => each.id);

describe('filterLeads', () => {
  it('finds a phone typed in another format by its digits', () => {
    const leads = [lead('maria', { phone: '(713) 555-0199' }), lead('joe', { phone: '281.555.0100' })];
    for (const q of ['7135550199', '713-555-0199', '713.555.0199', '+1 713 555 0199', '555-0199', '(713) 555-0199']) {
      expect(ids(filterLeads(leads, { q })), q).toEqual(['maria']);
    }
    expect(ids(filterLeads(leads, { q: '555' }))).toEqual(['joe', 'maria']); // same time: newest stored first
    // Fewer than 3 digits, or digits within words, stay a plain text match.
    expect(ids(filterLeads(leads, { q: '3-5' }))).toEqual([]);
    expect(ids(filterLeads(leads, { q: 'Suite 7135' }))).toEqual([]);
  });

  it('lists newest first by when the visitor sent it, the inbox order, not by when the server stored it', () => {
    const leads = [
      lead('sent-first-stored-last', {
        submittedAt: '2026-11-18T15:00:00.000Z',
        createdAt: '2026-11-21T09:00:00.000Z',
      }),
      lead('sent-last', { submittedAt: '2026-11-20T15:00:00.000Z', createdAt: '2026-11-20T15:00:01.000Z' }),
      lead('no-submitted-at', { createdAt: '2026-11-19T15:00:00.000Z' }),
    ];
    expect(ids(filterLeads(leads, {}))).toEqual(['sent-last', 'no-submitted-at', 'sent-first-stored-last']);
  });

  it('orders by instant within a second, whether or not a time was sent with milliseconds', () => {
    const leads = [
      lead('at-10s', { submittedAt: '2026-11-20T15:00:10Z' }),
      lead('at-10.5s', { submittedAt: '2026-11-20T15:00:10.500Z' }),
      lead('at-9.9s', { submittedAt: '2026-11-20T15:00:09.900Z' }),
    ];
    expect(ids(filterLeads(leads, {}))).toEqual(['at-10.5s', 'at-10s', 'at-9.9s']);
  });
});
