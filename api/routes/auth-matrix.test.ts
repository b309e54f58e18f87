/**
 * Every protected route refuses a missing, malformed, expired, tampered, alg-none, deleted user's or logged-out token
 * with 401, and an ADMIN on a SUPER_ADMIN route gets 403 with the spec's text.
 */
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain';
import { createTestApp, type TestApp } from '../../tests/support/api';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

const PROTECTED_ROUTES: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  superAdminOnly?: boolean;
}[] = [
  { method: 'GET', url: '/api/admin/verify' },
  { method: 'POST', url: '/api/admin/change-password' },
  { method: 'POST', url: '/api/admin/logout' },
  { method: 'GET', url: '/api/admin/users', superAdminOnly: true },
  { method: 'POST', url: '/api/admin/users', superAdminOnly: true },
  { method: 'DELETE', url: `/api/admin/users/${SOME_ID}`, superAdminOnly: true },
  { method: 'GET', url: '/api/admin/owners' },
  { method: 'GET', url: '/api/communities' },
  { method: 'POST', url: '/api/communities' },
  { method: 'GET', url: `/api/communities/${SOME_ID}` },
  { method: 'PUT', url: `/api/communities/${SOME_ID}` },
  { method: 'DELETE', url: `/api/communities/${SOME_ID}` },
  { method: 'GET', url: '/api/listings' },
  { method: 'POST', url: '/api/listings' },
  { method: 'GET', url: `/api/listings/${SOME_ID}` },
  { method: 'PUT', url: `/api/listings/${SOME_ID}` },
  { method: 'DELETE', url: `/api/listings/${SOME_ID}` },
  { method: 'GET', url: '/api/properties' },
  { method: 'POST', url: '/api/properties' },
  { method: 'GET', url: `/api/properties/${SOME_ID}` },
  { method: 'PUT', url: `/api/properties/${SOME_ID}` },
  { method: 'DELETE', url: `/api/properties/${SOME_ID}` },
  { method: 'GET', url: '/api/contacts' },
  { method: 'POST', url: '/api/contacts' },
  { method: 'GET', url: '/api/contacts/export.csv' },
  { method: 'GET', url: '/api/contacts/counts' },
  { method: 'GET', url: `/api/contacts/${SOME_ID}` },
  { method: 'PATCH', url: `/api/contacts/${SOME_ID}` },
  { method: 'DELETE', url: `/api/contacts/${SOME_ID}` },
  { method: 'GET', url: '/api/settings' },
  { method: 'PUT', url: '/api/settings', superAdminOnly: true },
  { method: 'GET', url: '/api/audit', superAdminOnly: true },
  { method: 'POST', url: '/api/upload' },
];

let t: TestApp;
const badTokens: Record<string, () => string> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const secret = t.config.jwtSecret!;
  const [header, payload] = t.adminToken.split('.');
  badTokens['malformed'] = () => 'not-a-jwt';
  badTokens['expired'] = () =>
    createSigner({ key: secret, algorithm: 'HS256', expiresIn: -1000 })({ sub: t.admin.id, role: 'ADMIN' });
  badTokens['tampered'] = () => {
    // Same signature, payload claiming SUPER_ADMIN.
    const forged = Buffer.from(JSON.stringify({ sub: t.admin.id, role: 'SUPER_ADMIN', iat: 1 })).toString('base64url');
    return `${header}.${forged}.${t.adminToken.split('.')[2]}`;
  };
  badTokens['alg none'] = () => {
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    return `${noneHeader}.${payload}.`;
  };
  badTokens['wrong secret'] = () =>
    createSigner({ key: 'another-secret-that-is-long-enough-0123456789', algorithm: 'HS256' })({
      sub: t.superAdmin.id,
      role: 'SUPER_ADMIN',
    });
  // A user deleted (deactivated) after their token was issued.
  const passwordHash = t.admin.passwordHash;
  const doomed = await t.storage.transact((tx) =>
    tx.insert('adminUsers', { email: 'gone@example.com', passwordHash, role: 'SUPER_ADMIN', isActive: true }),
  );
  const doomedToken = t.app.signToken(doomed);
  await t.storage.transact((tx) => tx.update('adminUsers', doomed.id, { isActive: false }));
  badTokens['deleted user'] = () => doomedToken;
  // A super admin's token after its logout.
  const signedOut = t.app.signToken(t.superAdmin);
  const logout = await t.request({ method: 'POST', url: '/api/admin/logout', token: signedOut });
  if (logout.statusCode !== 200) throw new Error(`logout answered ${logout.statusCode}`);
  badTokens['logged out'] = () => signedOut;
});
afterAll(() => t.close());

describe('protected routes', () => {
  for (const route of PROTECTED_ROUTES) {
    it(`${route.method} ${route.url} answers 401 without a token`, async () => {
      const response = await t.request({ method: route.method, url: route.url });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual(expect.any(String));
    });

    it(`${route.method} ${route.url} answers 401 for malformed, expired, tampered, alg-none, foreign, deleted users' and logged-out tokens`, async () => {
      for (const [kind, token] of Object.entries(badTokens)) {
        const response = await t.request({ method: route.method, url: route.url, token: token() });
        expect(response.statusCode, `${kind} token`).toBe(401);
      }
    });

    if (route.superAdminOnly) {
      it(`${route.method} ${route.url} answers 403 "${MESSAGES.superAdminRequired}" to an ADMIN`, async () => {
        const response = await t.request({ method: route.method, url: route.url, token: t.adminToken, json: {} });
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe(MESSAGES.superAdminRequired);
      });
    }
  }

  it('lets a valid token through (the matrix above is not failing for another reason)', async () => {
    const response = await t.request({ method: 'GET', url: '/api/communities', token: t.adminToken });
    expect(response.statusCode).toBe(200);
  });
});
