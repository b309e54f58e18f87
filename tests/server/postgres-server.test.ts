/**
 * The real server process (api/server.ts) with STORAGE=postgres: configuration errors, an unreachable database,
 * and two processes on one database sharing the JWT secret created once in it (no JWT_SECRET given).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import {
  getJson,
  killAllServers,
  login,
  makeTempDir,
  postJson,
  removeTempDirs,
  runUntilExit,
  startServer,
} from './server-process';

const SLOW = 90_000;
const ADMIN = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' };

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterEach(async () => {
  await killAllServers();
  removeTempDirs();
});
afterAll(async () => {
  await killAllServers();
  removeTempDirs();
  await cluster?.stop();
});

describe('server process on PostgreSQL', () => {
  it('test support fails (never skips) with how to install PostgreSQL when it is missing', () => {
    expect(() => findPostgresBin({ PG_BIN: '/nonexistent/postgresql/bin' })).toThrow(/apt-get install -y postgresql/);
    expect(findPostgresBin({})).toMatch(/\/bin$/);
  });

  it('refuses STORAGE=postgres without a valid DATABASE_URL, naming the variable', async () => {
    const missing = await runUntilExit({ dataDir: makeTempDir(), env: { STORAGE: 'postgres' } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/DATABASE_URL: is required with STORAGE=postgres/);
    const wrong = await runUntilExit({
      dataDir: makeTempDir(),
      env: { STORAGE: 'postgres', DATABASE_URL: 'mysql://localhost/houston', PORT: 'x' },
    });
    expect(wrong.code).toBe(1);
    // Every bad variable in one message.
    expect(wrong.stderr).toMatch(/DATABASE_URL: must be a PostgreSQL URL/);
    expect(wrong.stderr).toMatch(/PORT: /);
  });

  it('stops with one clear line when the database cannot be reached, without printing the password', async () => {
    const result = await runUntilExit({
      dataDir: makeTempDir(),
      env: { STORAGE: 'postgres', DATABASE_URL: 'postgres://houston:hunter2-secret@127.0.0.1:1/houston' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Cannot open the PostgreSQL storage at postgres:\/\/houston:\*\*\*@127\.0\.0\.1:1\//);
    expect(result.output).not.toContain('hunter2-secret');
  });

  it(
    'two processes on one database: one first start, a shared JWT secret, each other’s writes, clean SIGTERM',
    async () => {
      const databaseUrl = await cluster.createDatabase('servers');
      const env = { STORAGE: 'postgres', DATABASE_URL: databaseUrl, ...ADMIN };
      const a = await startServer({ dataDir: makeTempDir(), env });
      expect(a.stdout()).toMatch(/storage: PostgreSQL postgres:\/\/postgres@127\.0\.0\.1/);
      expect(a.stdout()).toMatch(/first start: example communities/);
      const b = await startServer({ dataDir: makeTempDir(), env });
      // B finds the admin and the content A created: it is not a first start.
      expect(b.stdout()).not.toMatch(/first super admin|first start/);

      const { status, token } = await login(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      expect(status).toBe(200);
      // A token signed by A is accepted by B: the secret was created once in the database.
      const onB = await getJson<unknown[]>(`${b.url}/api/contacts`, token);
      expect(onB.status).toBe(200);

      const created = await postJson(
        `${b.url}/api/communities`,
        {
          name: 'Written On B',
          location: 'Katy, TX',
          description: 'Created through the second process.',
          amenities: ['Pool'],
        },
        token,
      );
      expect(created.status).toBe(201);
      const { slug } = (await created.json()) as { slug: string };
      // A learns of it through NOTIFY (or its 1 s timer at worst).
      await vi.waitFor(
        async () => expect((await getJson(`${a.url}/api/public/communities/${slug}`)).status).toBe(200),
        { timeout: 5000, interval: 20 },
      );

      const [stopA, stopB] = await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
      expect(stopA.code).toBe(0);
      expect(stopB.code).toBe(0);
    },
    SLOW,
  );
});
