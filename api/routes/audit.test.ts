/**
 * An audit log that reads (issue 18): every admin write's entry names its record and lists an update's changes
 * field by field (no bookkeeping fields, no secrets, values cut to size), and GET /api/audit filters by actor,
 * record kind and day range, for SUPER_ADMIN only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_MAX_CHANGES, AUDIT_MAX_VALUE_LENGTH, type AuditEntry, type AuditPage } from '../../domain';
import { communityBody, contactBody, createTestApp, listingBody, type TestApp } from '../../tests/support/api';
import { auditChanges } from '../http/audit-details';
import type { NewRecord } from '../storage/storage';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

async function auditPage(query = '', token = t.superToken): Promise<AuditPage> {
  const response = await t.request({ method: 'GET', url: `/api/audit${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditPage;
}

/** The newest entry of this action. */
async function latest(action: string): Promise<AuditEntry> {
  const entry = (await auditPage('?limit=500')).entries.find((candidate) => candidate.action === action);
  expect(entry, `no ${action} entry`).toBeDefined();
  return entry!;
}

async function createCommunity(overrides: Record<string, unknown> = {}, token = t.adminToken) {
  const response = await t.request({ method: 'POST', url: '/api/communities', token, json: communityBody(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string };
}

const put = (url: string, json: unknown, token = t.adminToken) => t.request({ method: 'PUT', url, token, json });

/** A line as written before names and changes were recorded. */
const legacyEntry = (overrides: Partial<NewRecord<AuditEntry>> = {}): NewRecord<AuditEntry> => ({
  at: '2025-03-10T12:00:00.000Z',
  actorId: t.admin.id,
  actorEmail: t.admin.email,
  action: 'community.update',
  entity: 'communities',
  entityId: 'old-community',
  ip: '127.0.0.1',
  outcome: 'success',
  ...overrides,
});

describe('audit entries name the record and list what changed', () => {
  it('an update keeps the new name and the before/after of each changed field, and nothing else', async () => {
    const community = await createCommunity({ name: 'Willow Bend' });
    const updated = await put(`/api/communities/${community.id}`, { name: 'Willow Bend North', totalHomes: 140 });
    expect(updated.statusCode).toBe(200);

    const entry = await latest('community.update');
    expect(entry).toMatchObject({ entityId: community.id, recordName: 'Willow Bend North' });
    // What changed, never the storage's bookkeeping (id, version, dates).
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Willow Bend', after: 'Willow Bend North' },
        { field: 'totalHomes', before: 120, after: 140 },
      ]),
    );
    for (const change of entry.changes!)
      expect(['version', 'updatedAt', 'createdAt', 'id']).not.toContain(change.field);
  });

  it('a create and a delete carry the name (the delete the name of what it deleted), without changes', async () => {
    const community = await createCommunity({ name: 'Cypress Creek Lakes' });
    expect(await latest('community.create')).toMatchObject({ recordName: 'Cypress Creek Lakes' });
    expect((await latest('community.create')).changes).toBeUndefined();

    const deleted = await t.request({ method: 'DELETE', url: `/api/communities/${community.id}`, token: t.adminToken });
    expect(deleted.statusCode).toBe(204);
    const entry = await latest('community.delete');
    expect(entry).toMatchObject({ entityId: community.id, recordName: 'Cypress Creek Lakes' });
    expect(entry.changes).toBeUndefined();
  });

  it("names listings by title, leads by name, admins by email and the settings 'Site settings'", async () => {
    const community = await createCommunity();
    const listing = await t.request({
      method: 'POST',
      url: '/api/listings',
      token: t.adminToken,
      json: listingBody(community.id, { title: 'The Azalea' }),
    });
    expect(listing.statusCode).toBe(201);
    expect(await latest('listing.create')).toMatchObject({ recordName: 'The Azalea' });

    const lead = await t.request({
      method: 'POST',
      url: '/api/contacts',
      token: t.adminToken,
      json: contactBody({ name: 'Ana Ruiz' }),
    });
    const leadId = lead.json().id as string;
    await t.request({
      method: 'PATCH',
      url: `/api/contacts/${leadId}`,
      token: t.adminToken,
      json: { status: 'CONTACTED' },
    });
    const leadUpdate = await latest('contact.update');
    expect(leadUpdate.recordName).toBe('Ana Ruiz');
    expect(leadUpdate.changes).toContainEqual({ field: 'status', before: 'NEW', after: 'CONTACTED' });

    const admin = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: 'new-agent@example.com', password: 'agent-password-1', role: 'ADMIN' },
    });
    expect(admin.statusCode).toBe(201);
    // A new account's entry names the role it was given; no other field of a create is listed.
    expect(await latest('admin-user.create')).toMatchObject({
      recordName: 'new-agent@example.com',
      changes: [{ field: 'role', before: null, after: 'ADMIN' }],
    });
    expect((await latest('listing.create')).changes).toBeUndefined();

    // The first save may create the settings record; the second is an update, compared field by field.
    const general = { siteName: 'Houston Homes', contactPhone: '(713) 555-0100' };
    expect((await put('/api/settings', { general }, t.superToken)).statusCode).toBe(200);
    await put('/api/settings', { general: { ...general, contactPhone: '(713) 555-0199' } }, t.superToken);
    const settings = await latest('settings.update');
    expect(settings.recordName).toBe('Site settings');
    expect(settings.changes).toEqual([
      { field: 'general.contactPhone', before: '(713) 555-0100', after: '(713) 555-0199' },
    ]);
  });

  it('never records a password hash, and cuts long values and long lists of changes to size', async () => {
    const changed = await t.request({
      method: 'POST',
      url: '/api/admin/change-password',
      token: t.adminToken,
      json: { currentPassword: 'staff-password-1', newPassword: 'staff-password-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const passwordChange = await latest('admin.change-password');
    expect(passwordChange.recordName).toBe(t.admin.email);
    expect(JSON.stringify(passwordChange)).not.toMatch(/passwordHash|\$argon|\$scrypt/);
    // An update of the admin's own record, not a new account: no role is recorded as granted, nor any change.
    expect(passwordChange.changes ?? []).toEqual([]);

    // The password change signed the admin out everywhere: the super admin writes the rest.
    const community = await createCommunity({ name: 'Long Story' }, t.superToken);
    const description = 'A'.repeat(5_000);
    const amenities = Array.from({ length: 60 }, (_, n) => `Amenity number ${n}`);
    await put(`/api/communities/${community.id}`, { description, amenities }, t.superToken);
    const entry = await latest('community.update');
    const byField = new Map(entry.changes!.map((change) => [change.field, change]));
    const after = byField.get('description')!.after as string;
    expect(after).toHaveLength(AUDIT_MAX_VALUE_LENGTH);
    expect(after.endsWith('…')).toBe(true);
    expect(String(byField.get('amenities')!.after).length).toBeLessThanOrEqual(AUDIT_MAX_VALUE_LENGTH);
    expect(Buffer.byteLength(JSON.stringify(entry))).toBeLessThan(2_000);
  });

  it(`lists at most ${AUDIT_MAX_CHANGES} changes and says how many more there were`, () => {
    const record = (offset: number) =>
      Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`field${String(n).padStart(2, '0')}`, n + offset]));
    const { changes, moreChanges } = auditChanges(record(0), record(1));
    expect(changes).toHaveLength(AUDIT_MAX_CHANGES);
    expect(changes![0]).toEqual({ field: 'field00', before: 0, after: 1 });
    expect(moreChanges).toBe(10);
    // A reordered object is no change; a secret-looking field never appears, even as changed.
    expect(auditChanges({ theme: { a: 1, b: 2 }, apiToken: 'x' }, { theme: { b: 2, a: 1 }, apiToken: 'y' })).toEqual({
      changes: [],
    });
  });

  it('old entries without a name or changes stay readable', async () => {
    await t.storage.transact((tx) => tx.insert('audit', legacyEntry()));
    const page = await auditPage('?entity=communities');
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ entityId: 'old-community', action: 'community.update' });
    expect(page.entries[0]!.recordName).toBeUndefined();
  });
});

