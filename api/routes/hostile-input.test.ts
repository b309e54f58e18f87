/**
 * Hostile input, property-based (issue 6 item 4): every route the app serves (read from Fastify, so new routes
 * are covered without touching this file) gets random and malformed path parameters, query strings, headers and
 * bodies, with and without a token. Properties checked on every answer:
 * - never a 5xx (a 503 only while storage is made to refuse writes);
 * - a non-2xx answer stored nothing (storage compared record by record, and no upload file left behind);
 * - an /api error answer is `{ error: string }` JSON;
 * - Object.prototype is never polluted, and no file outside the uploads folder is ever served.
 *
 * Reproducible: the seed is HOSTILE_SEED when set, else random; a failure prints the seed and the counterexample
 * (fast-check's report: "seed: …, path: …"). Rerun with `HOSTILE_SEED=<seed> npx vitest run api/routes/hostile-input.test.ts`.
 * HOSTILE_RUNS sets the runs per route (default 40, tuned so the file stays well under 30 s on 2 cores);
 * HOSTILE_STATS=1 prints the answers per route and status at the end (to check what the generators reach).
 */
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/memory-storage';
import { communityBody, createTestApp, SUPER_ADMIN, type TestApp } from '../../tests/support/api';
import {
  FILE_NAME_MARKER,
  POLLUTION_KEY,
  hostileBody,
  hostileHeaders,
  hostilePathParam,
  hostileQuery,
  listFiles,
  listRoutes,
  snapshotStorage,
  switchableStorage,
  unexpectedChanges,
  validBodyFor,
  type AppRoute,
  type HostileBody,
  type HostileHeaders,
} from '../../tests/support/hostile-input';

const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 40);

const storage = switchableStorage(createMemoryStorage());
let t: TestApp;
let routes: AppRoute[];
let realIds: string[];
let communityId: string;
/** Answers by status over the whole file: the coverage check at the end reads them. */
const statusCounts = new Map<number, number>();
const routeStatus = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ seed: true, storage });
  routes = listRoutes(t.app);
  const communities = await storage.list('communities');
  const listings = await storage.list('listings');
  const properties = await storage.list('properties');
  const contacts = await t.request({
    method: 'POST',
    url: '/api/contacts',
    token: t.adminToken,
    json: { name: 'Lead', email: 'lead@example.com', message: 'Call me please.' },
  });
  communityId = communities[0]!.id;
  realIds = [
    communityId,
    communities[0]!.slug,
    listings[0]!.id,
    properties[0]!.id,
    (contacts.json() as { id: string }).id,
    t.admin.id,
    t.superAdmin.id,
  ];
});
afterAll(() => t?.close());

/** Fills the route pattern: `:param` with a hostile parameter, `*` with a hostile path. */
function urlFor(route: AppRoute, params: string[], query: string): string {
  let index = 0;
  const filled = route.url
    .replace(/:[A-Za-z]+/g, () => params[index++ % params.length]!)
    .replace(/\*$/, () => params.slice(0, 2).join('/'));
  return query ? `${filled}?${query}` : filled;
}

interface Attempt {
  route: AppRoute;
  params: string[];
  query: string;
  headers: HostileHeaders;
  body: HostileBody;
}

function injectOptions(attempt: Attempt): InjectOptions {
  const { route, headers, body } = attempt;
  const requestHeaders: Record<string, string> = { ...headers.extra };
  if (headers.auth === 'super') requestHeaders.authorization = `Bearer ${t.superToken}`;
  if (headers.auth === 'admin') requestHeaders.authorization = `Bearer ${t.adminToken}`;
  if (headers.auth === 'garbage') requestHeaders.authorization = headers.garbageToken;
  const contentType = headers.contentType === null ? body.contentType : headers.contentType;
  if (contentType !== undefined) requestHeaders['content-type'] = contentType;
  return {
    method: route.method as InjectOptions['method'],
    url: urlFor(route, attempt.params, attempt.query),
    headers: requestHeaders,
    ...(body.payload !== undefined && route.method !== 'GET' && route.method !== 'HEAD'
      ? { payload: body.payload }
      : {}),
  };
}

