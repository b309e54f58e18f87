/**
 * Rendered pages are kept (api/ssr/page-cache.ts) and never served stale (issue 14): for every kind of write that
 * changes a public page, the next GET shows the change. Also their headers (ETag and 304, encodings, Vary,
 * Cache-Control per route), the raw fast path over real HTTP, the byte bound under a crawler, and the Host header
 * (issue 13, item 8): a malformed one is a 400, never a 500, and one Host's absolute URLs never reach another.
 *
 * Uses buildApp + inject (memory storage, the example data) with the production build in dist/, which
 * `npm run test:e2e` makes first: that is why this file is an e2e file and not a unit test.
 */
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { BAD_HOST_MESSAGE } from '../../api/routes/site';
import {
  NOT_FOUND_PAGE_CACHE_CONTROL,
  PRIVATE_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  webAppIsBuilt,
} from '../../api/ssr/ssr-routes';
import type { PageCache } from '../../api/ssr/page-cache';
import type { AppConfig } from '../../api/config';
import { communityBody, createTestApp, listingBody, type TestApp } from '../support/api';

if (!webAppIsBuilt()) {
  throw new Error(
    'tests/e2e/page-cache.e2e.ts renders pages with the production build, and dist/ has none ' +
      '(dist/server/entry-server.js, dist/client/index.html): run it through `npm run test:e2e`, which builds first.',
  );
}

const HTML = { accept: 'text/html' };

async function pageApp(config: Partial<AppConfig> = {}): Promise<TestApp> {
  return createTestApp({ config: { serveWebApp: true, ...config } });
}

function pageCache(t: TestApp): PageCache {
  const cache = t.app.pageCache;
  if (!cache) throw new Error('the page cache is not there: was the web app registered?');
  return cache;
}

async function page(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });
}

/** GETs `url` twice and checks the second answer came from the cache (no render), so a later check is meaningful. */
async function cached(t: TestApp, url: string) {
  await page(t, url);
  const before = pageCache(t).renders;
  const response = await page(t, url);
  expect(pageCache(t).renders, `${url} was rendered again instead of served from the cache`).toBe(before);
  return response;
}

