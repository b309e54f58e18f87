/** Public reads (SPEC §7 "Public"), settings and site files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_LIST_FIELDS,
  communityInputSchema,
  DEFAULT_SITE_SETTINGS,
  MESSAGES,
  PUBLIC_LIST_PAGE_SIZE,
  toCommunityListItem,
} from '../../domain';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { communityBody, createTestApp, type TestApp } from '../../tests/support/api';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { DEMO_ADMIN_PASSWORD, firstAdminCredentials } from '../seed/first-start';
import { createMemoryStorage } from '../storage/memory-storage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('public reads', () => {
  it('lists the example communities without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/public/communities' });
    expect(response.statusCode).toBe(200);
    const slugs = response.json().map((community: { slug: string }) => community.slug);
    expect(slugs).toEqual(expect.arrayContaining(['austin-point', 'emberly', 'indigo', 'stonecreek-estates']));
  });

  it('lists communities as list items: the card and search fields, without the page-only parts', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/public/communities?view=list' })).json();
    const stored = await t.storage.list('communities');
    expect(list).toHaveLength(stored.length);
    for (const item of list)
      expect(Object.keys(item).sort()).toEqual([...COMMUNITY_LIST_FIELDS, 'builderNames'].sort());
    const full = await t.storage.get('communities', list[0].id);
    expect(list[0]).toEqual(toCommunityListItem(full as never));
  });

  it('gives whole records by default, as before list items existed (the offline pack)', async () => {
    const full = (await t.request({ method: 'GET', url: '/api/public/communities' })).json();
    expect((await t.request({ method: 'GET', url: '/api/public/communities?view=full' })).json()).toEqual(full);
    const stored = await t.storage.list('communities');
    expect(full).toEqual(JSON.parse(JSON.stringify(stored)));
    expect(full[0].sections.hero).toBeDefined();
  });

  it('answers pages of at most PUBLIC_LIST_PAGE_SIZE, by offset, and refuses bad paging with 400', async () => {
    const paged = await createTestApp({ seed: false });
    try {
      const total = PUBLIC_LIST_PAGE_SIZE * 2 + 17;
      await paged.storage.transact((tx) => {
        for (let index = 0; index < total; index += 1) {
          const body = communityInputSchema.parse(communityBody({ name: `Community ${index}` }));
          tx.insert('communities', { ...body, slug: `community-${index}` });
        }
      });
      const page = async (query: string) => {
        const response = await paged.request({ method: 'GET', url: `/api/public/communities${query}` });
        return { status: response.statusCode, body: response.json() };
      };
      const first = await page('');
      expect(first.body).toHaveLength(PUBLIC_LIST_PAGE_SIZE);
      const second = await page(`?offset=${PUBLIC_LIST_PAGE_SIZE}`);
      const last = await page(`?offset=${PUBLIC_LIST_PAGE_SIZE * 2}`);
      expect(last.body).toHaveLength(17);
      const names = [...first.body, ...second.body, ...last.body].map((item: { name: string }) => item.name);
      expect(names).toEqual(Array.from({ length: total }, (_, index) => `Community ${index}`));
      expect((await page('?limit=5&offset=3')).body.map((item: { name: string }) => item.name)).toEqual(
        names.slice(3, 8),
      );
      expect(first.body[0].sections.hero).toBeDefined();
      const listItems = await page(`?view=list&offset=${PUBLIC_LIST_PAGE_SIZE * 2}`);
      expect(listItems.body.map((item: { name: string }) => item.name)).toEqual(names.slice(PUBLIC_LIST_PAGE_SIZE * 2));
      expect(listItems.body[0].sections).toBeUndefined();
      for (const bad of [`?limit=${PUBLIC_LIST_PAGE_SIZE + 1}`, '?limit=0', '?offset=-1', '?offset=x', '?view=all']) {
        const refused = await page(bad);
        expect(refused.status, bad).toBe(400);
        expect(refused.body.error).toEqual(expect.any(String));
      }
    } finally {
      await paged.close();
    }
  });

  it('reads a community by id or by slug, and answers "Community Not Found" otherwise', async () => {
    const bySlug = await t.request({ method: 'GET', url: '/api/public/communities/emberly' });
    expect(bySlug.statusCode).toBe(200);
    const byId = await t.request({ method: 'GET', url: `/api/public/communities/${bySlug.json().id}` });
    expect(byId.json().slug).toBe('emberly');
    const missing = await t.request({ method: 'GET', url: '/api/public/communities/no-such-place' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MESSAGES.communityNotFound);
  });

  it('filters listings by community id or slug, and reads one listing', async () => {
    const community = (await t.request({ method: 'GET', url: '/api/public/communities/indigo' })).json();
    const byId = (await t.request({ method: 'GET', url: `/api/public/listings?communityId=${community.id}` })).json();
    const bySlug = (await t.request({ method: 'GET', url: '/api/public/listings?communityId=indigo' })).json();
    expect(byId.length).toBeGreaterThan(0);
    expect(bySlug).toEqual(byId);
    expect(byId.every((listing: { communityId: string }) => listing.communityId === community.id)).toBe(true);
    const one = await t.request({ method: 'GET', url: `/api/public/listings/${byId[0].id}` });
    expect(one.json().title).toBe(byId[0].title);
    const missing = await t.request({ method: 'GET', url: '/api/public/listings/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MESSAGES.listingNotFound);
  });

  it('keeps the whole listings list whatever filter a client sends first (no filter value shares its cache entry)', async () => {
    const all = (await t.request({ method: 'GET', url: '/api/public/listings' })).json();
    expect(all.length).toBeGreaterThan(0);
    for (const filter of ['*', '%2A', 'all', 'community:indigo']) {
      const filtered = await t.request({ method: 'GET', url: `/api/public/listings?communityId=${filter}` });
      expect(filtered.json(), filter).toEqual([]);
      expect((await t.request({ method: 'GET', url: '/api/public/listings' })).json(), filter).toHaveLength(all.length);
    }
  });

  it('answers 304 to a matching If-None-Match, and a fresh body after a change', async () => {
    const first = await t.request({ method: 'GET', url: '/api/public/communities' });
    const etag = first.headers.etag as string;
    const again = await t.request({
      method: 'GET',
      url: '/api/public/communities',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const community = first.json()[0];
    await t.request({
      method: 'PUT',
      url: `/api/communities/${community.id}`,
      token: t.adminToken,
      json: { priceRange: '$1M+' },
    });
    const changed = await t.request({
      method: 'GET',
      url: '/api/public/communities',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[0].priceRange).toBe('$1M+');
  });

  it('serves default settings publicly, and a super admin change applies there', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/public/settings' })).json();
    expect(before).toEqual(DEFAULT_SITE_SETTINGS);
    const general = { ...DEFAULT_SITE_SETTINGS.general, siteName: 'Bayou City Homes' };
    const saved = await t.request({ method: 'PUT', url: '/api/settings', token: t.superToken, json: { general } });
    expect(saved.statusCode).toBe(200);
    const after = (await t.request({ method: 'GET', url: '/api/public/settings' })).json();
    expect(after.general.siteName).toBe('Bayou City Homes');
    expect(after.seo).toEqual(DEFAULT_SITE_SETTINGS.seo);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/settings',
      token: t.superToken,
      json: { appearance: { primaryColor: 'blue;}', logoUrl: '', favicon: '' } },
    });
    expect(bad.statusCode).toBe(400);
    const adminRead = await t.request({ method: 'GET', url: '/api/settings', token: t.adminToken });
    expect(adminRead.json().general.siteName).toBe('Bayou City Homes');
  });

  it('refuses a blank site name, meta title or meta description and an overlong or malformed contact email, and changes nothing', async () => {
    const put = (json: unknown) => t.request({ method: 'PUT', url: '/api/settings', token: t.superToken, json });
    const read = async () => (await t.request({ method: 'GET', url: '/api/public/settings' })).json();
    const before = await read();
    const general = before.general;
    const longEmail = `${'a'.repeat(60)}@${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.example.com`;
    const cases: [unknown, string, string][] = [
      [{ general: { ...general, siteName: '   ' } }, 'general.siteName', 'Site name is required'],
      [{ seo: { ...DEFAULT_SITE_SETTINGS.seo, metaTitle: '' } }, 'seo.metaTitle', 'Meta title is required'],
      [
        { seo: { ...DEFAULT_SITE_SETTINGS.seo, metaDescription: ' ' } },
        'seo.metaDescription',
        'Meta description is required',
      ],
      [
        { general: { ...general, contactEmail: longEmail } },
        'general.contactEmail',
        'Please enter a valid email address',
      ],
      [
        { general: { ...general, contactEmail: 'jane..doe@example.com' } },
        'general.contactEmail',
        'Please enter a valid email address',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().details).toContainEqual({ path, message });
    }
    expect(await read()).toEqual(before);
    // Blank stays allowed for the email (the site then shows none), and spaces around an address are trimmed.
    const saved = await put({ general: { ...general, contactEmail: '  office@example.com ' } });
    expect(saved.statusCode).toBe(200);
    expect((await read()).general.contactEmail).toBe('office@example.com');
    expect((await put({ general: { ...general, contactEmail: '   ' } })).statusCode).toBe(200);
  });

  it('a settings change keeps the fields it does not send, in its group too (two super admins, two fields)', async () => {
    const put = (json: unknown) => t.request({ method: 'PUT', url: '/api/settings', token: t.superToken, json });
    const read = async () => (await t.request({ method: 'GET', url: '/api/public/settings' })).json();
    expect((await put({ general: { siteName: 'Bayou City Homes' } })).statusCode).toBe(200);
    const phone = await put({ general: { contactPhone: '(713) 555-0199' }, seo: { metaTitle: 'Bayou homes' } });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().general).toMatchObject({ siteName: 'Bayou City Homes', contactPhone: '(713) 555-0199' });
    const settings = await read();
    expect(settings.general).toEqual({
      ...DEFAULT_SITE_SETTINGS.general,
      siteName: 'Bayou City Homes',
      contactPhone: '(713) 555-0199',
    });
    expect(settings.seo).toEqual({ ...DEFAULT_SITE_SETTINGS.seo, metaTitle: 'Bayou homes' });
    // A field sent is still checked as before; nothing of a refused change is kept.
    const blank = await put({ general: { siteName: ' ', contactPhone: '1' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toContainEqual({ path: 'general.siteName', message: 'Site name is required' });
    expect(await read()).toEqual(settings);
  });

  it('never hands out credentials outside demo mode', async () => {
    const config = (await t.request({ method: 'GET', url: '/api/public/config' })).json();
    expect(config).toEqual({ demoMode: false });
  });
});

describe('demo mode', () => {
  it('hands the demo credentials to the login form', async () => {
    // server.ts passes firstAdminCredentials(config) as demoCredentials when DEMO_MODE is on.
    const config = testConfig({ demoMode: true, dataDir: t.config.dataDir });
    const app = await buildApp({
      config,
      storage: createMemoryStorage(),
      demoCredentials: firstAdminCredentials(config),
    });
    const answer = (await app.inject({ method: 'GET', url: '/api/public/config' })).json();
    expect(answer).toEqual({
      demoMode: true,
      demoCredentials: { email: 'admin@example.com', password: DEMO_ADMIN_PASSWORD },
    });
    await app.close();
  });
});

describe('site files and HTTP hygiene', () => {
  it('serves robots.txt that keeps /admin out', async () => {
    const response = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);
  });

  it('lists every community (by slug) and listing in sitemap.xml with lastmod', async () => {
    const response = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(response.headers['content-type']).toContain('application/xml');
    const communities = await t.storage.list('communities');
    const listings = await t.storage.list('listings');
    const urls = response.body.match(/<loc>/g) ?? [];
    // The pages that show no record: /, /communities, /search, /contact and the three legal pages.
    expect(urls).toHaveLength(7 + communities.length + listings.length);
    expect(response.body).toContain(`/community/austin-point</loc><lastmod>`);
    expect(response.body).toContain(`/listing/${listings[0]!.id}</loc>`);
  });

  it('sets security headers: a same-origin CSP on pages, and the JSON-relevant ones on API answers', async () => {
    const page = await t.request({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.request({ method: 'GET', url: '/api/public/communities' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('compresses large JSON for clients that accept it, with the whole body (reads and writes)', async () => {
    const read = await t.request({
      method: 'GET',
      url: '/api/public/listings',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(read.headers['content-encoding']).toBe('br');
    const listings = JSON.parse(brotliDecompressSync(read.rawPayload).toString());
    expect(listings).toHaveLength(await t.storage.count('listings'));

    // A write answer over the compression threshold must arrive whole too.
    const write = await t.request({
      method: 'POST',
      url: '/api/communities',
      token: t.adminToken,
      headers: { 'accept-encoding': 'gzip' },
      json: communityBody({ description: 'Lakes and trails. '.repeat(500) }),
    });
    expect(write.statusCode).toBe(201);
    expect(write.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(write.rawPayload).toString()).description).toContain('Lakes and trails.');
  });

  it('answers malformed JSON with 400, a wrong media type with 415 and a huge body with 413, storing nothing', async () => {
    const before = await t.storage.count('contacts');
    const malformed = await t.request({
      method: 'POST',
      url: '/api/public/contacts',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual(expect.any(String));
    const wrongType = await t.request({
      method: 'POST',
      url: '/api/public/contacts',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(wrongType.statusCode).toBe(415);
    const huge = await t.request({
      method: 'POST',
      url: '/api/public/contacts',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await t.storage.count('contacts')).toBe(before);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: MESSAGES.notFound });
  });
});

describe('home page before the web app is built', () => {
  it('shows where the API is instead of an error', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('/api/public/communities');
  });
});