function describeAttempt(attempt: Attempt, options: InjectOptions): string {
  const headers = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name, String(value).slice(0, 120)]),
  );
  const payload = options.payload === undefined ? '(none)' : String(options.payload).slice(0, 300);
  return `${options.method} ${String(options.url).slice(0, 300)}\nheaders: ${JSON.stringify(headers)}\nbody (${attempt.body.label}): ${payload}`;
}

/** Sends one hostile request and checks every property; throws (with the request) when one fails. */
async function sendAndCheck(attempt: Attempt, options: { storageFailing: boolean }): Promise<void> {
  const request = injectOptions(attempt);
  const uploadsDir = path.join(t.config.dataDir, 'uploads');
  const before = await snapshotStorage(storage);
  const filesBefore = listFiles(uploadsDir);

  const response = await t.app.inject(request);
  statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
  if (process.env.HOSTILE_STATS) {
    const key = `${attempt.route.method} ${attempt.route.url} ${response.statusCode}`;
    routeStatus.set(key, (routeStatus.get(key) ?? 0) + 1);
  }
  const where = `\n${describeAttempt(attempt, request)}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`;

  const acceptable5xx = options.storageFailing ? [503] : [];
  if (response.statusCode >= 500 && !acceptable5xx.includes(response.statusCode)) {
    throw new Error(`server error${where}`);
  }
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, POLLUTION_KEY), `prototype polluted${where}`).toBe(
    false,
  );
  expect(({} as Record<string, unknown>)[POLLUTION_KEY], `prototype polluted${where}`).toBeUndefined();
  // Nothing outside the uploads folder is ever served: not the secret, the database or a system file.
  expect(response.body, `served a file it must not${where}`).not.toMatch(
    /root:[^:]*:0:0:|"collections"\s*:|test-secret-that-is-long/,
  );

  if (response.statusCode >= 300) {
    expect(await unexpectedChanges(storage, before), `a rejected request changed storage${where}`).toEqual([]);
    expect(listFiles(uploadsDir), `a rejected request left a file${where}`).toEqual(filesBefore);
    if (request.method !== 'HEAD' && String(request.url).startsWith('/api/') && response.statusCode !== 304) {
      const parsed = (() => {
        try {
          return response.json() as { error?: unknown };
        } catch {
          return undefined;
        }
      })();
      expect(typeof parsed?.error, `error answer is not { error: string } JSON${where}`).toBe('string');
    }
  }
  // Whatever the answer, uploaded files only ever get server-made names inside the uploads folder.
  for (const name of listFiles(uploadsDir)) {
    expect(name, `upload stored under a client-chosen name${where}`).toMatch(/^[0-9a-f]{16}-\d+\.(webp|jpg|png|avif)$/);
  }
}

function attemptFor(route: AppRoute): fc.Arbitrary<Attempt> {
  return fc.record({
    route: fc.constant(route),
    params: fc.array(hostilePathParam(realIds), { minLength: 2, maxLength: 2 }),
    query: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 2, arbitrary: hostileQuery }),
    headers: hostileHeaders,
    body: hostileBody(route, { communityId }),
  });
}

/**
 * Cases every route gets on every run, whatever the seed: a valid request (so writes really succeed and the
 * coverage check below holds), an oversized body, prototype keys, deep nesting, a text/plain JSON body, and
 * traversal in the path with repeated query keys.
 */
function examplesFor(route: AppRoute): [Attempt][] {
  const asSuper: HostileHeaders = { auth: 'super', garbageToken: '', contentType: null, extra: {} };
  const realParams = route.url.includes('admin/users') ? [t.admin.id, t.admin.id] : [realIds[0]!, realIds[0]!];
  const json = (label: string, payload: string): HostileBody => ({ payload, contentType: 'application/json', label });
  const valid = JSON.stringify(validBodyFor(route, { communityId }));
  const attempts: Attempt[] = [
    { route, params: realParams, query: '', headers: asSuper, body: json('valid body', valid) },
    {
      route,
      params: realParams,
      query: '',
      headers: asSuper,
      body: json('1.1 MB JSON', `{"a":"${'x'.repeat(1_100_000)}"}`),
    },
    {
      route,
      params: realParams,
      query: `__proto__[${POLLUTION_KEY}]=yes&constructor[prototype][${POLLUTION_KEY}]=yes`,
      headers: asSuper,
      body: json(
        'prototype keys',
        `{"__proto__":{"${POLLUTION_KEY}":"yes"},"constructor":{"prototype":{"${POLLUTION_KEY}":"yes"}},${valid.slice(1)}`,
      ),
    },
    {
      route,
      params: realParams,
      query: '',
      headers: asSuper,
      body: json('deep nesting', `${'['.repeat(50_000)}${']'.repeat(50_000)}`),
    },
    {
      route,
      params: realParams,
      query: '',
      headers: { ...asSuper, contentType: 'text/plain' },
      body: json('JSON sent as text/plain', valid),
    },
    {
      route,
      params: ['..%2f..%2fdb.json', '%2e%2e%2f%2e%2e%2fsecret'],
      query: 'communityId=a&communityId=b&status=NEW&status=SPAM&q=1&q=2',
      headers: { ...asSuper, auth: 'none' },
      body: json('valid body', valid),
    },
  ];
  return attempts.map((attempt) => [attempt]);
}

