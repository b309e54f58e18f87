/** A lead edit queued offline shows as the server will record it: fields, and timeline entries marked waiting. */
import { describe, expect, it } from 'vitest';
import type { Lead } from '@domain/schemas/lead';
import type { OutboxEntry } from '../../outbox-entry';
import { queuedLeadEdit, type ShownLeadEvent } from './lead-view';
import { applyQueuedChanges } from './local-view';

const ME = { id: 'admin-1', email: 'ana@example.com' };
const OWNERS = new Map([['admin-2', 'ben@example.com']]);
const edit = queuedLeadEdit(ME, (id) => OWNERS.get(id));

const lead = {
  id: 'lead-1',
  version: 4,
  name: 'Maria',
  email: 'maria@example.com',
  phone: '',
  message: 'Hello',
  interest: 'general',
  status: 'NEW',
  notes: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  timeline: [
    { at: '2026-11-21T10:00:00.000Z', actorId: 'admin-2', actorEmail: 'ben@example.com', kind: 'note', text: 'Old' },
  ],
} as Lead;

let sequence = 0;
function patch(payload: unknown, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  sequence += 1;
  return {
    id: `e${sequence}`,
    entity: 'contacts',
    op: 'patch',
    entityId: 'lead-1',
    method: 'PATCH',
    path: 'contacts/lead-1',
    payload,
    createdAt: Date.parse('2026-11-25T15:00:00.000Z') + sequence,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    ...overrides,
  } as OutboxEntry;
}

const view = (entries: OutboxEntry[]) =>
  applyQueuedChanges([lead], entries, 'contacts', new Date(), edit).records[0] as Lead;

describe('queued lead edits', () => {
  it('shows a queued note and owner change on the timeline, by the signed-in admin, marked waiting', () => {
    const shown = view([patch({ ownerId: 'admin-2' }), patch({ note: 'Call Friday' })]);
    expect(shown.ownerId).toBe('admin-2');
    const timeline = shown.timeline as ShownLeadEvent[];
    expect(timeline.map(({ kind, text, actorEmail, waiting }) => ({ kind, text, actorEmail, waiting }))).toEqual([
      { kind: 'note', text: 'Old', actorEmail: 'ben@example.com', waiting: undefined },
      { kind: 'owner', text: 'Assigned to ben@example.com', actorEmail: ME.email, waiting: true },
      { kind: 'note', text: 'Call Friday', actorEmail: ME.email, waiting: true },
    ]);
    // The entry carries the time it was queued, not the time the list was read.
    expect(timeline[2]!.at.startsWith('2026-11-25T15:00:00')).toBe(true);
    // A note is not a field of the lead.
    expect(shown).not.toHaveProperty('note');
    expect(shown.version).toBe(4);
  });

  it('logs a queued action and status change as the server words them', () => {
    const shown = view([patch({ status: 'APPOINTMENT', activity: { kind: 'visit-confirmed' } })]);
    expect(shown.status).toBe('APPOINTMENT');
    expect((shown.timeline ?? []).slice(1).map((event) => event.text)).toEqual(['NEW → APPOINTMENT', 'Visit confirmed']);
  });

  it('leaves the lead as it is for a payload the server would refuse, and for parked entries', () => {
    expect(view([patch({ note: '   ' })])).toEqual(lead);
    expect(view([patch({ note: 'Parked' }, { state: 'conflict' })])).toEqual(lead);
  });
});
