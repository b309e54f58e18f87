/** Rate limits in PostgreSQL: the store contract, and counts shared by every instance on one database. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../tests/support/postgres-cluster';
import { runRateLimitContract } from '../security/rate-limit-contract';
import type { RateLimitStore } from '../security/rate-limiter';
import { migratePostgres } from './postgres-migrations';
import { postgresRateLimitStore } from './postgres-rate-limits';

let cluster: PostgresCluster;
let databaseUrl: string;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  cluster = await startPostgresCluster();
  databaseUrl = await cluster.createDatabase('rate_limits');
  await migratePostgres(databaseUrl);
});
afterAll(async () => {
  for (const pool of pools) await pool.end();
  await cluster?.stop();
});

/** A store on its own pool, as each instance has. */
function instanceStore(options: Parameters<typeof postgresRateLimitStore>[1] = {}): RateLimitStore {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pools.push(pool);
  return postgresRateLimitStore(pool, options);
}

let emptied = false;
runRateLimitContract('postgres', async () => {
  if (!emptied) {
    emptied = true;
  } else {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    await pool.query('TRUNCATE rate_limits');
    await pool.end();
  }
  return instanceStore();
});

describe('PostgreSQL rate limits across instances', () => {
  it('two instances count against one limit: 10 hits spread over both, 4 allowed', async () => {
    const a = instanceStore().limiter('shared-test', 4, 60_000);
    const b = instanceStore().limiter('shared-test', 4, 60_000);
    const decisions = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).hit('203.0.113.9')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(4);
    // A failure counted by one instance is refunded by the other.
    await b.refund('203.0.113.9');
    expect(await a.check('203.0.113.9')).toMatchObject({ count: 9 });
  });

  it('the sweep deletes ended windows', async () => {
    const store = instanceStore({ sweepEveryMs: 100 });
    await store.limiter('sweep-test', 1, 50).hit('k');
    const pool = pools.at(-1)!;
    const count = async () =>
      Number((await pool.query("SELECT count(*) FROM rate_limits WHERE key LIKE 'sweep-test %'")).rows[0].count);
    expect(await count()).toBe(1);
    const deadline = Date.now() + 3000;
    while ((await count()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await count()).toBe(0);
    await store.close();
  });

  it('counts in the process, and says so once, when the database does not answer', async () => {
    const pool = new pg.Pool({ connectionString: cluster.url('no_such_database'), max: 1 });
    pools.push(pool);
    const messages: string[] = [];
    const limiter = postgresRateLimitStore(pool, { log: (message) => messages.push(message) }).limiter(
      'fallback-test',
      2,
      60_000,
    );
    const decisions = [];
    for (let i = 0; i < 3; i += 1) decisions.push((await limiter.hit('k')).allowed);
    expect(decisions).toEqual([true, true, false]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/counting in this process/);
  });
});