describe('GET /api/audit filters', () => {
  it('filters by actor (id or email), record kind and day range, and counts only what matches', async () => {
    await t.storage.transact((tx) => {
      // Central days (CST, UTC−6): Jan 30 ends at 2026-01-31T06:00Z.
      tx.insert('audit', legacyEntry({ at: '2026-01-31T05:59:59.999Z', entityId: 'jan-30' }));
      tx.insert('audit', legacyEntry({ at: '2026-01-31T06:00:00.000Z', entityId: 'jan-31' }));
      tx.insert('audit', legacyEntry({ at: '2026-02-02T05:59:59.999Z', entityId: 'feb-01' }));
      tx.insert('audit', legacyEntry({ at: '2026-02-02T06:00:00.000Z', entityId: 'feb-02' }));
      tx.insert('audit', legacyEntry({ entity: 'listings', action: 'listing.update', entityId: 'listing' }));
      tx.insert('audit', legacyEntry({ actorId: t.superAdmin.id, actorEmail: t.superAdmin.email, entityId: 'super' }));
    });
    const ids = async (query: string) => {
      const page = await auditPage(query);
      expect(page.total).toBe(page.entries.length);
      return page.entries.map((entry) => entry.entityId);
    };

    // Inclusive on both days, Central days.
    expect(await ids('?from=2026-01-31&to=2026-02-01')).toEqual(['feb-01', 'jan-31']);
    expect(await ids('?entity=listings')).toEqual(['listing']);
    expect(await ids(`?actorId=${t.superAdmin.id}&entity=communities`)).toEqual(['super']);
    expect(await ids(`?actorId=${encodeURIComponent(t.superAdmin.email.toUpperCase())}`)).toEqual(['super']);
    expect(await ids(`?actorId=${t.admin.id}&entity=communities&from=2026-02-01`)).toEqual(['feb-02', 'feb-01']);
    expect(await ids('?actorId=nobody')).toEqual([]);

    // Paging counts the filtered entries.
    const firstPage = await auditPage(`?actorId=${t.admin.id}&limit=2`);
    expect(firstPage.total).toBe(5);
    expect(firstPage.entries.map((entry) => entry.entityId)).toEqual(['listing', 'feb-02']);
    // Every actor of the trail, for the "who" filter, whatever the filter.
    expect((await auditPage('?entity=listings')).actors).toEqual(
      expect.arrayContaining([
        { id: t.admin.id, email: t.admin.email },
        { id: t.superAdmin.id, email: t.superAdmin.email },
      ]),
    );
  });

  it('answers bad filters with 400 and a message that says what to send', async () => {
    const refused = async (query: string) => {
      const response = await t.request({ method: 'GET', url: `/api/audit${query}`, token: t.superToken });
      expect(response.statusCode, query).toBe(400);
      return (response.json() as { details: { path: string; message: string }[] }).details;
    };
    expect(await refused('?from=31-01-2026')).toEqual([{ path: 'from', message: 'Use a date such as 2026-01-31' }]);
    expect(await refused('?to=2026-02-30')).toEqual([{ path: 'to', message: 'Use a date such as 2026-01-31' }]);
    expect(await refused('?from=2026-02-02&to=2026-02-01')).toEqual([
      { path: 'to', message: 'The start date must be on or before the end date' },
    ]);
    const [kind] = await refused('?entity=users');
    expect(kind).toMatchObject({ path: 'entity' });
    expect(kind!.message).toMatch(/^Choose a record kind: communities, listings/);
  });

  it('is for SUPER_ADMIN only: an ADMIN gets 403, nobody signed in 401', async () => {
    expect((await t.request({ method: 'GET', url: '/api/audit', token: t.adminToken })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/audit?entity=communities' })).statusCode).toBe(401);
  });
});
