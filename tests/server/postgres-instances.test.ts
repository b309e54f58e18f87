/**
 * Two API instances (two buildApp, each with its own PostgreSQL storage and so its own mirror, JSON cache and
 * connection pool) on one database, in one process: the guarantees of one instance hold across both (issue 16).
 * Requests go through app.inject, so what is tested is the storage path, not a load balancer.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { testConfig } from '../../api/config';
import { parseSeed } from '../../data-seed';
import { ensureFirstStart } from '../../api/seed/first-start';
import { postgresRateLimitStore } from '../../api/storage/postgres-rate-limits';
import { openPostgresStorage, type PostgresStorage } from '../../api/storage/postgres-storage';
import { startPostgresUploads, type PostgresUploads } from '../../api/uploads/postgres-uploads';
import { communityBody, createTestApp, type TestApp } from '../support/api';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

type Send = (options: InjectOptions & { token?: string; json?: unknown }) => Promise<LightMyRequestResponse>;

const sender =
  (app: FastifyInstance): Send =>
  ({ token, json, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
    });

interface Pair {
  a: TestApp & { storage: PostgresStorage };
  b: { app: FastifyInstance; storage: PostgresStorage; request: Send; dataDir: string };
  token: string;
  databaseUrl: string;
}

let pair: Pair | undefined;
const dataDirs: string[] = [];

/**
 * Instance A is the usual test app (example data, admins) on PostgreSQL; instance B opens the same database
 * afterwards, as a second server would. Neither polls. With `listen: false` neither hears the other's NOTIFY
 * either, so the only way a write learns about the other instance's writes is the catch-up under the write lock:
 * the If-Match and Idempotency-Key tests use that, so a race won by a quick notification cannot hide a broken lock
 * path. The cache test listens, and exercises NOTIFY alone.
 */
async function twoInstances({
  listen,
  loginRateLimit = 0,
}: {
  listen: boolean;
  loginRateLimit?: number;
}): Promise<Pair> {
  const databaseUrl = await cluster.createDatabase('instances');
  const storageA = await openPostgresStorage({ databaseUrl, pollEveryMs: 0, listen });
  // As server.ts does with STORAGE=postgres: rate limits and password failures are counted in the database.
  const a = (await createTestApp({
    storage: storageA,
    config: { loginRateLimit },
    rateLimits: postgresRateLimitStore(storageA.pool),
  })) as Pair['a'];
  const storageB = await openPostgresStorage({ databaseUrl, pollEveryMs: 0, listen });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hc-api-test-'));
  dataDirs.push(dataDir);
  // The same secret as A (testConfig's fixed one): with STORAGE=postgres and no JWT_SECRET, server.ts gives every
  // instance the one created once in the database.
  const appB = await buildApp({
    config: testConfig({ dataDir, loginRateLimit }),
    storage: storageB,
    rateLimits: postgresRateLimitStore(storageB.pool),
  });
  pair = { a, b: { app: appB, storage: storageB, request: sender(appB), dataDir }, token: a.adminToken, databaseUrl };
  return pair;
}

const uploadReplicas: PostgresUploads[] = [];

