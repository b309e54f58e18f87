/**
 * GET /api/health on PostgreSQL storage, over a real listening socket (so the raw fast path in front of Fastify
 * is in the way too): 200 while a `SELECT 1` through the adapter's pool answers, 503 within the timeout when the
 * pool cannot get a connection, 503 once the database is gone, and 200 again when it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_TIMEOUT_MS } from '../../api/routes/health';
import { openPostgresStorage, type PostgresStorage } from '../../api/storage/postgres-storage';
import { createTestApp, type TestApp } from '../support/api';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';

let cluster: PostgresCluster;
let t: TestApp | undefined;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await t?.close().catch(() => {});
  await cluster?.stop();
});

async function health(base: string) {
  const started = Date.now();
  const response = await fetch(`${base}/api/health`);
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    cacheControl: response.headers.get('cache-control'),
    ms: Date.now() - started,
  };
}

describe('GET /api/health on PostgreSQL', () => {
  it('200 while SELECT 1 answers, 503 when the pool or the database does not, never cached', async () => {
    // One connection in the pool, so the test can take it away; no polling or LISTEN to keep one busy.
    const storage = await openPostgresStorage({
      databaseUrl: await cluster.createDatabase('health'),
      maxConnections: 1,
      pollEveryMs: 0,
      listen: false,
      log: () => {},
    });
    t = await createTestApp({ seed: false, storage, config: { storage: 'postgres' } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const ok = await health(base);
    expect(ok).toMatchObject({ status: 200, body: { status: 'ok', storage: 'postgres' }, cacheControl: 'no-store' });

    // The only pooled connection is held: SELECT 1 waits for it, the check gives up after its timeout.
    const held = await (storage as PostgresStorage).pool.connect();
    const busy = await health(base);
    held.release();
    expect(busy).toMatchObject({ status: 503, body: { status: 'unavailable' }, cacheControl: 'no-store' });
    expect(busy.ms).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
    expect(busy.ms).toBeLessThan(HEALTH_TIMEOUT_MS + 2000);
    // Not remembered: the next call asks again.
    expect((await health(base)).status).toBe(200);

    // The database goes away: reads from the instance's mirror would still work, the health check says 503.
    await cluster.stop();
    const down = await health(base);
    expect(down).toMatchObject({ status: 503, body: { status: 'unavailable' }, cacheControl: 'no-store' });
  }, 60_000);
});
