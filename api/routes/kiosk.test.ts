/** The open-house kiosk: passes for admins, sign-ins counted per kiosk, delivered once. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KIOSK_MESSAGES, salesDay } from '../../domain';
import { ADMIN, contactBody, createTestApp, type TestApp } from '../../tests/support/api';
import { KIOSK_PASS_LIFETIME_MS, KioskPassSigner } from '../security/kiosk-pass';
import { KIOSK_SIGN_INS_PER_ADDRESS, WRONG_PASSWORD } from './kiosk';

let t: TestApp;
/** Open-house leads of the example data, present before each test. */
let seededOpenHouse: string[];
beforeEach(async () => {
  // The default public limit, so the tests show which sign-ins it applies to.
  t = await createTestApp({ seed: true, config: { contactRateLimit: 20 } });
  seededOpenHouse = (await t.storage.list('contacts', { source: 'open-house' })).map((lead) => lead.id);
});

/** Open-house leads the test created. */
async function newOpenHouseLeads() {
  return (await t.storage.list('contacts', { source: 'open-house' })).filter(
    (lead) => !seededOpenHouse.includes(lead.id),
  );
}
afterEach(() => t.close());

async function emberlyId(): Promise<string> {
  return (await t.storage.findOne('communities', 'slug', 'emberly'))!.id;
}

async function issuePass(password: string = ADMIN.password, communityId = 'emberly') {
  return t.request({
    method: 'POST',
    url: '/api/admin/kiosk-passes',
    token: t.adminToken,
    json: { communityId, password },
  });
}

function signIn(pass: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/public/kiosk/sign-ins',
    headers,
    json: {
      id: randomUUID(),
      kioskPass: pass,
      name: 'Dana Whitfield',
      email: 'Dana@Example.com',
      phone: '713-555-0101',
      buyingTimeline: '3-6-months',
      workingWithAgent: false,
      consent: true,
      consentText: 'I agree that Houston New Home Communities may contact me.',
      openHouseDate: '2026-11-21',
      submittedAt: SENT_AT,
      ...overrides,
    },
  });
}

/** An hour ago on the tablet's clock: plausible, so stored as sent (a wrong clock is tested below). */
const SENT_AT = new Date(Date.now() - 60 * 60 * 1000).toISOString();

