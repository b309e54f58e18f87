/**
 * sitemap.xml (audit-seo finding 3): every indexable public page, /search and the legal pages included; a
 * community's lastmod follows its homes too; / and /communities carry none, as a delete would move it backwards.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webAppIsBuilt } from '../ssr/ssr-routes';
import { communityBody, createTestApp, type TestApp } from '../../tests/support/api';

function entries(xml: string): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  for (const match of xml.matchAll(
    /<url><loc>https?:\/\/[^/<]+([^<]*)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g,
  )) {
    found.set(match[1]!, match[2]);
  }
  return found;
}

const STATIC_PAGES = [
  '/',
  '/communities',
  '/search',
  '/contact',
  '/legal/privacy-policy',
  '/legal/brokerage-services',
  '/legal/consumer-protection',
];

describe('sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const sitemap = async () => entries((await t.request({ url: '/sitemap.xml' })).body);

  it('lists /search and the legal pages with the other pages that show no record, without lastmod', async () => {
    const listed = await sitemap();
    for (const page of STATIC_PAGES) {
      expect(listed.has(page), page).toBe(true);
      expect(listed.get(page), page).toBeUndefined();
    }
    const communities = await t.storage.list('communities');
    const listings = await t.storage.list('listings');
    expect(listed.size).toBe(STATIC_PAGES.length + communities.length + listings.length);
  });

  it('moves a community’s lastmod when one of its listings is edited', async () => {
    const [listing] = await t.storage.list('listings');
    const community = (await t.storage.get('communities', listing!.communityId))!;
    const edited = await t.request({
      method: 'PUT',
      url: `/api/listings/${listing!.id}`,
      token: t.adminToken,
      json: { price: listing!.price + 1 },
    });
    expect(edited.statusCode).toBe(200);
    const updatedAt = edited.json().updatedAt as string;
    expect(updatedAt > community.updatedAt).toBe(true);
    const listed = await sitemap();
    expect(listed.get(`/community/${community.slug}`)).toBe(updatedAt);
    expect(listed.get(`/listing/${listing!.id}`)).toBe(updatedAt);
  });

  it('never moves / or /communities backwards when the newest community is deleted', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.superToken,
      json: communityBody(),
    });
    expect(created.statusCode).toBe(201);
    const before = await sitemap();
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/communities/${created.json().id}`,
      token: t.superToken,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const after = await sitemap();
    // Listed before and after, and without a lastmod that a delete could move backwards.
    for (const page of ['/', '/communities']) {
      for (const listed of [before, after]) {
        expect(listed.has(page), page).toBe(true);
        expect(listed.get(page), page).toBeUndefined();
      }
    }
  });

  it('is built once per change of the data it lists: kept compressed, 304 to its ETag, never stale after a write', async () => {
    const first = await t.request({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(first.headers['content-encoding']).toBe('br');
    const plain = await t.request({ url: '/sitemap.xml' });
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);

    const list = vi.spyOn(t.storage, 'list');
    try {
      const repeat = await t.request({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
      expect(repeat.rawPayload.equals(first.rawPayload)).toBe(true);
      const revalidated = await t.request({ url: '/sitemap.xml', headers: { 'if-none-match': first.headers.etag } });
      expect(revalidated.statusCode).toBe(304);
      expect(list, 'the sitemap was built again with nothing changed').not.toHaveBeenCalled();

      const created = await t.request({
        method: 'POST',
        url: '/api/communities',
        token: t.superToken,
        json: communityBody({ name: 'Sitemap Springs' }),
      });
      expect(created.statusCode).toBe(201);
      const after = await t.request({ url: '/sitemap.xml', headers: { 'if-none-match': first.headers.etag } });
      expect(after.statusCode).toBe(200);
      expect(entries(after.body).has(`/community/${created.json().slug}`)).toBe(true);
    } finally {
      list.mockRestore();
    }
  });
});

// Skipped without dist/ (`npm run test:unit` alone): pages render from the build, which `npm test` makes first.
describe.skipIf(!webAppIsBuilt())('the pages sitemap.xml lists (web build)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { serveWebApp: true } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer 200 and may be indexed', async () => {
    const listed = entries((await t.request({ url: '/sitemap.xml' })).body);
    for (const page of STATIC_PAGES) {
      expect(listed.has(page), page).toBe(true);
      const response = await t.request({ url: page, headers: { accept: 'text/html' } });
      expect(response.statusCode, page).toBe(200);
      expect(response.body, page).not.toMatch(/<meta[^>]*name="robots"[^>]*noindex/);
    }
  });
});