describe('hostile input on every route', () => {
  it('finds the routes of the app (the tests below are not vacuous)', () => {
    const signatures = routes.map((route) => `${route.method} ${route.url}`);
    expect(signatures).toEqual(
      expect.arrayContaining([
        'GET /api/public/communities/:id',
        'POST /api/public/contacts',
        'POST /api/contact',
        'PATCH /api/contacts/:id',
        'PUT /api/settings',
        'POST /api/upload',
        'POST /api/admin/login',
        'DELETE /api/admin/users/:id',
        'GET /*',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(45);
  });

  it('answers every route without a 5xx, and stores nothing from a rejected request', async () => {
    // One it() for all routes (a route list is only known after beforeAll), one property per route so every
    // route gets its runs; fast-check prints the seed and the shrunk request when one fails.
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(attemptFor(route), (attempt) => sendAndCheck(attempt, { storageFailing: false })),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, examples: examplesFor(route) },
      );
    }
    // The generators reach past the first checks: successes as well as each kind of refusal were seen.
    const seen = [...statusCounts.keys()];
    for (const status of [200, 201, 400, 401, 403, 404, 413, 415]) {
      expect(seen, `no ${status} answer in the whole run: the generators no longer reach that path`).toContain(status);
    }
  }, 180_000);

  it('answers 503 (never another 5xx) and stores nothing while storage refuses writes, and reads keep working', async () => {
    storage.failing = true;
    try {
      const anyRoute = fc.constantFrom(...routes).chain(attemptFor);
      await fc.assert(
        fc.asyncProperty(anyRoute, (attempt) => sendAndCheck(attempt, { storageFailing: true })),
        { seed: SEED, numRuns: RUNS_PER_ROUTE * 10 },
      );
      const read = await t.app.inject({ method: 'GET', url: '/api/public/communities' });
      expect(read.statusCode).toBe(200);
      const write = await t.request({
        method: 'POST',
        url: '/api/public/contacts',
        json: { name: 'A', email: 'a@example.com', message: 'Hello there.' },
      });
      expect(write.statusCode).toBe(503);
      expect(write.json().error).toEqual(expect.any(String));
    } finally {
      storage.failing = false;
    }
  }, 180_000);

  it('never wrote a hostile file name anywhere (traversal in upload names)', () => {
    const suspects = [t.config.dataDir, path.dirname(t.config.dataDir), os.tmpdir(), process.cwd()].flatMap((dir) =>
      existsSync(dir)
        ? readdirSync(dir)
            .filter((name) => name.includes(FILE_NAME_MARKER))
            .map((name) => path.join(dir, name))
        : [],
    );
    expect(suspects).toEqual([]);
    expect(listFiles(t.config.dataDir).filter((name) => name.includes(FILE_NAME_MARKER))).toEqual([]);
  });
});

afterAll(() => {
  if (process.env.HOSTILE_STATS)
    console.log(
      [...routeStatus]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
      statusCounts,
    );
});

/**
 * The attacks of issue 13 (items 1, 5, 6, 9, 13, 14), replayed on every run: each was reproduced against a real
 * server before its fix. Apps of their own, with the production login limit, so the property run above is not
 * slowed by limits and these are not disturbed by its random writes.
 */
