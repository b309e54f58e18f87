/** Visitors' inquiries (public contact calls) and the admin lead routes. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadInputSchema, MESSAGES } from '../../domain';
import { bookableDates, slotsForDate } from '../../domain/visit-slots';
import { leadRecord } from '../leads/lead-intake';
import { communityBody, contactBody, createTestApp, type TestApp } from '../../tests/support/api';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

const post = (url: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, json, headers });

describe('public contact calls', () => {
  it.each(['/api/public/contacts', '/api/contact'])('%s stores a NEW lead and answers only its id', async (url) => {
    const response = await post(url, contactBody());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'submittedAt', 'success']);
    const stored = await t.storage.get('contacts', body.id);
    expect(stored).toMatchObject({ name: 'Maria Lopez', email: 'maria@example.com', status: 'NEW', notes: '' });
    expect(stored).not.toHaveProperty('fillTimeMs');
  });

  it('keeps a visit request for a time the booking would not offer, and says why on the lead; a real slot gets no note', async () => {
    const past = contactBody({
      source: 'visit',
      interest: 'visit',
      preferredDate: '2025-01-01',
      preferredSlot: '10:00',
    });
    const { id } = (await post('/api/public/contacts', past)).json();
    expect((await t.storage.get('contacts', id))!.notes).toBe(
      'The requested visit time (Wednesday, January 1, 2025, 10:00 AM Central Time) had already passed when this was sent.',
    );

    const now = new Date();
    const date = bookableDates(now).at(-1)!;
    const slot = slotsForDate(date, now)[0]!;
    const offered = contactBody({ source: 'visit', interest: 'visit', preferredDate: date, preferredSlot: slot });
    const stored = await t.storage.get('contacts', (await post('/api/public/contacts', offered)).json().id);
    expect(stored).toMatchObject({ preferredDate: date, preferredSlot: slot, notes: '' });
  });

  it("files a lead at its time on the server's clock when the device's clock is wrong, and keeps the age of a lead that waited offline", async () => {
    const day = 86_400_000;
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    const send = async (submittedAt: string, clientTime: string) =>
      (await t.storage.get(
        'contacts',
        (await post('/api/public/contacts', contactBody({ submittedAt }), { 'x-client-time': clientTime })).json().id,
      ))!.submittedAt!;
    // A phone 20 days slow: made 10 s before it was sent, by its own clock.
    const slow = Date.parse(await send(at(now - 20 * day - 10_000), at(now - 20 * day)));
    expect(Math.abs(slow - (now - 10_000))).toBeLessThan(5_000);
    // A phone whose clock is right, sending a lead it kept offline for 3 days: unchanged.
    const waited = at(now - 3 * day);
    expect(await send(waited, at(Date.now()))).toBe(waited);
    // A minute of drift is no correction; no clock reading at all, neither.
    const drift = at(now - 30_000);
    expect(await send(drift, at(Date.now() - 60_000))).toBe(drift);
    const plain = (await post('/api/public/contacts', contactBody({ submittedAt: drift }))).json().id;
    expect((await t.storage.get('contacts', plain))!.submittedAt).toBe(drift);
  });

  it('defaults the source by call: popup for /public/contacts, contact-page for /contact', async () => {
    const popup = (await post('/api/public/contacts', contactBody())).json();
    const page = (await post('/api/contact', contactBody())).json();
    expect((await t.storage.get('contacts', popup.id))!.source).toBe('popup');
    expect((await t.storage.get('contacts', page.id))!.source).toBe('contact-page');
  });

  it('keeps listing inquiry fields (listingId, listingTitle, submittedAt)', async () => {
    const submittedAt = '2026-11-20T15:00:00.000Z';
    const body = contactBody({ source: 'listing', listingId: 'abc', listingTitle: 'The Magnolia', submittedAt });
    const { id } = (await post('/api/public/contacts', body)).json();
    expect(await t.storage.get('contacts', id)).toMatchObject({
      listingId: 'abc',
      listingTitle: 'The Magnolia',
      submittedAt,
      source: 'listing',
    });
  });

  it.each([
    ['name missing', { name: '' }, 'name', MESSAGES.nameRequired],
    ['email missing', { email: '' }, 'email', MESSAGES.emailRequired],
    ['email malformed', { email: 'maria-at-example' }, 'email', MESSAGES.emailInvalid],
    ['message missing', { message: '  ' }, 'message', MESSAGES.messageRequired],
    ['unknown interest', { interest: 'lottery' }, 'interest', expect.any(String)],
  ])('refuses %s with the spec message and stores nothing', async (_case, overrides, path, message) => {
    const response = await post('/api/public/contacts', contactBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
    expect(await t.storage.count('contacts')).toBe(0);
  });

  it('accepts a missing phone (optional)', async () => {
    const { phone: _phone, ...withoutPhone } = contactBody();
    expect((await post('/api/public/contacts', withoutPhone)).statusCode).toBe(201);
  });

  it('files only the honeypot as SPAM; a quick fill is a visible flag on a NEW lead, never hidden', async () => {
    const honeypot = await post('/api/public/contacts', contactBody({ website: 'http://spam.example' }));
    const quick = await post('/api/public/contacts', contactBody({ name: 'Autofill Anna', fillTimeMs: 950 }));
    const unmeasured = await post('/api/contact', contactBody({ name: 'Api Client', fillTimeMs: undefined }));
    expect([honeypot.statusCode, quick.statusCode, unmeasured.statusCode]).toEqual([201, 201, 201]);
    const [spam, fast, plain] = await t.storage.list('contacts');
    expect(spam).toMatchObject({ status: 'SPAM', spamReason: 'honeypot field filled' });
    expect(fast).toMatchObject({ name: 'Autofill Anna', status: 'NEW', quickFillMs: 950 });
    expect(fast).not.toHaveProperty('spamReason');
    expect(plain).toMatchObject({ status: 'NEW' });
    expect(plain).not.toHaveProperty('quickFillMs');
    const inbox = (await t.request({ method: 'GET', url: '/api/contacts', token: t.adminToken })).json();
    expect(inbox.map((lead: { name: string }) => lead.name).sort()).toEqual(['Api Client', 'Autofill Anna']);
  });

  it('ignores the fields only the kiosk or staff may set, an implausible submittedAt and unknown records', async () => {
    const community = await t.storage.transact((tx) =>
      tx.insert('communities', {
        name: 'Intake Lakes',
        slug: 'intake-lakes',
        location: 'Katy, TX',
        description: 'A community for the intake test.',
      } as never),
    );
    const before = Date.now();
    const { id } = (
      await post(
        '/api/public/contacts',
        contactBody({
          source: 'open-house',
          consentText: 'I agree to anything',
          buyingTimeline: '0-3-months',
          workingWithAgent: false,
          openHouseDate: '2026-11-01',
          submittedAt: '1999-01-01T00:00:00.000Z',
          communityId: 'no-such-community',
        }),
      )
    ).json();
    const stored = (await t.storage.get('contacts', id))!;
    expect(stored.source).toBe('popup');
    for (const field of ['consentText', 'buyingTimeline', 'workingWithAgent', 'openHouseDate', 'communityId']) {
      expect(stored).not.toHaveProperty(field);
    }
    expect(Date.parse(stored.submittedAt!)).toBeGreaterThanOrEqual(before - 1000);

    // A known community named by its slug is kept, stored as its id.
    const bySlug = (await post('/api/contact', contactBody({ communityId: 'intake-lakes' }))).json();
    expect((await t.storage.get('contacts', bySlug.id))!.communityId).toBe(community.id);
  });

  it('does not let a visitor claim the staff-only source', async () => {
    const { id } = (await post('/api/public/contacts', contactBody({ source: 'admin' }))).json();
    expect((await t.storage.get('contacts', id))!.source).toBe('popup');
  });

  it('delivers an offline-queued inquiry once when the outbox sends it twice', async () => {
    const headers = { 'idempotency-key': 'outbox-entry-000001' };
    const first = await post('/api/public/contacts', contactBody(), headers);
    const retry = await post('/api/public/contacts', contactBody(), headers);
    expect(retry.json()).toEqual(first.json());
    expect(await t.storage.count('contacts')).toBe(1);
  });

  it('delivers it once when it comes again after its Idempotency-Key expired (another key, the same lead id)', async () => {
    const id = randomUUID();
    const first = await post('/api/public/contacts', contactBody({ id }), { 'idempotency-key': 'outbox-entry-000002' });
    const late = await post('/api/public/contacts', contactBody({ id }), { 'idempotency-key': 'outbox-entry-000003' });
    expect([first.statusCode, late.statusCode]).toEqual([201, 201]);
    expect(late.json()).toEqual(first.json());
    expect(await t.storage.count('contacts')).toBe(1);
  });

  it('keeps a lead whose form was open for weeks (a fill time of any length)', async () => {
    const response = await post('/api/public/contacts', contactBody({ fillTimeMs: 12 * 24 * 60 * 60 * 1000 }));
    expect(response.statusCode).toBe(201);
    expect(await t.storage.get('contacts', response.json().id)).toMatchObject({ status: 'NEW' });
  });

  it('rate-limits contact posts per IP with 429 and Retry-After', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { contactRateLimit: 3 } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post('/api/public/contacts', contactBody())).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const limited = await post('/api/public/contacts', contactBody());
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.storage.count('contacts')).toBe(3);
  });

  it('counts an IPv6 client by its /64: new addresses from the same network share one limit', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { contactRateLimit: 2 } });
    const from = (remoteAddress: string) =>
      t.request({ method: 'POST', url: '/api/public/contacts', json: contactBody(), remoteAddress });
    const statuses = [];
    for (const address of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff::c']) {
      statuses.push((await from(address)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await from('2001:db8:1:3::a')).statusCode, 'another /64 is another client').toBe(201);
  });

  it('counts a client against its limit before reading the body: past it, even a malformed body gets 429', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { contactRateLimit: 3 } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": oops',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('never lists contacts publicly', async () => {
    await post('/api/public/contacts', contactBody());
    expect((await t.request({ method: 'GET', url: '/api/public/contacts' })).statusCode).toBe(404);
  });
});

describe('admin lead routes', () => {
  async function seedLeads() {
    await post(
      '/api/public/contacts',
      contactBody({ name: 'Ann Early', email: 'ann@example.com', interest: 'buying' }),
    );
    await post(
      '/api/public/contacts',
      contactBody({ name: 'Bob Later', email: 'bob@example.com', interest: 'investment', source: 'listing' }),
    );
    await post('/api/public/contacts', contactBody({ name: 'Spammy', email: 'bot@example.com', website: 'x' }));
  }

  it('counts leads by status, so the inbox shows how many sit in Spam', async () => {
    await seedLeads();
    await post('/api/public/contacts', contactBody({ name: 'Bot Two', website: 'y' }));
    const counts = await t.request({ method: 'GET', url: '/api/contacts/counts', token: t.adminToken });
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toMatchObject({ total: 4, byStatus: { NEW: 2, SPAM: 2, CONTACTED: 0 } });
    expect((await t.request({ method: 'GET', url: '/api/contacts/counts' })).statusCode).toBe(401);
  });

  it('lets an admin mark a lead spam and not spam, each change audited', async () => {
    await seedLeads();
    const [lead] = (await t.request({ method: 'GET', url: '/api/contacts', token: t.adminToken })).json();
    for (const status of ['SPAM', 'NEW']) {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/contacts/${lead.id}`,
        token: t.adminToken,
        json: { status },
      });
      expect(response.json().status).toBe(status);
    }
    const audit = (await t.request({ method: 'GET', url: '/api/audit', token: t.superToken })).json();
    const entries = (audit.entries ?? audit).filter(
      (entry: { action: string; entityId?: string }) => entry.action === 'contact.update' && entry.entityId === lead.id,
    );
    expect(entries).toHaveLength(2);
  });

  it('lists leads newest first without spam, filters by status, interest, source and text', async () => {
    await seedLeads();
    const all = (await t.request({ method: 'GET', url: '/api/contacts', token: t.adminToken })).json();
    expect(all.map((lead: { name: string }) => lead.name)).toEqual(['Bob Later', 'Ann Early']);
    const spam = (await t.request({ method: 'GET', url: '/api/contacts?status=SPAM', token: t.adminToken })).json();
    expect(spam.map((lead: { name: string }) => lead.name)).toEqual(['Spammy']);
    const investors = (
      await t.request({ method: 'GET', url: '/api/contacts?interest=investment', token: t.adminToken })
    ).json();
    expect(investors).toHaveLength(1);
    const fromListings = (
      await t.request({ method: 'GET', url: '/api/contacts?source=listing', token: t.adminToken })
    ).json();
    expect(fromListings.map((lead: { name: string }) => lead.name)).toEqual(['Bob Later']);
    const search = (await t.request({ method: 'GET', url: '/api/contacts?q=ANN', token: t.adminToken })).json();
    expect(search.map((lead: { name: string }) => lead.name)).toEqual(['Ann Early']);
    const bad = await t.request({ method: 'GET', url: '/api/contacts?status=WHATEVER', token: t.adminToken });
    expect(bad.statusCode).toBe(400);
  });

  it('changes status and notes with PATCH, with version checks', async () => {
    const { id } = (await post('/api/public/contacts', contactBody())).json();
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      token: t.adminToken,
      json: { status: 'CONTACTED', notes: 'Called, visiting Sat.' },
    });
    expect(patched.json()).toMatchObject({ status: 'CONTACTED', notes: 'Called, visiting Sat.', version: 2 });
    const stale = await t.request({
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      token: t.adminToken,
      headers: { 'if-match': '"1"' },
      json: { status: 'APPOINTMENT' },
    });
    expect(stale.statusCode).toBe(412);
    const empty = await t.request({ method: 'PATCH', url: `/api/contacts/${id}`, token: t.adminToken, json: {} });
    expect(empty.statusCode).toBe(400);
    const badStatus = await t.request({
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      token: t.adminToken,
      json: { status: 'MAYBE' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect((await t.storage.get('contacts', id))!.status).toBe('CONTACTED');
  });

  it('filters From/To by the day the inbox shows: when the visitor sent it, in Central Time', async () => {
    const evening = randomUUID();
    const queuedOffline = randomUUID();
    await t.storage.transact((tx) => {
      // Sent at 8:30 pm in Houston on March 10 (01:30 UTC on March 11).
      tx.insert('contacts', {
        ...leadRecord(leadInputSchema.parse(contactBody({ id: evening, name: 'Evening' })), 'popup'),
        submittedAt: '2026-03-11T01:30:00.000Z',
      });
      // Typed offline on Saturday March 7, stored when it arrived days later.
      tx.insert('contacts', {
        ...leadRecord(leadInputSchema.parse(contactBody({ id: queuedOffline, name: 'Weekend' })), 'popup'),
        submittedAt: '2026-03-07T16:00:00.000Z',
      });
    });
    const names = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/contacts?${query}`, token: t.adminToken }))
        .json()
        .map((lead: { name: string }) => lead.name)
        .sort();
    expect(await names('from=2026-03-10&to=2026-03-10')).toEqual(['Evening']);
    expect(await names('from=2026-03-07&to=2026-03-07')).toEqual(['Weekend']);
    expect(await names('from=2026-03-01&to=2026-03-31')).toEqual(['Evening', 'Weekend']);
    expect(await names('from=2026-03-11')).toEqual([]);
  });

  it('exports the current filter as CSV with formula cells neutralised', async () => {
    await seedLeads();
    await post(
      '/api/public/contacts',
      contactBody({ name: '=HYPERLINK("http://evil.example")', email: 'eve@example.com' }),
    );
    const response = await t.request({
      method: 'GET',
      url: '/api/contacts/export.csv?interest=buying',
      token: t.adminToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toContain('receivedDay,receivedTime,receivedAt,createdAt,status,name,email');
    expect(lines).toHaveLength(3); // header, Ann, Eve (interest buying); Bob and the spam left out
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('exports when the visitor sent each lead, in Central Time, newest first, in a file named for the sales day', async () => {
    await t.storage.transact((tx) => {
      // Sent at 9 am on Nov 25 in Houston, stored first.
      tx.insert('contacts', {
        ...leadRecord(
          leadInputSchema.parse(contactBody({ name: 'Next Morning', email: 'morning@example.com' })),
          'popup',
        ),
        submittedAt: '2026-11-25T15:00:00.000Z',
      });
      // Sent the evening before (10:30 pm on Nov 24), stored after it when the phone came back online.
      tx.insert('contacts', {
        ...leadRecord(leadInputSchema.parse(contactBody({ name: 'Late Evening', email: 'late@example.com' })), 'popup'),
        submittedAt: '2026-11-25T04:30:00.000Z',
      });
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    // 8 pm on Nov 24 in Houston, already Nov 25 in UTC.
    vi.setSystemTime(new Date('2026-11-25T02:00:00.000Z'));
    let response;
    try {
      response = await t.request({
        method: 'GET',
        url: '/api/contacts/export.csv?from=2026-11-24&to=2026-11-25',
        token: t.adminToken,
      });
    } finally {
      vi.useRealTimers();
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="leads-2026-11-24.csv"');
    const [header, ...rows] = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const cells = rows.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
    expect(
      cells.map(({ name, receivedDay, receivedTime, receivedAt }) => ({ name, receivedDay, receivedTime, receivedAt })),
    ).toEqual([
      {
        name: 'Next Morning',
        receivedDay: '2026-11-25',
        receivedTime: '09:00',
        receivedAt: '2026-11-25T15:00:00.000Z',
      },
      {
        name: 'Late Evening',
        receivedDay: '2026-11-24',
        receivedTime: '22:30',
        receivedAt: '2026-11-25T04:30:00.000Z',
      },
    ]);
  });

  it('exports communities and listings by name, and the open-house answers and visit slot in their own columns', async () => {
    const { community, listing } = await t.storage.transact((tx) => {
      const community = tx.insert('communities', {
        ...communityBody({ name: 'Emberly, Katy' }),
        slug: 'emberly-katy',
      } as never) as { id: string };
      const listing = tx.insert('listings', { title: 'The Magnolia', communityId: community.id } as never) as {
        id: string;
      };
      tx.insert('contacts', {
        name: 'Kiosk Visitor',
        email: 'kiosk@example.com',
        message: 'Signed in at the open house.',
        interest: 'community',
        source: 'open-house',
        status: 'NEW',
        notes: '',
        communityId: community.id,
        openHouseDate: '2026-11-21',
        buyingTimeline: '3-6-months',
        workingWithAgent: false,
        consentText: 'I agree that Houston Homes may contact me.',
      } as never);
      tx.insert('contacts', {
        name: 'Tour Booker',
        email: 'tour@example.com',
        message: 'A tour, please.',
        interest: 'buying',
        source: 'visit',
        status: 'NEW',
        notes: '',
        communityId: community.id,
        listingId: listing.id,
        preferredDate: '2026-11-28',
        preferredSlot: 'morning',
      } as never);
      return { community, listing };
    });
    const response = await t.request({ method: 'GET', url: '/api/contacts/export.csv', token: t.adminToken });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const row = (email: string) => {
      const line = rows.find((candidate) => candidate.includes(email))!;
      // No cell of these two rows holds a comma inside quotes except the community name, which is quoted.
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
      return Object.fromEntries(columns.map((column, i) => [column, cells[i]]));
    };
    expect(row('kiosk@example.com')).toMatchObject({
      community: '"Emberly, Katy"',
      openHouseDate: '2026-11-21',
      buyingTimeline: 'In 3 to 6 months',
      workingWithAgent: 'no',
      consentText: 'I agree that Houston Homes may contact me.',
      communityId: community.id,
    });
    expect(row('tour@example.com')).toMatchObject({
      community: '"Emberly, Katy"',
      listing: 'The Magnolia',
      preferredDate: '2026-11-28',
      preferredSlot: 'morning',
      listingId: listing.id,
    });
  });

  it('lets staff record a lead (source admin) and delete one', async () => {
    const created = await t.request({ method: 'POST', url: '/api/contacts', token: t.adminToken, json: contactBody() });
    expect(created.statusCode).toBe(201);
    expect(created.json().source).toBe('admin');
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/contacts/${created.json().id}`,
      token: t.adminToken,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await t.request({ method: 'DELETE', url: `/api/contacts/${created.json().id}`, token: t.adminToken });
    expect(again.statusCode).toBe(404);
  });

  it('stores the community of a lead staff record by its id when named by slug, and refuses an unknown one', async () => {
    const community = await t.storage.transact(
      (tx) =>
        tx.insert('communities', { ...communityBody({ name: 'Emberly' }), slug: 'emberly' } as never) as { id: string },
    );
    const bySlug = await t.request({
      method: 'POST',
      url: '/api/contacts',
      token: t.adminToken,
      json: contactBody({ name: 'Walk In', communityId: 'emberly' }),
    });
    expect(bySlug.statusCode).toBe(201);
    expect(bySlug.json().communityId).toBe(community.id);
    const byId = await t.request({
      method: 'POST',
      url: '/api/contacts',
      token: t.adminToken,
      json: contactBody({ name: 'Caller', communityId: community.id }),
    });
    expect(byId.json().communityId).toBe(community.id);
    const filtered = (
      await t.request({ method: 'GET', url: `/api/contacts?communityId=${community.id}`, token: t.adminToken })
    ).json();
    expect(filtered.map((lead: { name: string }) => lead.name).sort()).toEqual(['Caller', 'Walk In']);

    const before = (await t.storage.list('contacts')).length;
    const unknown = await t.request({
      method: 'POST',
      url: '/api/contacts',
      token: t.adminToken,
      json: contactBody({ communityId: 'no-such-community' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'communityId', message: 'Community not found' }]);
    expect(await t.storage.list('contacts')).toHaveLength(before);
  });

  it('finds a lead by its phone typed in another format', async () => {
    await post('/api/public/contacts', contactBody({ name: 'Caller', phone: '(713) 555-0199' }));
    await post('/api/public/contacts', contactBody({ name: 'Other', phone: '281-555-0100' }));
    for (const q of ['7135550199', '713-555-0199', '(713) 555-0199']) {
      const found = (
        await t.request({ method: 'GET', url: `/api/contacts?q=${encodeURIComponent(q)}`, token: t.adminToken })
      ).json();
      expect(
        found.map((lead: { name: string }) => lead.name),
        q,
      ).toEqual(['Caller']);
    }
  });

  it('refuses a delete based on a version a colleague has since changed (412 with the lead as it is), and keeps it', async () => {
    const { id } = (await post('/api/public/contacts', contactBody())).json();
    const worked = await t.request({
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      token: t.adminToken,
      headers: { 'if-match': '"1"' },
      json: { status: 'APPOINTMENT', note: 'Called, visit booked Sat 10:00' },
    });
    expect(worked.json()).toMatchObject({ status: 'APPOINTMENT', version: 2 });
    const stale = await t.request({
      method: 'DELETE',
      url: `/api/contacts/${id}`,
      token: t.adminToken,
      headers: { 'if-match': '"1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id, status: 'APPOINTMENT', version: 2 });
    expect(await t.storage.get('contacts', id)).toMatchObject({ status: 'APPOINTMENT' });
    const current = await t.request({
      method: 'DELETE',
      url: `/api/contacts/${id}`,
      token: t.adminToken,
      headers: { 'if-match': '"2"' },
    });
    expect(current.statusCode).toBe(204);
  });
});
