/**
 * PageCache without the web build (the pages themselves are tested in tests/e2e/page-cache.e2e.ts): byte bounds,
 * the separate store for query and 404 pages, revisions, cheap then refined compression, and ETag matching.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/memory-storage';
import { etagMatches, PAGE_CACHE_MAX_BYTES, PAGE_CACHE_OTHER_MAX_BYTES, PageCache } from './page-cache';
import { JSON_CACHE_MAX_BYTES } from '../http/json-cache';

/** About 50 KB of HTML that compresses like a real page (repetitive markup, varying text). */
function html(seed: number): string {
  const cards = Array.from(
    { length: 250 },
    (_, index) =>
      `<li class="card"><a href="/listing/${seed}-${index}">Home ${(seed * 31 + index * 17) % 997}</a></li>`,
  );
  return `<!doctype html><html><body><ul>${cards.join('')}</ul></body></html>`;
}

const ORIGIN = 'http://127.0.0.1:3000';
const page = (seed: number, statusCode: 200 | 404 = 200) => ({
  statusCode,
  html: html(seed),
  cacheControl: 'no-cache',
  routed: true,
});

describe('PageCache', () => {
  it('is bounded at 48 MiB for shared pages and 16 MiB for query and 404 pages: 64 MiB with the JSON cache’s 64', () => {
    const cache = new PageCache(createMemoryStorage());
    expect(PAGE_CACHE_MAX_BYTES + PAGE_CACHE_OTHER_MAX_BYTES).toBe(64 * 1024 * 1024);
    expect(cache.maxBytes).toBe(64 * 1024 * 1024);
    expect(JSON_CACHE_MAX_BYTES).toBe(64 * 1024 * 1024);
  });

  it('never holds more than its bounds, compressed variants counted, while a crawler walks thousands of URLs', () => {
    const plainBound = 400 * 1024;
    const otherBound = 200 * 1024;
    const cache = new PageCache(createMemoryStorage(), plainBound, otherBound);
    const shared = cache.add(`${ORIGIN}/community/austin-point`, cache.revisions(), page(-1), true);
    cache.answer(shared, undefined, 'br');
    for (let index = 0; index < 400; index += 1) {
      const url = index % 2 === 0 ? `${ORIGIN}/search?q=${index}` : `${ORIGIN}/unknown-${index}`;
      const entry = cache.add(url, cache.revisions(), page(index, index % 2 === 0 ? 200 : 404), true);
      cache.answer(entry, undefined, ['br', 'gzip', undefined][index % 3]);
      expect(cache.bytes).toBeLessThanOrEqual(plainBound + otherBound);
      // The crawler's pages churn their own store only: the shared page stays.
      expect(cache.fresh(`${ORIGIN}/community/austin-point`)).toBe(shared);
    }
    expect(cache.bytes).toBeGreaterThan(otherBound / 2);

    // Nor do a client's percent-encoded paths or other Hosts: each renders the same page under a new key.
    for (let index = 0; index < 400; index += 1) {
      const url =
        index % 2 === 0
          ? `${ORIGIN}/community/%61ustin-point${'%2D'.repeat(index)}`
          : `http://host-${index}.example/community/austin-point`;
      const entry = cache.add(url, cache.revisions(), page(index), true);
      cache.answer(entry, undefined, 'br');
      expect(cache.bytes).toBeLessThanOrEqual(plainBound + otherBound);
    }
    // Not read meanwhile (a page read less often than the flood's cycle), and still kept.
    expect(cache.fresh(`${ORIGIN}/community/austin-point`)).toBe(shared);

    // Plain pages past their own bound: the least recently used go, the bound holds.
    for (let index = 0; index < 100; index += 1) {
      const entry = cache.add(`${ORIGIN}/listing/${index}`, cache.revisions(), page(index), true);
      cache.answer(entry, undefined, 'gzip');
      expect(cache.bytes).toBeLessThanOrEqual(plainBound + otherBound);
    }
  });

  it('uses an entry only while communities, listings and settings are unchanged', async () => {
    const storage = createMemoryStorage();
    const cache = new PageCache(storage);
    type Write = (tx: Parameters<Parameters<typeof storage.transact>[0]>[0]) => unknown;
    const writes: Write[] = [
      (tx) => tx.insert('settings', { id: 'site' } as never),
      (tx) => tx.insert('listings', { title: 'x' } as never),
      (tx) => tx.insert('communities', { name: 'x', slug: 'x-1' } as never),
    ];
    for (const write of writes) {
      cache.add(`${ORIGIN}/`, cache.revisions(), page(1), true);
      expect(cache.fresh(`${ORIGIN}/`)).toBeDefined();
      await storage.transact(write);
      expect(cache.fresh(`${ORIGIN}/`)).toBeUndefined();
    }
    // A write elsewhere (a lead) keeps it.
    cache.add(`${ORIGIN}/`, cache.revisions(), page(1), true);
    await storage.transact((tx) => tx.insert('contacts', { name: 'x' } as never));
    expect(cache.fresh(`${ORIGIN}/`)).toBeDefined();
  });

  it('keeps no page across a change of year in Houston (the footer shows the current year)', () => {
    // 11:59:59 PM on 31 December in Houston (CST, UTC−6): already 2027 in UTC, still 2026 on the footer.
    let now = new Date(Date.UTC(2027, 0, 1, 5, 59, 59));
    const cache = new PageCache(createMemoryStorage(), undefined, undefined, () => now);
    cache.add(`${ORIGIN}/`, cache.revisions(), page(1), true);
    expect(cache.fresh(`${ORIGIN}/`)).toBeDefined();
    now = new Date(Date.UTC(2027, 0, 1, 6, 0, 1));
    expect(cache.fresh(`${ORIGIN}/`)).toBeUndefined();
    // Rendered again in the new year, it is kept again.
    cache.add(`${ORIGIN}/`, cache.revisions(), page(2), true);
    expect(cache.fresh(`${ORIGIN}/`)?.payload.toString()).toBe(html(2));
  });

  it('compresses cheaply at first, then swaps in brotli 11 and gzip 9 once asked for again', async () => {
    const cache = new PageCache(createMemoryStorage());
    const key = `${ORIGIN}/communities`;
    const entry = cache.add(key, cache.revisions(), page(7), true);
    const coldBr = cache.answer(entry, undefined, 'gzip, deflate, br').body as Buffer;
    const coldGzip = cache.answer(entry, undefined, 'gzip').body as Buffer;
    expect(entry.refined).toBe(false);
    cache.fresh(key);
    await cache.settled();
    const warmBr = cache.answer(entry, undefined, 'br').body as Buffer;
    const warmGzip = cache.answer(entry, undefined, 'gzip').body as Buffer;
    expect(warmBr.length).toBeLessThan(coldBr.length);
    // gzip 9 is not always smaller than 5 on so repetitive a page; it is the new buffer.
    expect(warmGzip).not.toBe(coldGzip);
    expect(brotliDecompressSync(warmBr).toString()).toBe(html(7));
    expect(gunzipSync(warmGzip).toString()).toBe(html(7));
    expect(cache.answer(entry, undefined, undefined).body).toEqual(Buffer.from(html(7)));
  });

  it('keeps nothing for an answer it was told not to keep', () => {
    const cache = new PageCache(createMemoryStorage());
    const entry = cache.add(`${ORIGIN}/search?q=${'x'.repeat(600)}`, cache.revisions(), page(1), false);
    cache.answer(entry, undefined, 'br');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

describe('etagMatches', () => {
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['"ab"', false],
    [undefined, false],
  ])('If-None-Match %s → %s', (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});