describe('hostile-input round: issue 13', () => {
  let limited: TestApp;
  let communityId: string;
  beforeAll(async () => {
    limited = await createTestApp({ seed: true, config: { loginRateLimit: 10, contactRateLimit: 20 } });
    communityId = (await limited.storage.list('communities'))[0]!.id;
  });
  afterAll(() => limited?.close());

  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('answers a URL that cannot be decoded in the one error shape, with the security headers, echoing nothing', async () => {
    for (const url of ['/community/%ZZ', '/api/public/communities/%E0%A4%A', '/uploads/%E0%A4%A']) {
      const response = await limited.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'Malformed request.' });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers a deeply nested body on every JSON route with a 400 naming the depth, before parsing it', async () => {
    const writeRoutes = listRoutes(limited.app).filter(
      (route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && route.url.startsWith('/api/'),
    );
    expect(writeRoutes.length).toBeGreaterThanOrEqual(15);
    const bodies = [deep(450_000), `{"name":${deep(65)},"email":"a@example.com"}`];
    for (const route of writeRoutes) {
      for (const payload of bodies) {
        const response = await limited.request({
          method: route.method as InjectOptions['method'],
          url: route.url.replace(/:[A-Za-z]+/g, communityId),
          token: limited.superToken,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        // Status and message, not timing: the message is the depth check's, so JSON.parse never saw the body.
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
        expect(response.json().error, `${route.method} ${route.url}`).toMatch(/more than 64 levels/);
      }
    }
    // Brackets inside strings are text, and 64 levels are still parsed (the route then judges the body).
    const inString = await limited.request({
      method: 'POST',
      url: '/api/admin/login',
      json: { email: `${'['.repeat(100)}@example.com`, password: '"]]]\\"[[[' },
      remoteAddress: '192.0.2.200',
    });
    expect(inString.statusCode).toBe(401);
    const atLimit = await limited.request({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${deep(63)},"password":"x"}`,
      remoteAddress: '192.0.2.200',
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error).not.toMatch(/levels/);
  });

  it('refuses an address out of login tries with 429 before reading its body; a flood writes a bounded audit', async () => {
    const attacker = '203.0.113.99';
    const auditBefore = await limited.storage.count('audit');
    for (let i = 0; i < 10; i += 1) {
      const response = await limited.request({
        method: 'POST',
        url: '/api/admin/login',
        json: { email: `nobody-${i}@example.com`, password: 'guess-guess' },
        remoteAddress: attacker,
      });
      expect(response.statusCode).toBe(401);
    }
    // Malformed and deeply nested bodies: a 400 would mean the body was parsed first.
    for (const payload of ['{"email":', deep(450_000), '{"email":"a@example.com","password":"x"}']) {
      const response = await limited.request({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: attacker,
      });
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    await Promise.all(
      Array.from({ length: 2_000 }, (_, i) =>
        limited.request({
          method: 'POST',
          url: '/api/admin/login',
          json: { email: SUPER_ADMIN.email, password: `flood-${i}` },
          remoteAddress: attacker,
        }),
      ),
    );
    expect((await limited.storage.count('audit')) - auditBefore).toBeLessThanOrEqual(12);
  });

  it('lets a stolen token guess no more than the login form (kiosk pass, change-password)', async () => {
    const thief = '203.0.113.150';
    const guesses = [];
    for (let i = 0; i < 12; i += 1) {
      const url = i % 2 ? '/api/admin/kiosk-passes' : '/api/admin/change-password';
      const json =
        i % 2
          ? { communityId, password: `guess-${i}` }
          : { currentPassword: `guess-${i}`, newPassword: 'new-pass-123' };
      guesses.push(
        (await limited.request({ method: 'POST', url, json, token: limited.adminToken, remoteAddress: thief }))
          .statusCode,
      );
    }
    expect(guesses).toEqual([...Array(10).fill(400), 429, 429]);
    const audited = (await limited.storage.list('audit')).filter(
      (entry) => entry.action === 'admin.confirm-password' && entry.ip === thief,
    );
    expect(audited.length).toBeGreaterThanOrEqual(10);
  });

  it('refuses every token of an admin once deleted, even after the email is used again', async () => {
    const created = await limited.request({
      method: 'POST',
      url: '/api/admin/users',
      token: limited.superToken,
      json: { email: 'temp-agent@example.com', password: 'temp-agent-password' },
    });
    const login = await limited.request({
      method: 'POST',
      url: '/api/admin/login',
      json: { email: 'temp-agent@example.com', password: 'temp-agent-password' },
      remoteAddress: '192.0.2.201',
    });
    const token = login.json().token as string;
    await limited.request({
      method: 'DELETE',
      url: `/api/admin/users/${created.json().id}`,
      token: limited.superToken,
    });
    const again = await limited.request({
      method: 'POST',
      url: '/api/admin/users',
      token: limited.superToken,
      json: { email: 'temp-agent@example.com', password: 'temp-agent-password' },
    });
    expect(again.json().id).not.toBe(created.json().id);
    expect((await limited.request({ method: 'GET', url: '/api/contacts', token })).statusCode).toBe(401);
  });

  it('exports no cell a spreadsheet would run as a formula, whatever the separator, with a UTF-8 BOM', async () => {
    const hostileCells = ['ok;-2+3;@SUM(1)', '=1+1', '+1', '-1', '@SUM(1)', '\tx', '\rx', 'a,b', 'say "hi"', 'a\nb'];
    for (const [index, message] of hostileCells.entries()) {
      await limited.request({
        method: 'POST',
        url: '/api/contacts',
        token: limited.superToken,
        json: { name: `CSV ${index}`, email: `csv${index}@example.com`, message: `${message} padding text` },
      });
      await limited.request({
        method: 'POST',
        url: '/api/contacts',
        token: limited.superToken,
        json: { name: message.trim() || 'x', email: `csv-name${index}@example.com`, message: 'A message long enough.' },
      });
    }
    const csv = (await limited.request({ method: 'GET', url: '/api/contacts/export.csv', token: limited.superToken }))
      .body;
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv).toContain(`"ok;'-2+3;'@SUM(1) padding text"`);
    // Split as a spreadsheet set to ";" would split this comma-separated file (quotes honoured only at the start
    // of its own cells), or on ",", or line by line: no piece starts a formula.
    for (const line of csv.replace(/^\ufeff/, '').split(/\r\n|\n|\r/)) {
      for (const cell of line.split(/[;,]/)) expect(cell, line).not.toMatch(/^[=+\-@\t]/);
    }
  });

  it('refuses a slug that is an id (or looks like one) and names without a visible character', async () => {
    const create = (overrides: Record<string, unknown>) =>
      limited.request({
        method: 'POST',
        url: '/api/communities',
        token: limited.superToken,
        json: { ...communityBody(), ...overrides },
      });
    for (const slug of [communityId, '123e4567-e89b-12d3-a456-426614174000']) {
      const response = await create({ name: `Slug ${slug}`, slug });
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().details?.[0]?.path).toBe('slug');
    }
    const renamed = await limited.request({
      method: 'PUT',
      url: `/api/communities/${communityId}`,
      token: limited.superToken,
      json: { slug: (await limited.storage.list('communities'))[1]!.id },
    });
    expect(renamed.statusCode).toBe(400);
    // An id that is not a UUID (a record imported with its own id) is refused as a slug too.
    const legacy = (await limited.storage.list('communities'))[2]!;
    await limited.storage.transact((tx) =>
      tx.insert('communities', { ...legacy, id: 'legacy-oak-park', slug: 'legacy-oak-park-page' }),
    );
    const taken = await create({ name: 'Oak Park Again', slug: 'legacy-oak-park' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([{ path: 'slug', message: expect.stringMatching(/cannot look like/) }]);
    // A name that is only a UUID gets a slug that is not id-shaped.
    const uuidName = await create({ name: '123e4567-e89b-12d3-a456-426614174001' });
    expect(uuidName.statusCode).toBe(201);
    expect(uuidName.json().slug).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const name of ['\u200b\u200c\u200d', '\u202e\u2066\u2069', '\u00ad\ufeff', ' \u2060 ', '\u3164']) {
      const response = await create({ name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().details).toContainEqual({ path: 'name', message: 'Community Name is required' });
    }
    // Bidi overrides and zero-width characters are taken out of a name that has visible ones.
    const spoof = await create({ name: 'Lake\u202e side\u200b Estates' });
    expect(spoof.statusCode).toBe(201);
    expect(spoof.json().name).toBe('Lake side Estates');
  });
});