afterEach(async () => {
  for (const uploads of uploadReplicas.splice(0)) await uploads.stop();
  if (pair) {
    await pair.b.app.close();
    await pair.b.storage.close();
    await pair.a.close();
    pair = undefined;
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('two API instances on one PostgreSQL database', () => {
  it('50 concurrent If-Match updates of one record spread over both: exactly one 200, the rest 412', async () => {
    const { a, b, token } = await twoInstances({ listen: false });
    const created = await a.request({ method: 'POST', url: '/api/communities', token, json: communityBody() });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? a.request : b.request)({
          method: 'PUT',
          url: `/api/communities/${id}`,
          token,
          headers: { 'if-match': '"1"' },
          json: { priceRange: `$${i}00s` },
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 412)).toHaveLength(49);
    // Both instances took part, and both refused some: the check is not one instance's alone.
    expect(new Set(responses.filter((_, i) => i % 2 === 0).map((r) => r.statusCode)).has(412)).toBe(true);
    expect(new Set(responses.filter((_, i) => i % 2 === 1).map((r) => r.statusCode)).has(412)).toBe(true);

    const winner = responses.find((response) => response.statusCode === 200)!.json();
    expect(winner.version).toBe(2);
    await a.storage.catchUp();
    await b.storage.catchUp();
    expect(await a.storage.get('communities', id)).toEqual(winner);
    expect(await b.storage.get('communities', id)).toEqual(winner);
    // One audit entry for the create and one for the single successful update.
    const audit = (await a.storage.list('audit')).filter((entry) => entry.entityId === id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['community.create', 'community.update'].sort());
  });

  it('the same Idempotency-Key sent to both: one effect, the same answer', async () => {
    const { a, b, token } = await twoInstances({ listen: false });
    const before = await a.storage.count('communities');
    const headers = { 'idempotency-key': 'two-instances-0001' };
    const body = communityBody({ name: 'Sent Twice' });
    const [fromA, fromB] = await Promise.all([
      a.request({ method: 'POST', url: '/api/communities', token, headers, json: body }),
      b.request({ method: 'POST', url: '/api/communities', token, headers, json: body }),
    ]);
    expect(fromA.statusCode).toBe(201);
    expect(fromB.statusCode).toBe(201);
    expect(fromB.json()).toEqual(fromA.json());
    expect([fromA.headers['idempotent-replayed'], fromB.headers['idempotent-replayed']].sort()).toEqual([
      'true',
      undefined,
    ]);
    await a.storage.catchUp();
    await b.storage.catchUp();
    expect(await a.storage.count('communities')).toBe(before + 1);
    expect(await b.storage.count('communities')).toBe(before + 1);
    const created = (await b.storage.list('audit')).filter((entry) => entry.action === 'community.create');
    expect(created).toHaveLength(1);
  });

  it('a login limit is reached across both: failures on A and B count against one limit', async () => {
    const { a, b } = await twoInstances({ listen: false, loginRateLimit: 4 });
    const wrong = { email: 'admin@example.com', password: 'not-the-password' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await (i % 2 === 0 ? a.request : b.request)({
        method: 'POST',
        url: '/api/admin/login',
        json: wrong,
        remoteAddress: '203.0.113.40',
      });
      codes.push(response.statusCode);
    }
    // With a count per instance, each would allow 4 failures (8 in all) before its first 429.
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    // Another address is not blocked by these failures, on either instance.
    const other = await b.request({
      method: 'POST',
      url: '/api/admin/login',
      json: wrong,
      remoteAddress: '198.51.100.4',
    });
    expect(other.statusCode).toBe(401);
  });

  it('an admin deleted, whose password changed or who logged out, on A is refused by B at once (no NOTIFY, no polling)', async () => {
    const { a, b } = await twoInstances({ listen: false });
    const token = a.superToken;
    const login = async (send: Send, email: string, password: string) =>
      send({ method: 'POST', url: '/api/admin/login', json: { email, password } });
    const created = await a.request({
      method: 'POST',
      url: '/api/admin/users',
      token,
      json: { email: 'second.super@example.com', password: 'second-super-pass-1', role: 'SUPER_ADMIN' },
    });
    expect(created.statusCode).toBe(201);
    const signedIn = await login(b.request, 'second.super@example.com', 'second-super-pass-1');
    expect(signedIn.statusCode).toBe(200);
    const secondToken = signedIn.json().token as string;
    expect((await b.request({ method: 'GET', url: '/api/admin/users', token: secondToken })).statusCode).toBe(200);

    // Password changed on A: B refuses the old token and the old password on the next request.
    const changed = await a.request({
      method: 'POST',
      url: '/api/admin/change-password',
      token: secondToken,
      json: { currentPassword: 'second-super-pass-1', newPassword: 'second-super-pass-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await b.request({ method: 'GET', url: '/api/admin/users', token: secondToken })).statusCode).toBe(401);
    expect((await login(b.request, 'second.super@example.com', 'second-super-pass-1')).statusCode).toBe(401);
    const again = await login(b.request, 'second.super@example.com', 'second-super-pass-2');
    expect(again.statusCode).toBe(200);
    const newToken = again.json().token as string;

    // Logged out on A: B refuses that token on the next request, and still takes the admin's other session.
    const tablet = (await login(a.request, 'second.super@example.com', 'second-super-pass-2')).json().token as string;
    expect((await a.request({ method: 'POST', url: '/api/admin/logout', token: tablet })).statusCode).toBe(200);
    expect((await b.request({ method: 'GET', url: '/api/admin/users', token: tablet })).statusCode).toBe(401);
    expect((await b.request({ method: 'GET', url: '/api/admin/users', token: newToken })).statusCode).toBe(200);

    // Deleted on A: B refuses the account's token on the next request.
    const deleted = await a.request({ method: 'DELETE', url: `/api/admin/users/${created.json().id}`, token });
    expect(deleted.statusCode).toBe(200);
    const refused = await b.request({ method: 'GET', url: '/api/admin/users', token: newToken });
    expect(refused.statusCode).toBe(401);
  });

  it('two instances starting together on an empty database: one first start, both start', async () => {
    const databaseUrl = await cluster.createDatabase('first_start');
    const storages = await Promise.all([
      openPostgresStorage({ databaseUrl, pollEveryMs: 0, listen: false }),
      openPostgresStorage({ databaseUrl, pollEveryMs: 0, listen: false }),
    ]);
    try {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hc-api-test-'));
      dataDirs.push(dataDir);
      const config = testConfig({ dataDir, adminPassword: 'first-start-pass-1' });
      const results = await Promise.all(storages.map((storage) => ensureFirstStart(storage, config)));
      expect(results.filter((result) => result.createdAdmin)).toHaveLength(1);
      expect(results.filter((result) => result.seededContent)).toHaveLength(1);
      for (const storage of storages) await storage.upToDate();
      expect(await storages[0]!.count('adminUsers')).toBe(1);
      expect(await storages[1]!.count('communities')).toBe(parseSeed().communities.length);
    } finally {
      for (const storage of storages) await storage.close();
    }
  });

  it("a write on A is in B's next public read, through B's JSON cache (NOTIFY, no polling)", async () => {
    const { a, b, token } = await twoInstances({ listen: true });
    const [community] = await b.storage.list('communities');
    const url = `/api/public/communities/${community!.id}`;
    // B caches the answer (the second read is served from the cache: same ETag).
    const first = await b.request({ method: 'GET', url });
    const cached = await b.request({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(cached.headers.etag).toBe(first.headers.etag);

    const updated = await a.request({
      method: 'PUT',
      url: `/api/communities/${community!.id}`,
      token,
      json: { name: 'Renamed On A' },
    });
    expect(updated.statusCode).toBe(200);
    // The notification of A's commit reaches B's LISTEN connection within milliseconds; nothing else tells B
    // (pollEveryMs 0, and B does not write). Bounded at 2 s so that a missed notification fails the test.
    const started = Date.now();
    while (b.storage.seq < a.storage.seq) {
      if (Date.now() - started > 2000) throw new Error(`B is still at seq ${b.storage.seq}, A at ${a.storage.seq}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const next = await b.request({ method: 'GET', url });
    expect(next.statusCode).toBe(200);
    expect(next.json().name).toBe('Renamed On A');
    expect(next.headers.etag).not.toBe(first.headers.etag);
  });

  it('an image uploaded on A is stored in the database and served by B at the same immutable URL', async () => {
    const { a, b, token, databaseUrl } = await twoInstances({ listen: true });
    // What server.ts does for each instance with STORAGE=postgres (no timer: NOTIFY and the start sync only).
    for (const [storage, dataDir] of [
      [a.storage, a.config.dataDir],
      [b.storage, b.dataDir],
    ] as const) {
      uploadReplicas.push(
        await startPostgresUploads({
          pool: storage.pool,
          databaseUrl,
          uploadsDir: path.join(dataDir, 'uploads'),
          syncEveryMs: 0,
        }),
      );
    }
    const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const uploaded = await a.request({
      method: 'POST',
      url: '/api/upload',
      token,
      json: { filename: 'house.jpg', file: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    expect(uploaded.statusCode).toBe(201);
    const { url, variants } = uploaded.json() as { url: string; variants: { url: string }[] };

    // In the table before the answer: every variant, as bytea.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ name: string; bytes: Buffer }>(
      'SELECT name, bytes FROM uploads ORDER BY name',
    );
    await client.end();
    expect(rows.map((row) => `/uploads/${row.name}`).sort()).toEqual(variants.map((variant) => variant.url).sort());

    // B copies it from the database on the notification (bounded: a lost one fails the test), then serves it.
    const onB = path.join(b.dataDir, 'uploads', path.basename(url));
    const started = Date.now();
    while (!existsSync(onB)) {
      if (Date.now() - started > 2000) throw new Error(`B never received ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const fromA = await a.request({ method: 'GET', url });
    const fromB = await b.request({ method: 'GET', url });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['cache-control']).toContain('immutable');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(readFileSync(onB).equals(rows.find((row) => url.endsWith(row.name))!.bytes)).toBe(true);

    // A third instance starting with an empty folder gets every upload at start.
    const dataDirC = mkdtempSync(path.join(os.tmpdir(), 'hc-api-test-'));
    dataDirs.push(dataDirC);
    uploadReplicas.push(
      await startPostgresUploads({
        pool: b.storage.pool,
        databaseUrl,
        uploadsDir: path.join(dataDirC, 'uploads'),
        syncEveryMs: 0,
      }),
    );
    expect(existsSync(path.join(dataDirC, 'uploads', path.basename(url)))).toBe(true);
  });
});
