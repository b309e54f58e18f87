/**
 * The public read cache is bounded in bytes (issue 13, item 4): a crawler walking endless offset/limit pairs or
 * unknown filter values cannot grow it past its bound, whatever the size of each answer. Measured with the
 * cache's own byte count (payloads, compressed variants and a fixed overhead per entry), not RSS.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, JSON_CACHE_MAX_BYTES, JsonResponseCache } from '../http/json-cache';
import { publicReadForUrl } from '../http/public-reads';
import { createMemoryStorage } from '../storage/memory-storage';
import { createTestApp, type TestApp } from '../../tests/support/api';

/** Just enough of Fastify's request and reply for JsonResponseCache.send. */
function exchange(acceptEncoding?: string) {
  const reply = {
    code: () => reply,
    headers: () => reply,
    send: async () => undefined,
  };
  return {
    request: { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} } as unknown as FastifyRequest,
    reply: reply as unknown as FastifyReply,
  };
}

/** About 20 KB of JSON that compresses poorly enough for the variants to weigh something. */
function bulkyBody(seed: number) {
  return Array.from({ length: 400 }, (_, index) => ({
    id: `${seed}-${index}`,
    n: (seed * 7919 + index * 104729) % 1e9,
  }));
}

describe('JsonResponseCache memory bound', () => {
  it('is 64 MiB by default', () => {
    const cache = new JsonResponseCache(createMemoryStorage());
    expect(cache.maxBytes).toBe(JSON_CACHE_MAX_BYTES);
    expect(JSON_CACHE_MAX_BYTES).toBe(64 * 1024 * 1024);
  });

  it('never holds more than its bound in bytes while a crawler walks thousands of distinct pages', async () => {
    const maxBytes = 512 * 1024;
    // No count bound that could hide a missing byte bound.
    const cache = new JsonResponseCache(createMemoryStorage(), Number.POSITIVE_INFINITY, maxBytes);
    const encodings = ['br', 'gzip', undefined];
    let peak = 0;
    for (let offset = 0; offset < 1_500; offset += 1) {
      const { request, reply } = exchange(encodings[offset % 3]);
      await cache.send(request, reply, `communities:full:${offset}:100`, ['communities'], async () =>
        bulkyBody(offset),
      );
      peak = Math.max(peak, cache.bytes);
    }
    expect(peak).toBeLessThanOrEqual(maxBytes);
    // It did fill up to the bound (the count is real), and kept only what fits.
    expect(cache.bytes).toBeGreaterThan(maxBytes / 2);
    expect(cache.size).toBeLessThan(60);
  });

  it('counts compressed variants built after an entry was stored, and keeps within the bound', async () => {
    const maxBytes = 256 * 1024;
    const cache = new JsonResponseCache(createMemoryStorage(), Number.POSITIVE_INFINITY, maxBytes);
    for (let key = 0; key < 200; key += 1) {
      for (const encoding of ['br', 'gzip', undefined]) {
        const { request, reply } = exchange(encoding);
        await cache.send(request, reply, `listings:${key}`, ['listings'], async () => bulkyBody(key));
        expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
      }
    }
    const entry = cache.fresh('listings:199', ['listings'])!;
    const variants = entry.variants;
    const counted =
      ENTRY_OVERHEAD_BYTES +
      Buffer.byteLength('listings:199') +
      Buffer.byteLength(entry.payload) +
      Buffer.byteLength(entry.etag) +
      (variants.br!.body as Buffer).length +
      (variants.gzip!.body as Buffer).length;
    expect(entry.bytes).toBe(counted);
  });

  it('evicts the least recently used entry first: a page read again and again stays', async () => {
    const cache = new JsonResponseCache(createMemoryStorage(), Number.POSITIVE_INFINITY, 200 * 1024);
    let builtHot = 0;
    const readHot = async () => {
      const { request, reply } = exchange();
      await cache.send(request, reply, 'community:austin-point', ['communities'], async () => {
        builtHot += 1;
        return bulkyBody(-1);
      });
    };
    await readHot();
    for (let offset = 0; offset < 300; offset += 1) {
      const { request, reply } = exchange();
      await cache.send(request, reply, `communities:full:${offset}:7`, ['communities'], async () => bulkyBody(offset));
      await readHot();
    }
    expect(builtHot).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(200 * 1024);
  });
});

describe('the app under a crawler of offset/limit pairs and unknown filter values', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers every request and its read cache stays within its byte bound', async () => {
    const cache = testApp.app.publicReadCache;
    for (let index = 0; index < 600; index += 1) {
      const url =
        index % 2 === 0
          ? `/api/public/communities?view=full&offset=${index % 50}&limit=${1 + (index % 100)}`
          : `/api/public/listings?communityId=unknown-${index}`;
      const response = await testApp.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.bytes).toBeGreaterThan(600 * ENTRY_OVERHEAD_BYTES);
  });

  it('does not remember the parse of very long URLs (the memo stays small)', () => {
    const long = `/api/public/listings?communityId=${'a'.repeat(5_000)}`;
    // Parsed (and refused for the fast path) each time; a short one is still recognised.
    expect(publicReadForUrl(long)).toBeUndefined();
    expect(publicReadForUrl('/api/public/listings?communityId=abc')?.cacheKey).toBe('listings:community:abc');
  });
});