describe('no page is served stale after a write', () => {
  let t: TestApp;
  let community: Community;
  let listing: Listing;
  beforeAll(async () => {
    t = await pageApp();
    community = (await t.storage.findOne('communities', 'slug', 'austin-point'))!;
    listing = (await t.storage.list('listings', { communityId: community.id })).find(
      (candidate) => candidate.status === 'AVAILABLE',
    )!;
  });
  afterAll(() => t?.close());

  it('community update: its page, the list and the home page show the new text', async () => {
    const urls = [`/community/${community.slug}`, '/communities', '/', `/listing/${listing.id}`];
    for (const url of urls) expect((await cached(t, url)).body).toContain(community.name);
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      json: { name: 'Austin Point Renamed Today' },
    });
    expect(renamed.statusCode).toBe(200);
    for (const url of urls) {
      const response = await page(t, url);
      expect(response.statusCode).toBe(200);
      expect(response.body, url).toContain('Austin Point Renamed Today');
    }
  });

  it('listing update: the listing page and its community page show the new title', async () => {
    const urls = [`/listing/${listing.id}`, `/community/${community.slug}`];
    for (const url of urls) await cached(t, url);
    const updated = await t.request({
      method: 'PUT',
      url: `/api/listings/${listing.id}`,
      token: t.adminToken,
      json: { title: 'The Freshly Edited Magnolia' },
    });
    expect(updated.statusCode).toBe(200);
    for (const url of urls) expect((await page(t, url)).body, url).toContain('The Freshly Edited Magnolia');
  });

  it('listing create and delete: the community page shows it, then no longer does', async () => {
    const url = `/community/${community.slug}`;
    expect((await cached(t, url)).body).not.toContain('The Brand New Bluebonnet');
    const created = await t.request({
      method: 'POST',
      url: '/api/listings',
      token: t.adminToken,
      json: listingBody(community.id, { title: 'The Brand New Bluebonnet' }),
    });
    expect(created.statusCode).toBe(201);
    expect((await cached(t, url)).body).toContain('The Brand New Bluebonnet');
    const id = created.json().id as string;
    expect((await cached(t, `/listing/${id}`)).statusCode).toBe(200);
    const removed = await t.request({ method: 'DELETE', url: `/api/listings/${id}`, token: t.adminToken });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await page(t, url)).body).not.toContain('The Brand New Bluebonnet');
    expect((await page(t, `/listing/${id}`)).statusCode).toBe(404);
  });

  it('settings change: the site name shows on every page, the 404 page included', async () => {
    const urls = [
      '/',
      '/communities',
      `/community/${community.slug}`,
      `/listing/${listing.id}`,
      '/contact',
      '/nowhere',
    ];
    for (const url of urls) await cached(t, url);
    const current = (await t.request({ method: 'GET', url: '/api/settings', token: t.superToken })).json();
    const saved = await t.request({
      method: 'PUT',
      url: '/api/settings',
      token: t.superToken,
      json: { general: { ...current.general, siteName: 'Bayou Homes Renamed' } },
    });
    expect(saved.statusCode).toBe(200);
    for (const url of urls) expect((await page(t, url)).body, url).toContain('Bayou Homes Renamed');
  });

  it('an upload shown on a page: the community page shows the new image once the community refers to it', async () => {
    const url = `/community/${community.slug}`;
    await cached(t, url);
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#226644' } })
      .jpeg()
      .toBuffer();
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/upload',
      token: t.adminToken,
      json: { filename: 'new-hero.jpg', file: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    expect(uploaded.statusCode).toBe(201);
    const imageUrl = uploaded.json().url as string;
    const updated = await t.request({
      method: 'PUT',
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      json: { image: imageUrl },
    });
    expect(updated.statusCode).toBe(200);
    // The page names the file by its stem (responsive variants share it).
    const stem = imageUrl.replace(/-\d+\.webp$/, '');
    expect((await page(t, url)).body).toContain(stem);
  });

  it('community delete: its page becomes a 404; a 404 becomes the page once a community takes the slug', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      json: communityBody({ name: 'Cypress Hollow Short Lived' }),
    });
    expect(created.statusCode).toBe(201);
    const { id, slug } = created.json() as { id: string; slug: string };
    expect((await cached(t, `/community/${slug}`)).statusCode).toBe(200);
    const removed = await t.request({ method: 'DELETE', url: `/api/communities/${id}`, token: t.adminToken });
    expect(removed.statusCode).toBeLessThan(300);
    const gone = await page(t, `/community/${slug}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Cypress Hollow Short Lived');

    // The 404 is kept too, and the community created under that slug replaces it at once.
    expect((await cached(t, '/community/sugar-grove-later')).statusCode).toBe(404);
    const later = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      json: communityBody({ name: 'Sugar Grove Later' }),
    });
    expect(later.json().slug).toBe('sugar-grove-later');
    const found = await page(t, '/community/sugar-grove-later');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('Sugar Grove Later');
  });
});

describe('page answers: ETag, encodings, Vary and Cache-Control', () => {
  let t: TestApp;
  let listing: Listing;
  beforeAll(async () => {
    t = await pageApp();
    listing = (await t.storage.list('listings'))[0]!;
  });
  afterAll(() => t?.close());

  it('answers 304 to If-None-Match with its ETag, and the same bytes in br, gzip and identity', async () => {
    const identity = await page(t, '/community/austin-point');
    const etag = identity.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const br = await page(t, '/community/austin-point', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await page(t, '/community/austin-point', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    for (const response of [identity, br, gzip]) {
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers.etag).toBe(etag);
    }
    const revalidated = await page(t, '/community/austin-point', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.vary).toBe('Accept-Encoding');
    // A proxy that weakened the ETag, or a list of them, still revalidates.
    expect((await page(t, '/community/austin-point', { 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(304);
  });

  it('swaps in brotli 11 and gzip 9 after a page is asked for again, with the same content', async () => {
    const cache = pageCache(t);
    const url = `/listing/${listing.id}`;
    const cold = await page(t, url, { 'accept-encoding': 'br' });
    await page(t, url, { 'accept-encoding': 'br' });
    await cache.settled();
    const warm = await page(t, url, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(warm.rawPayload).toString()).toBe(brotliDecompressSync(cold.rawPayload).toString());
    // Strictly smaller: equal would also pass with the cold bytes never swapped out.
    expect(warm.rawPayload.length).toBeLessThan(cold.rawPayload.length);
  });

  it.each([
    ['/', 200, PUBLIC_PAGE_CACHE_CONTROL],
    ['/communities', 200, PUBLIC_PAGE_CACHE_CONTROL],
    ['/community/austin-point', 200, PUBLIC_PAGE_CACHE_CONTROL],
    ['/contact', 200, PUBLIC_PAGE_CACHE_CONTROL],
    ['/search?beds=3', 200, PUBLIC_PAGE_CACHE_CONTROL],
    ['/legal/privacy-policy', 200, PUBLIC_PAGE_CACHE_CONTROL],
    ['/favorites', 200, PRIVATE_PAGE_CACHE_CONTROL],
    ['/admin', 200, PRIVATE_PAGE_CACHE_CONTROL],
    ['/admin/communities', 200, PRIVATE_PAGE_CACHE_CONTROL],
    ['/kiosk/austin-point', 200, PRIVATE_PAGE_CACHE_CONTROL],
    ['/community/no-such-community', 404, NOT_FOUND_PAGE_CACHE_CONTROL],
    ['/no/such/page', 404, NOT_FOUND_PAGE_CACHE_CONTROL],
  ])('GET %s answers %i with Cache-Control "%s"', async (url, status, cacheControl) => {
    const response = await page(t, url, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    if (cacheControl !== PUBLIC_PAGE_CACHE_CONTROL)
      expect(response.headers['cache-control']).not.toMatch(/public|s-maxage/);
    // Its second answer (from the cache) has the same headers.
    expect((await page(t, url, { 'accept-encoding': 'br' })).headers['cache-control']).toBe(cacheControl);
  });

  it('keys pages by their query: two searches show their own results', async () => {
    const three = await page(t, '/search?beds=3');
    const five = await page(t, '/search?beds=5');
    expect(three.body).not.toBe(five.body);
    expect((await page(t, '/search?beds=3')).body).toBe(three.body);
  });
});

describe('the raw fast path serves kept pages over real HTTP exactly as the route does', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await pageApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  async function fetchPage(pathname: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseUrl}${pathname}`, { headers: { ...HTML, ...headers } });
    const body = Buffer.from(await response.arrayBuffer());
    const kept = [...response.headers.entries()].filter(
      ([name]) => !['date', 'connection', 'keep-alive'].includes(name),
    );
    return { status: response.status, headers: Object.fromEntries(kept), body };
  }

  it('answers a repeat with the same status, headers and bytes, without rendering; a write renders again', async () => {
    const cache = pageCache(t);
    // Asked for before, the page is kept and its better-compressed bytes are built after a hit: wait for them, or
    // the second answer may carry the refined gzip and differ from the first (a race seen once in a busy run).
    await fetchPage('/community/austin-point', { 'accept-encoding': 'gzip' });
    await fetchPage('/community/austin-point', { 'accept-encoding': 'gzip' });
    await cache.settled();
    const first = await fetchPage('/community/austin-point', { 'accept-encoding': 'gzip' });
    const renders = cache.renders;
    const second = await fetchPage('/community/austin-point', { 'accept-encoding': 'gzip' });
    expect(cache.renders).toBe(renders);
    expect(second).toEqual(first);
    expect(second.headers['content-security-policy']).toBeTruthy();

    const community = (await t.storage.findOne('communities', 'slug', 'austin-point'))!;
    await t.request({
      method: 'PUT',
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      json: { name: 'Austin Point Over Http' },
    });
    const after = await fetchPage('/community/austin-point');
    expect(after.body.toString()).toContain('Austin Point Over Http');
    expect(cache.renders).toBe(renders + 1);
  });

  it('a crowd arriving on a page that is not kept waits for one render, not one each', async () => {
    const cache = pageCache(t);
    const community = (await t.storage.findOne('communities', 'slug', 'emberly'))!;
    await t.request({
      method: 'PUT',
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      json: { description: 'Fifty visitors at once after this edit.' },
    });
    const renders = cache.renders;
    const crowd = await Promise.all(Array.from({ length: 50 }, () => fetchPage('/community/emberly')));
    expect(crowd.every((answer) => answer.status === 200)).toBe(true);
    expect(crowd.every((answer) => answer.body.toString().includes('Fifty visitors at once after this edit.'))).toBe(
      true,
    );
    expect(cache.renders - renders, 'renders for 50 concurrent requests of one page').toBe(1);
  });

  it('an ad campaign’s clicks, each with a click id of its own, get the one kept page: no render per click', async () => {
    const cache = pageCache(t);
    const listing = (await t.storage.list('listings')).find((candidate) => candidate.status === 'AVAILABLE')!;
    await fetchPage(`/listing/${listing.id}`);
    const plain = await fetchPage(`/listing/${listing.id}`);
    const renders = cache.renders;
    const clicks = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetchPage(`/listing/${listing.id}?gclid=Cj0KCQ${index}&utm_source=google&utm_medium=cpc`),
      ),
    );
    expect(cache.renders, 'renders for 20 ad clicks of a kept page').toBe(renders);
    for (const click of clicks) expect(click).toEqual(plain);

    // Still never stale: an edit renders the page again, and the next click shows it.
    await t.request({
      method: 'PUT',
      url: `/api/listings/${listing.id}`,
      token: t.adminToken,
      json: { title: 'Seen From An Ad' },
    });
    const afterEdit = await fetchPage(`/listing/${listing.id}?fbclid=IwAR${Date.now()}`);
    expect(afterEdit.body.toString()).toContain('Seen From An Ad');
    expect(cache.renders).toBe(renders + 1);
    // A parameter a page reads still makes a page of its own.
    const fiveBeds = await fetchPage('/search?beds=5&gclid=x');
    expect(fiveBeds.body.toString()).toBe((await fetchPage('/search?beds=5')).body.toString());
    expect(fiveBeds.body.toString()).not.toBe((await fetchPage('/search')).body.toString());
  });

  it('HTTP/1.0 without a Host is a 400 without PUBLIC_URL, not a 500', async () => {
    const answer = await rawRequest(baseUrl, 'GET / HTTP/1.0\r\nAccept: text/html\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.[01] 400 /);
    expect(answer).toContain(BAD_HOST_MESSAGE);
  });
});

