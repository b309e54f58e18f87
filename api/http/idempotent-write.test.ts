/**
 * What an Idempotency-Key stores about its request (issue 13 item 3): a fingerprint that identifies the request
 * without giving its body away. It is a keyed hash (HMAC with a key derived from the server secret) of the body
 * with its secret fields (passwords...) left out, so a stored record never holds a fast, guessable hash of a
 * password.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { contactBody, createTestApp, SUPER_ADMIN, type TestApp } from '../../tests/support/api';

const apps: TestApp[] = [];
async function testApp(jwtSecret?: string): Promise<TestApp> {
  const t = await createTestApp({ seed: false, config: jwtSecret ? { jwtSecret } : {} });
  apps.push(t);
  return t;
}
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function storedFingerprint(t: TestApp, owner: string, key: string): Promise<string> {
  const record = await t.storage.get('idempotency', `${owner}:${key}`);
  expect(record, `no idempotency record for ${key}`).toBeDefined();
  return record!.requestHash;
}

describe('idempotency fingerprints', () => {
  it('never store an unsalted hash of the body or of a password', async () => {
    const t = await testApp();
    const body = { email: 'new-admin@example.com', password: 'correct-horse-9', role: 'ADMIN' };
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: body,
      headers: { 'idempotency-key': 'create-admin-0001' },
    });
    expect(created.statusCode).toBe(201);
    const fingerprint = await storedFingerprint(t, t.superAdmin.id, 'create-admin-0001');
    // What earlier versions stored: SHA-256 over method, URL, admin id and the whole body.
    const unsalted = createHash('sha256')
      .update('POST\0/api/admin/users\0')
      .update(t.superAdmin.id)
      .update('\0')
      .update(JSON.stringify(body))
      .digest('hex');
    for (const guessable of [unsalted, sha256(JSON.stringify(body)), sha256(body.password)]) {
      expect(fingerprint).not.toContain(guessable);
    }
    // The stored answer is there and replays.
    const replay = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: body,
      headers: { 'idempotency-key': 'create-admin-0001' },
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('leave secret fields out: two requests that differ only in their passwords have the same fingerprint', async () => {
    const t = await testApp();
    const change = async (key: string, currentPassword: string, newPassword: string) => {
      // A fresh sign-in each time: a password change may end the sessions signed in with the old one.
      const login = await t.request({
        method: 'POST',
        url: '/api/admin/login',
        json: { email: SUPER_ADMIN.email, password: currentPassword },
      });
      expect(login.statusCode, login.body).toBe(200);
      const response = await t.request({
        method: 'POST',
        url: '/api/admin/change-password',
        token: login.json().token,
        json: { currentPassword, newPassword },
        headers: { 'idempotency-key': key },
      });
      expect(response.statusCode, response.body).toBe(200);
      return storedFingerprint(t, t.superAdmin.id, key);
    };
    const first = await change('change-password-1', SUPER_ADMIN.password, 'second-password-2');
    const second = await change('change-password-2', 'second-password-2', 'third-password-3');
    expect(second).toBe(first);
  });

  it('are keyed with the server secret: the same request under another secret has another fingerprint', async () => {
    const fingerprintUnder = async (jwtSecret: string) => {
      const t = await testApp(jwtSecret);
      const response = await t.request({
        method: 'POST',
        url: '/api/public/contacts',
        json: contactBody({ email: 'same@example.com' }),
        headers: { 'idempotency-key': 'same-contact-key' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return storedFingerprint(t, 'public', 'same-contact-key');
    };
    const a = await fingerprintUnder('a'.repeat(48));
    const aAgain = await fingerprintUnder('a'.repeat(48));
    const b = await fingerprintUnder('b'.repeat(48));
    expect(aAgain).toBe(a);
    expect(b).not.toBe(a);
  });

  it('still replay a record stored before fingerprints were keyed (for the 24 h it lives)', async () => {
    const t = await testApp();
    const body = contactBody({ email: 'legacy@example.com' });
    const unsalted = createHash('sha256')
      .update(`POST\0/api/public/contacts\0public\0${JSON.stringify(body)}`)
      .digest('hex');
    await t.storage.transact((tx) =>
      tx.insert('idempotency', {
        id: 'public:legacy-key-0001',
        requestHash: unsalted,
        statusCode: 201,
        body: { success: true, id: 'stored-before' },
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    const post = (json: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/public/contacts',
        json,
        headers: { 'idempotency-key': 'legacy-key-0001' },
      });
    const replay = await post(body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ success: true, id: 'stored-before' });
    expect((await post(contactBody({ email: 'other@example.com' }))).statusCode).toBe(422);
  });

  it('still tell another request apart: the same key with another (non-secret) body is a 422', async () => {
    const t = await testApp();
    const post = (email: string) =>
      t.request({
        method: 'POST',
        url: '/api/public/contacts',
        json: contactBody({ email }),
        headers: { 'idempotency-key': 'contact-key-0001' },
      });
    expect((await post('one@example.com')).statusCode).toBe(201);
    expect((await post('one@example.com')).headers['idempotent-replayed']).toBe('true');
    expect((await post('two@example.com')).statusCode).toBe(422);
  });
});
