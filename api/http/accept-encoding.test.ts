/**
 * Accept-Encoding of cached answers (audit-seo finding 6): a coding weighted q=0 is never sent, for the public
 * JSON reads and the kept pages alike (both caches, and so both raw fast paths, use the one parser).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/memory-storage';
import { PageCache } from '../ssr/page-cache';
import { createTestApp, type TestApp } from '../../tests/support/api';
import { preferredEncoding } from './accept-encoding';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['*', null],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0 , gzip;q=0.8', 'gzip'],
    ['gzip, br;Q=0.000', 'gzip'],
    ['gzip;q=0', null],
    ['gzip;q=0, deflate', null],
    ['br;q=0, gzip;q=0', null],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['gzip;q=0.8, br', 'br'],
    ['x-gzip;q=1, br;q=0', 'gzip'],
    ['br;q=, gzip', 'gzip'],
    ['br;q=abc, gzip;q=0', null],
    ['BR;q=1', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('PageCache answers', () => {
  const html = `<!doctype html><html><body>${'<p>A page of some length.</p>'.repeat(200)}</body></html>`;
  const cache = new PageCache(createMemoryStorage());
  const entry = cache.add(
    'http://127.0.0.1/contact',
    cache.revisions(),
    { statusCode: 200, html, cacheControl: 'no-cache', routed: true },
    true,
  );

  it('send gzip, not brotli, when brotli is refused', () => {
    const answer = cache.answer(entry, undefined, 'br;q=0, gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body as Buffer).toString()).toBe(html);
  });

  it('send the plain page when gzip is refused and brotli is not offered', () => {
    const answer = cache.answer(entry, undefined, 'gzip;q=0');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(entry.payload);
  });
});

describe('public JSON reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('honour q=0, on the route and when served again from the cache', async () => {
    for (let round = 0; round < 2; round += 1) {
      const gzipped = await t.request({ url: '/api/public/listings', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toBeInstanceOf(Object);
      const plain = await t.request({ url: '/api/public/listings', headers: { 'accept-encoding': 'gzip;q=0' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body)).toBeInstanceOf(Object);
      const brotli = await t.request({ url: '/api/public/listings', headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toBeInstanceOf(Object);
    }
  });
});