function rawRequest(baseUrl: string, text: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('the Host header (issue 13, item 8)', () => {
  let t: TestApp;
  let withPublicUrl: TestApp;
  beforeAll(async () => {
    t = await pageApp();
    withPublicUrl = await pageApp({ publicUrl: 'https://homes.example.com' });
  });
  afterAll(async () => {
    await t?.close();
    await withPublicUrl?.close();
  });

  it.each(['a b', 'x:99999', 'x:0', 'evil.example/path', 'user@evil.example', '[zz]'])(
    'Host "%s" is a 400 on pages, robots.txt and sitemap.xml without PUBLIC_URL',
    async (host) => {
      for (const url of ['/', '/community/austin-point', '/no/such/page', '/robots.txt', '/sitemap.xml']) {
        const response = await page(t, url, { host });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error).toBe(BAD_HOST_MESSAGE);
      }
    },
  );

  it('with PUBLIC_URL set, every absolute URL is PUBLIC_URL whatever the Host, a malformed one included', async () => {
    for (const host of ['evil.example', 'a b', 'x:99999']) {
      for (const url of ['/', '/community/austin-point', '/robots.txt', '/sitemap.xml']) {
        const response = await page(withPublicUrl, url, { host });
        expect(response.statusCode, `${url} with Host ${host}`).toBe(200);
        expect(response.body).not.toContain('evil.example');
        expect(response.body).toContain('https://homes.example.com/');
      }
    }
  });

  it('HTTP/1.0 without a Host gets the page when PUBLIC_URL is set', async () => {
    const baseUrl = await withPublicUrl.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await rawRequest(baseUrl, 'GET /community/austin-point HTTP/1.0\r\nAccept: text/html\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.[01] 200 /);
    expect(answer).toContain('https://homes.example.com/community/austin-point');
  });

  it('without PUBLIC_URL, a page kept for one Host is never served to another', async () => {
    const first = await page(t, '/community/austin-point', { host: 'site-one.test' });
    const again = await page(t, '/community/austin-point', { host: 'site-one.test' });
    const other = await page(t, '/community/austin-point', { host: 'evil.example:8080' });
    expect(again.body).toBe(first.body);
    expect(first.body).toContain('http://site-one.test/community/austin-point');
    expect(first.body).not.toContain('evil.example');
    expect(other.body).toContain('http://evil.example:8080/community/austin-point');
    expect(other.body).not.toContain('site-one.test');
  });
});

describe('the page cache under a crawler', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('stays within its byte bound while endless query values and unknown paths go by, and keeps the shared pages', async () => {
    t = await pageApp();
    const cache = pageCache(t);
    await cached(t, '/community/austin-point');
    for (let index = 0; index < 300; index += 1) {
      const url = index % 2 === 0 ? `/search?q=crawl-${index}&beds=${index % 6}` : `/unknown/path-${index}`;
      const response = await page(t, url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBeLessThan(500);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    // Query pages and 404s have their own store: the shared page was not pushed out.
    const renders = cache.renders;
    await page(t, '/community/austin-point');
    expect(cache.renders).toBe(renders);
  });
});
