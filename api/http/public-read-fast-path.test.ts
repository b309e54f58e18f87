/**
 * The public-read fast path (public-read-fast-path.ts) over real HTTP: a repeat read is answered without the
 * Fastify route, with the same status, headers and bytes the route sent; a write makes the next read go
 * through the route again; anything unusual falls through to Fastify.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, listingBody, type TestApp } from '../../tests/support/api';
import { publicReadForUrl } from './public-reads';

let testApp: TestApp;
let baseUrl: string;
let listingId: string;
let communityId: string;
let communitySlug: string;

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const listings = (await testApp.storage.list('listings')) as { id: string; communityId: string }[];
  listingId = listings[0]!.id;
  communityId = listings[0]!.communityId;
  communitySlug = (await testApp.storage.get('communities', communityId))!.slug as string;
});

afterAll(async () => {
  await testApp?.close();
});

/** The answer without the headers that differ between any two responses. */
async function fetchAnswer(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${pathname}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const responseHeaders = Object.fromEntries(
    [...response.headers.entries()].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
  );
  return { status: response.status, headers: responseHeaders, body };
}

describe('publicReadForUrl', () => {
  it.each([
    ['/api/public/communities', 'communities:full:0:100'],
    ['/api/public/communities?view=list', 'communities:list:0:100'],
    ['/api/public/communities?view=full', 'communities:full:0:100'],
    ['/api/public/communities/austin-point', 'community:austin-point'],
    ['/api/public/listings', 'listings:all'],
    ['/api/public/listings?communityId=abc-1', 'listings:community:abc-1'],
    ['/api/public/listings/0b6f3c1e-1d2a-4c55-9b1e-2f4a5b6c7d8e', 'listing:0b6f3c1e-1d2a-4c55-9b1e-2f4a5b6c7d8e'],
    ['/api/public/settings', 'settings'],
  ])('maps %s to the cache key %s', (url, cacheKey) => {
    expect(publicReadForUrl(url)?.cacheKey).toBe(cacheKey);
  });

  it.each([
    '/api/public/config',
    '/api/public/contacts',
    '/api/public/communities?x=1',
    '/api/public/communities?view=lists',
    '/api/public/communities?offset=100',
    '/api/public/communities?view=list&offset=100',
    '/api/public/communities/a%2Fb',
    '/api/public/communities/a.b',
    '/api/public/listings?communityId=a&communityId=b',
    '/api/public/listings?communityId=',
    '/api/public/listings?communityId=a&x=1',
    '/api/public/listings/a/b',
    `/api/public/listings/${'a'.repeat(101)}`,
    '/api/communities',
    '/public/listings',
  ])('leaves %s to the Fastify route', (url) => {
    expect(publicReadForUrl(url)).toBeUndefined();
  });
});

describe('repeat public reads over HTTP', () => {
  const paths = () => [
    '/api/public/communities',
    '/api/public/communities?view=list',
    `/api/public/communities/${communitySlug}`,
    `/api/public/listings?communityId=${communityId}`,
    `/api/public/listings/${listingId}`,
    '/api/public/settings',
  ];

  it.each([
    ['identity', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['brotli', { 'accept-encoding': 'gzip, deflate, br' }],
  ])('answer %s exactly as the route did, without running the route', async (_label, headers) => {
    const send = vi.spyOn(testApp.app.publicReadCache, 'send');
    try {
      for (const pathname of paths()) {
        send.mockClear();
        const first = await fetchAnswer(pathname, headers);
        const second = await fetchAnswer(pathname, headers);
        expect(first.status, pathname).toBe(200);
        expect(second, pathname).toEqual(first);
        expect(second.headers['x-content-type-options'], pathname).toBe('nosniff');
        expect(second.headers['content-security-policy'], pathname).toBe("default-src 'none'; frame-ancestors 'none'");
        // At most the first request (when no earlier test built the entry) went through the route.
        expect(send.mock.calls.length, pathname).toBeLessThanOrEqual(1);
      }
    } finally {
      send.mockRestore();
    }
  });

  it('answers 304 to a matching If-None-Match from the fast path too', async () => {
    const pathname = `/api/public/listings/${listingId}`;
    const first = await fetchAnswer(pathname);
    const send = vi.spyOn(testApp.app.publicReadCache, 'send');
    try {
      const revalidated = await fetchAnswer(pathname, { 'if-none-match': first.headers.etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(first.headers.etag);
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });

  it('reads If-None-Match whatever its case, and leaves a repeated one to the route', async () => {
    const pathname = `/api/public/listings/${listingId}`;
    const { etag } = (await fetchAnswer(pathname)).headers;
    /** Status with the header sent exactly as given (a list sends one header line per value). */
    const statusWith = (name: string, value: string | string[]) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${baseUrl}${pathname}`, (response) => {
          response.resume();
          resolve(response.statusCode!);
        });
        request.setHeader(name, value);
        request.on('error', reject).end();
      });
    const send = vi.spyOn(testApp.app.publicReadCache, 'send');
    try {
      expect(await statusWith('IF-NONE-MATCH', etag!)).toBe(304);
      expect(send).not.toHaveBeenCalled();
      // The route sees the two values joined, which is not this version's tag.
      expect(await statusWith('If-None-Match', [etag!, '"another"'])).toBe(200);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
    }
  });

  it('goes through the route again after a write, and serves the new data', async () => {
    const pathname = `/api/public/listings/${listingId}`;
    const before = JSON.parse((await fetchAnswer(pathname)).body.toString()) as { title: string; version: number };
    const update = await testApp.request({
      method: 'PUT',
      url: `/api/listings/${listingId}`,
      token: testApp.superToken,
      headers: { 'if-match': `"${before.version}"` },
      json: { title: 'Renamed by the fast-path test' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const send = vi.spyOn(testApp.app.publicReadCache, 'send');
    try {
      const after = JSON.parse((await fetchAnswer(pathname)).body.toString()) as { title: string };
      expect(after.title).toBe('Renamed by the fast-path test');
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
    }
  });

  it('leaves unknown ids, HEAD and bad queries to Fastify', async () => {
    expect((await fetchAnswer('/api/public/listings/no-such-listing')).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/public/listings/${listingId}`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetchAnswer(`/api/public/listings?communityId=${'x'.repeat(101)}`)).status).toBe(400);
    const created = await testApp.request({
      method: 'POST',
      url: '/api/listings',
      token: testApp.superToken,
      json: listingBody(communityId, { title: 'Fresh listing' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = JSON.parse((await fetchAnswer(`/api/public/listings?communityId=${communityId}`)).body.toString());
    expect((list as { title: string }[]).some((listing) => listing.title === 'Fresh listing')).toBe(true);
  });
});
