/**
 * What crawlers and link checkers get besides the page routes (audit-seo findings 7 and 9): the raw template at
 * /index.html is kept for the service worker but marked noindex, and HEAD of a page the Not Found handler renders
 * (/favorites, a case variant) answers like its GET instead of a JSON 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppIsBuilt } from '../ssr/ssr-routes';
import { createTestApp, type TestApp } from '../../tests/support/api';

// Skipped without dist/ (`npm run test:unit` alone): pages render from the build, which `npm test` makes first.
describe.skipIf(!webAppIsBuilt())('pages for crawlers (web build)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { serveWebApp: true } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves /index.html (the offline shell) with X-Robots-Tag: noindex, and no other file with it', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const shell = await t.request({ method, url: '/index.html' });
      expect(shell.statusCode, method).toBe(200);
      expect(shell.headers['cache-control'], method).toBe('no-cache');
      expect(shell.headers['x-robots-tag'], method).toBe('noindex');
    }
    expect((await t.request({ url: '/manifest.webmanifest' })).headers['x-robots-tag']).toBeUndefined();
    expect((await t.request({ url: '/', headers: { accept: 'text/html' } })).headers['x-robots-tag']).toBeUndefined();
  });

  it.each(['/favorites', '/CONTACT', '/no-such-page'])('answers HEAD %s as its GET, without the body', async (url) => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br' };
    const get = await t.request({ method: 'GET', url, headers });
    const head = await t.request({ method: 'HEAD', url, headers });
    expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.statusCode).toBe(get.statusCode);
    for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'content-length']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
    expect(head.body).toBe('');
  });

  it('still answers JSON to HEAD of an unknown API path or without Accept: text/html', async () => {
    for (const request of [
      { url: '/api/nope', headers: { accept: 'text/html' } },
      { url: '/favorites', headers: { accept: 'application/json' } },
    ]) {
      const head = await t.request({ method: 'HEAD', ...request });
      expect(head.statusCode, request.url).toBe(404);
      expect(head.headers['content-type'], request.url).toContain('application/json');
    }
  });
});
