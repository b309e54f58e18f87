/**
 * The origin of absolute URLs (issue 13, item 8): PUBLIC_URL must be an http(s) origin; without it only a
 * well-formed Host is used, and robots.txt and sitemap.xml answer 400 (never 500) to a malformed one. Pages are
 * covered with the web build in tests/e2e/page-cache.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { BAD_HOST_MESSAGE, originFromHost } from '../routes/site';
import { createTestApp, type TestApp } from '../../tests/support/api';

describe('originFromHost', () => {
  it.each([
    ['example.com', 'http://example.com'],
    ['Example.COM:8080', 'http://example.com:8080'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['[::1]:3000', 'http://[::1]:3000'],
    ['localhost', 'http://localhost'],
  ])('takes %s as %s', (host, origin) => {
    expect(originFromHost('http', host)).toBe(origin);
  });

  it.each([
    undefined,
    '',
    'a b',
    'x:99999',
    'x:0',
    'x:',
    'a/b',
    'user@host',
    '[zz]',
    '-bad.example',
    `${'a'.repeat(64)}.com`,
  ])('refuses %s', (host) => {
    expect(originFromHost('http', host)).toBeUndefined();
  });
});

describe('PUBLIC_URL', () => {
  it('is normalised to its origin', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Homes.Example.com/' }).publicUrl).toBe('https://homes.example.com');
  });

  it.each(['javascript:alert(1)', 'ftp://homes.example.com', 'https://homes.example.com/site', 'https://u:p@x.com'])(
    'refuses %s with a message naming it',
    (value) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
    },
  );
});

describe('robots.txt and sitemap.xml without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each(['a b', 'x:99999'])('answer 400 to Host "%s"', async (host) => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const response = await t.app.inject({ url, headers: { host } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(BAD_HOST_MESSAGE);
    }
  });

  it('use a well-formed Host as is', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { host: 'site-one.test:8080' } });
    expect(response.body).toContain('Sitemap: http://site-one.test:8080/sitemap.xml');
  });
});