describe('kiosk passes', () => {
  it('are given to a signed-in admin who confirms their password, for a community by slug or id', async () => {
    const response = await issuePass();
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.communityId).toBe(await emberlyId());
    expect(typeof body.pass).toBe('string');
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(KIOSK_PASS_LIFETIME_MS - 60_000);
  });

  it('are refused without a token (401), with a wrong password (400) and for an unknown community (404)', async () => {
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/admin/kiosk-passes',
      json: { communityId: 'emberly', password: ADMIN.password },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await issuePass('not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(WRONG_PASSWORD);
    expect((await issuePass(ADMIN.password, 'atlantis')).statusCode).toBe(404);
  });

  it('share the login limits: a stolen token cannot guess the password, and every guess and pass is audited', async () => {
    await t.close();
    t = await createTestApp({ seed: true, config: { loginRateLimit: 5 } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await issuePass(`guess-${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Out of tries at this address, even with the right password; the login shares the count.
    const refused = await issuePass(ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const login = await t.request({
      method: 'POST',
      url: '/api/admin/login',
      json: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.statusCode).toBe(429);
    const audit = await t.storage.list('audit');
    const guesses = audit.filter((entry) => entry.action === 'admin.confirm-password');
    expect(guesses.filter((entry) => entry.detail?.startsWith('wrong password'))).toHaveLength(5);
    expect(guesses[0]).toMatchObject({ actorId: t.admin.id, actorEmail: ADMIN.email, outcome: 'failure' });
    // From another address the admin still gets a pass (after the account's delay), and that is audited.
    const issued = await t.request({
      method: 'POST',
      url: '/api/admin/kiosk-passes',
      token: t.adminToken,
      json: { communityId: 'emberly', password: ADMIN.password },
      remoteAddress: '198.51.100.9',
    });
    expect(issued.statusCode).toBe(201);
    const issueLine = (await t.storage.list('audit')).find((entry) => entry.action === 'kiosk-pass.issue');
    expect(issueLine).toMatchObject({
      actorId: t.admin.id,
      entity: 'communities',
      entityId: await emberlyId(),
      outcome: 'success',
      ip: '198.51.100.9',
    });
    expect(JSON.stringify(issueLine)).not.toContain(issued.json().pass);
  });

  it('never work as an admin token', async () => {
    const { pass } = (await issuePass()).json();
    const response = await t.request({ method: 'GET', url: '/api/contacts', token: pass });
    expect(response.statusCode).toBe(401);
  });

  it('are genuine only when signed by this server and unexpired', () => {
    const signer = new KioskPassSigner('a-secret-that-is-long-enough-for-the-test-0123');
    const { pass } = signer.issue({ id: 'admin-1', version: 1 }, 'community-1', 1_000);
    expect(signer.verify(pass, 2_000)).toMatchObject({ adminId: 'admin-1', communityId: 'community-1' });
    expect(signer.verify(pass, 1_000 + KIOSK_PASS_LIFETIME_MS)).toBeNull();
    expect(new KioskPassSigner('another-secret-that-is-long-enough-0123456789').verify(pass, 2_000)).toBeNull();
    const [payload, signature] = pass.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), communityId: 'other' }),
    ).toString('base64url');
    expect(signer.verify(`${forged}.${signature}`, 2_000)).toBeNull();
    expect(signer.verify('garbage', 2_000)).toBeNull();
  });
});

describe('kiosk sign-ins', () => {
  it('become NEW open-house leads of the pass community with the kiosk fields, even when typed fast', async () => {
    const { pass } = (await issuePass()).json();
    // The body names another community: the pass decides.
    const response = await signIn(pass, { communityId: 'indigo' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const lead = await t.storage.get('contacts', id);
    expect(lead).toMatchObject({
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      source: 'open-house',
      communityId: await emberlyId(),
      openHouseDate: '2026-11-21',
      buyingTimeline: '3-6-months',
      workingWithAgent: false,
      consentText: 'I agree that Houston New Home Communities may contact me.',
      submittedAt: SENT_AT,
      status: 'NEW',
      message: 'Signed in at the Emberly open house on 2026-11-21.',
    });
    expect(lead).not.toHaveProperty('kioskPass');
  });

  it('with the honeypot filled are SPAM, with or without a valid pass (a person never fills it)', async () => {
    const pass = (await issuePass()).json().pass as string;
    const vouched = await signIn(pass, { name: 'Bot With Pass', website: 'http://spam.example' });
    const unvouched = await signIn('forged-pass', { name: 'Bot No Pass', website: 'http://spam.example' });
    expect([vouched.statusCode, unvouched.statusCode]).toEqual([201, 201]);
    for (const response of [vouched, unvouched]) {
      expect(await t.storage.get('contacts', response.json().id)).toMatchObject({
        status: 'SPAM',
        spamReason: 'honeypot field filled',
      });
    }
  });

  it('from one address past the kiosk ceiling get 429 before their body is read', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= KIOSK_SIGN_INS_PER_ADDRESS; index += 1) {
      // A malformed body: a 400 while the address is under its ceiling, a 429 (body never parsed) once past it.
      const response = await t.request({
        method: 'POST',
        url: '/api/public/kiosk/sign-ins',
        headers: { 'content-type': 'application/json' },
        payload: '{"id": oops',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, KIOSK_SIGN_INS_PER_ADDRESS).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('are counted per kiosk, not under the public limit of 20 per IP', async () => {
    const { pass } = (await issuePass()).json();
    for (let index = 0; index < 30; index += 1) {
      const response = await signIn(pass, { email: `visitor${index}@example.com` });
      expect(response.statusCode).toBe(201);
    }
    expect((await newOpenHouseLeads()).length).toBe(30);
  });

  it('without a valid pass are still stored, but under the per-IP public limit', async () => {
    const { pass } = (await issuePass()).json();
    const forged = `${pass.split('.')[0]}.${'A'.repeat(43)}`;
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      statuses.push((await signIn(forged, { communityId: 'emberly' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    const leads = await newOpenHouseLeads();
    expect(leads).toHaveLength(20);
    expect(leads[0]!.notes).toMatch(/no longer valid/);
  });

  it("without a valid pass share the contact forms' count: past it on the contact calls, a forged pass gets 429 too", async () => {
    const { pass } = (await issuePass()).json();
    const forged = `${pass.split('.')[0]}.${'A'.repeat(43)}`;
    let contactStatus = 201;
    for (let index = 0; index < 25 && contactStatus !== 429; index += 1) {
      contactStatus = (await t.request({ method: 'POST', url: '/api/public/contacts', json: contactBody() }))
        .statusCode;
    }
    expect(contactStatus).toBe(429);
    expect((await signIn(forged)).statusCode).toBe(429);
    // A valid pass is counted per kiosk, not per address.
    expect((await signIn(pass)).statusCode).toBe(201);
  });

  it("stop being vouched for when the pass's admin changes their password (how a lost tablet's pass is ended)", async () => {
    const { pass } = (await issuePass()).json();
    const vouched = (await t.storage.get('contacts', (await signIn(pass)).json().id))!;
    expect(vouched.notes).toBe('');
    const changed = await t.request({
      method: 'POST',
      url: '/api/admin/change-password',
      token: t.adminToken,
      json: { currentPassword: ADMIN.password, newPassword: 'a-brand-new-pass' },
    });
    expect(changed.statusCode).toBe(200);
    const after = (await t.storage.get('contacts', (await signIn(pass)).json().id))!;
    // Still kept (a lead is never dropped), but flagged and counted per address like any form.
    expect(after.notes).toBe('Kiosk pass no longer valid when this sign-in arrived.');
    for (let index = 0; index < 19; index += 1) expect((await signIn(pass)).statusCode).toBe(201);
    expect((await signIn(pass)).statusCode).toBe(429);
  });

  it("stop being vouched for when the pass's admin is removed", async () => {
    const { pass } = (await issuePass()).json();
    await t.storage.transact((tx) => tx.update('adminUsers', t.admin.id, { isActive: false }));
    for (let index = 0; index < 20; index += 1) expect((await signIn(pass)).statusCode).toBe(201);
    expect((await signIn(pass)).statusCode).toBe(429);
  });

  it("from a tablet whose clock is wrong are filed at the server's time and day, the tablet's kept in a note", async () => {
    const { pass } = (await issuePass()).json();
    const before = Date.now();
    for (const wrongClock of ['2019-01-01T15:00:00.000Z', new Date(Date.now() + 86_400_000).toISOString()]) {
      const { id } = (await signIn(pass, { submittedAt: wrongClock })).json();
      const lead = (await t.storage.get('contacts', id))!;
      expect(Date.parse(lead.submittedAt!)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(lead.submittedAt!)).toBeLessThanOrEqual(Date.now());
      expect(lead.notes).toBe(
        `The tablet's clock read ${wrongClock} (open house 2026-11-21) when this was made; the time and day on the server's clock are kept instead.`,
      );
      // The tablet's open-house date is as wrong as its clock: the day it arrived (Central) replaces it everywhere.
      expect(lead.openHouseDate).toBe(salesDay());
      expect(lead.message).toContain(`open house on ${salesDay()}.`);
    }
  });

  it("from a tablet whose clock is days off but says so as it sends are filed at that time on the server's clock", async () => {
    const { pass } = (await issuePass()).json();
    const fast = 3 * 86_400_000; // the tablet's clock is 3 days ahead, and the sign-in waited 5 minutes offline
    const tabletNow = Date.now() + fast;
    const madeOnTablet = new Date(tabletNow - 5 * 60_000).toISOString();
    const { id } = (
      await signIn(
        pass,
        { submittedAt: madeOnTablet, openHouseDate: '2099-01-01' },
        { 'x-client-time': new Date(tabletNow).toISOString() },
      )
    ).json();
    const lead = (await t.storage.get('contacts', id))!;
    expect(Math.abs(Date.parse(lead.submittedAt!) - (Date.now() - 5 * 60_000))).toBeLessThan(5_000);
    expect(lead.openHouseDate).toBe(salesDay(new Date(lead.submittedAt!)));
    expect(lead.notes).toContain(`The tablet's clock read ${madeOnTablet} (open house 2099-01-01)`);
  });

  it('are stored once however often the same sign-in is delivered', async () => {
    const { pass } = (await issuePass()).json();
    const id = randomUUID();
    const first = await signIn(pass, { id }, { 'idempotency-key': id });
    const replay = await signIn(pass, { id }, { 'idempotency-key': id });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // Delivered again after its idempotency record is gone (another key): still the same lead.
    const late = await signIn(pass, { id }, { 'idempotency-key': randomUUID() });
    expect([first.statusCode, replay.statusCode, late.statusCode]).toEqual([201, 201, 201]);
    expect(late.json().id).toBe(id);
    expect((await newOpenHouseLeads()).length).toBe(1);
  });

  it.each([
    ['no consent', { consent: false }, 'consent', KIOSK_MESSAGES.consentRequired],
    ['no timeline', { buyingTimeline: undefined }, 'buyingTimeline', KIOSK_MESSAGES.timelineRequired],
    ['no agent answer', { workingWithAgent: undefined }, 'workingWithAgent', KIOSK_MESSAGES.agentRequired],
    ['a bad email', { email: 'dana-at-example' }, 'email', 'Please enter a valid email address'],
  ])('refuses %s and stores nothing', async (_case, overrides, path, message) => {
    const { pass } = (await issuePass()).json();
    const response = await signIn(pass, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
    expect((await newOpenHouseLeads()).length).toBe(0);
  });
});
