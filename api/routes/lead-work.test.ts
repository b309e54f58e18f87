/**
 * Working a lead (issue 18): owner, next step, notes and actions on a timeline the server writes, the owner and
 * overdue filters, the day's counts and the CSV columns.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactBody, createTestApp, type TestApp } from '../../tests/support/api';
import { LEAD_OWNER_INVALID } from './contacts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

async function newLead(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/public/contacts', json: contactBody(overrides) });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

const patch = (id: string, json: unknown, token = t.adminToken, headers: Record<string, string> = {}) =>
  t.request({ method: 'PATCH', url: `/api/contacts/${id}`, token, json, headers });

describe('lead work', () => {
  it('assigns an owner, sets the next step, adds a note and logs an action, each on the timeline by its author', async () => {
    const id = await newLead();
    const assigned = await patch(id, { ownerId: t.admin.id, status: 'CONTACTED' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ ownerId: t.admin.id, status: 'CONTACTED' });

    await patch(id, { nextStepAt: '2026-12-01', nextStep: 'Call back about the Magnolia' });
    await patch(id, { note: 'Prefers a one-story plan.' }, t.superToken);
    const logged = await patch(id, { activity: { kind: 'visit-confirmed' } });
    const timeline = logged.json().timeline as { kind: string; text: string; actorEmail: string; at: string }[];
    expect(timeline.map(({ kind, text, actorEmail }) => ({ kind, text, actorEmail }))).toEqual([
      { kind: 'status', text: 'NEW → CONTACTED', actorEmail: t.admin.email },
      { kind: 'owner', text: `Assigned to ${t.admin.email}`, actorEmail: t.admin.email },
      { kind: 'next-step', text: 'Call back about the Magnolia by 2026-12-01', actorEmail: t.admin.email },
      { kind: 'note', text: 'Prefers a one-story plan.', actorEmail: t.superAdmin.email },
      { kind: 'visit-confirmed', text: 'Visit confirmed', actorEmail: t.admin.email },
    ]);
    for (const entry of timeline) expect(Date.parse(entry.at)).not.toBeNaN();
    // The legacy notes box is untouched by a timeline note.
    expect(logged.json().notes).toBe('');
  });

  it('refuses an owner who is not an active admin, and an empty note, changing nothing', async () => {
    const id = await newLead();
    const before = await t.storage.get('contacts', id);
    const unknown = await patch(id, { ownerId: 'no-such-admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'ownerId', message: LEAD_OWNER_INVALID }]);
    await t.storage.transact((tx) => tx.update('adminUsers', t.admin.id, { isActive: false }));
    expect((await patch(id, { ownerId: t.admin.id }, t.superToken)).statusCode).toBe(400);
    expect((await patch(id, { note: '   ' }, t.superToken)).statusCode).toBe(400);
    expect(await t.storage.get('contacts', id)).toEqual(before);
  });

  it('a write from a stale copy (If-Match) is refused with 412 and adds nothing to the timeline', async () => {
    const id = await newLead();
    expect((await patch(id, { note: 'First.' })).statusCode).toBe(200);
    const stale = await patch(id, { note: 'From an old copy.' }, t.adminToken, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    const stored = await t.storage.get('contacts', id);
    expect(stored!.timeline!.map((entry) => entry.text)).toEqual(['First.']);
  });

  it('filters by owner (me, unassigned, an id) and overdue next steps, and counts unassigned and overdue leads', async () => {
    const mine = await newLead({ name: 'Mine', email: 'mine@example.com' });
    const theirs = await newLead({ name: 'Theirs', email: 'theirs@example.com' });
    const nobody = await newLead({ name: 'Nobody', email: 'nobody@example.com' });
    const closed = await newLead({ name: 'Closed', email: 'closed@example.com' });
    await patch(mine, { ownerId: t.admin.id, nextStepAt: '2020-01-01' });
    await patch(theirs, { ownerId: t.superAdmin.id, nextStepAt: '2999-01-01' });
    await patch(closed, { status: 'CLOSED_WON', nextStepAt: '2020-01-01' });

    const names = async (query: string, token = t.adminToken) =>
      ((await t.request({ method: 'GET', url: `/api/contacts?${query}`, token })).json() as { name: string }[])
        .map((lead) => lead.name)
        .sort();
    expect(await names('owner=me')).toEqual(['Mine']);
    expect(await names('owner=me', t.superToken)).toEqual(['Theirs']);
    // Unassigned: the open leads the unassigned count counts (a closed lead needs no owner).
    expect(await names('owner=unassigned')).toEqual(['Nobody']);
    expect(await names(`owner=${t.superAdmin.id}`)).toEqual(['Theirs']);
    // Overdue: open leads only (the closed one's old date does not count).
    expect(await names('overdue=true')).toEqual(['Mine']);

    const counts = (await t.request({ method: 'GET', url: '/api/contacts/counts', token: t.adminToken })).json();
    expect(counts).toMatchObject({ total: 4, unassigned: 1, overdue: 1 });
    expect(nobody).toBeTruthy();
  });

  it('exports the owner by email and the next step in the CSV', async () => {
    const id = await newLead({ name: 'Owned', email: 'owned@example.com' });
    await patch(id, { ownerId: t.admin.id, nextStepAt: '2026-12-02', nextStep: 'Send the price sheet' });
    const csv = (await t.request({ method: 'GET', url: '/api/contacts/export.csv', token: t.adminToken })).body;
    const [header, row] = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const cells = row!.split(',');
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell('owner')).toBe(t.admin.email);
    expect(cell('nextStepAt')).toBe('2026-12-02');
    expect(cell('nextStep')).toBe('Send the price sheet');
  });

  it('opens one lead by id whatever its status (a spam lead included), 404 for an unknown id', async () => {
    const id = await newLead({ name: 'Linked' });
    await patch(id, { status: 'SPAM' });
    const opened = await t.request({ method: 'GET', url: `/api/contacts/${id}`, token: t.adminToken });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id, name: 'Linked', status: 'SPAM' });
    const unknown = await t.request({
      method: 'GET',
      url: '/api/contacts/00000000-0000-4000-8000-000000000000',
      token: t.adminToken,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the active admins an ADMIN may choose as owner, with ids and emails only', async () => {
    await t.storage.transact((tx) => tx.update('adminUsers', t.superAdmin.id, { isActive: false }));
    const owners = await t.request({ method: 'GET', url: '/api/admin/owners', token: t.adminToken });
    expect(owners.statusCode).toBe(200);
    expect(owners.json()).toEqual([{ id: t.admin.id, email: t.admin.email }]);
  });
});
