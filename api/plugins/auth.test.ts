/**
 * What the auth hook adds to every answer it guards: `Cache-Control: no-store`, so a back office signed out on a
 * kiosk tablet leaves no lead, admin or audit answer in the browser's HTTP cache. Public reads keep their own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactBody, createTestApp, type TestApp } from '../../tests/support/api';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: true });
});
afterEach(() => t.close());

describe('Cache-Control of authenticated answers', () => {
  it('is no-store on every admin read, for an admin and a super admin', async () => {
    const lead = (await t.request({ method: 'POST', url: '/api/public/contacts', json: contactBody() })).json();
    const [community] = (await t.request({ method: 'GET', url: '/api/communities', token: t.adminToken })).json();
    const reads: [string, string][] = [
      ['/api/contacts', t.adminToken],
      [`/api/contacts/${lead.id}`, t.adminToken],
      ['/api/contacts/counts', t.adminToken],
      ['/api/admin/owners', t.adminToken],
      ['/api/admin/verify', t.adminToken],
      ['/api/communities', t.adminToken],
      [`/api/communities/${community.id}`, t.adminToken],
      ['/api/listings', t.adminToken],
      ['/api/properties', t.adminToken],
      ['/api/settings', t.adminToken],
      ['/api/admin/users', t.superToken],
      ['/api/audit', t.superToken],
    ];
    for (const [url, token] of reads) {
      const response = await t.request({ method: 'GET', url, token });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on a write, a refusal of a guarded route and the CSV export (its own no-store)', async () => {
    const created = await t.request({ method: 'POST', url: '/api/contacts', token: t.adminToken, json: contactBody() });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const forbidden = await t.request({ method: 'GET', url: '/api/admin/users', token: t.adminToken });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
    const csv = await t.request({ method: 'GET', url: '/api/contacts/export.csv', token: t.adminToken });
    expect(csv.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reads their own Cache-Control', async () => {
    for (const url of ['/api/public/communities', '/api/public/settings']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
