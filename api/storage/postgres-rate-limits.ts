/**
 * Rate limits kept in PostgreSQL (STORAGE=postgres), so that every instance behind a load balancer counts against
 * the same limits: with per-instance counts a round-robin balancer would give a flood, or a password guesser,
 * the allowance once per instance.
 *
 * Each count is one atomic statement on the `rate_limits` table (migrations/1795564800000_rate-limits.sql): an
 * upsert that starts a new window when the old one has ended, judged by the database's clock, so instances with
 * skewed clocks still agree. A sweep deletes ended windows once a minute.
 *
 * When the database cannot answer, a limiter falls back to counting in this process (and says so in the log once
 * per outage) rather than refusing every request or letting every request through: the write that follows would
 * fail anyway, but reads that go through a limit (a login checks its failures) keep working with local limits.
 */
import type pg from 'pg';
import {
  memoryRateLimitStore,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitState,
  type RateLimitStore,
} from '../security/rate-limiter';

export interface PostgresRateLimitOptions {
  /** Where database trouble is reported. Default: console.warn. */
  log?: (message: string) => void;
  /** Delete ended windows this often; 0 = never. Default 1 minute. */
  sweepEveryMs?: number;
}

const DEFAULT_SWEEP_EVERY_MS = 60_000;

/** Milliseconds left in the window, computed by the database (its clock is the one every instance shares). */
const MS_LEFT = `(extract(epoch from (reset_at - clock_timestamp())) * 1000)::float8 AS ms_left`;

const HIT = `
  INSERT INTO rate_limits AS w (key, count, reset_at)
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN w.reset_at <= clock_timestamp() THEN 1 ELSE w.count + 1 END,
    reset_at = CASE WHEN w.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at ELSE w.reset_at END
  RETURNING count, ${MS_LEFT}`;
const CHECK = `SELECT count, ${MS_LEFT} FROM rate_limits WHERE key = $1 AND reset_at > clock_timestamp()`;
const REFUND = `UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND count > 0 AND reset_at > clock_timestamp()`;
const RESET = `DELETE FROM rate_limits WHERE key = $1`;
const SWEEP = `DELETE FROM rate_limits WHERE reset_at <= clock_timestamp()`;

interface WindowRow {
  count: number;
  ms_left: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function postgresRateLimitStore(pool: pg.Pool, options: PostgresRateLimitOptions = {}): RateLimitStore {
  const log = options.log ?? ((message: string) => console.warn(message));
  const local = memoryRateLimitStore();
  let failing = false;
  const fallBack = (error: unknown) => {
    if (!failing) log(`Rate limits: PostgreSQL did not answer (${(error as Error).message}); counting in this process`);
    failing = true;
  };
  const recovered = () => {
    failing = false;
  };

  const sweepEveryMs = options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
  const sweeper =
    sweepEveryMs > 0 ? setInterval(() => void pool.query(SWEEP).catch(() => {}), sweepEveryMs).unref() : null;

  return {
    limiter(name, max, windowMs): RateLimiter {
      const fallback = local.limiter(name, max, windowMs);
      const keyOf = (key: string) => `${name} ${key}`;
      /** Runs `query` on the database, or `onFailure` (the local count) when it cannot answer. */
      const guarded = async <T>(query: () => Promise<T>, onFailure: () => Promise<T>): Promise<T> => {
        try {
          const result = await query();
          recovered();
          return result;
        } catch (error) {
          fallBack(error);
          return onFailure();
        }
      };
      if (max === 0) return local.limiter(name, 0, windowMs); // no limit: nothing to count anywhere
      return {
        hit: (key) =>
          guarded<RateLimitDecision>(
            async () => {
              const { rows } = await pool.query<WindowRow>(HIT, [keyOf(key), windowMs]);
              const row = rows[0]!;
              return { allowed: row.count <= max, retryAfterSeconds: seconds(row.ms_left) };
            },
            () => fallback.hit(key),
          ),
        check: (key) =>
          guarded<RateLimitState>(
            async () => {
              const { rows } = await pool.query<WindowRow>(CHECK, [keyOf(key)]);
              const row = rows[0];
              if (!row) return { allowed: true, count: 0, retryAfterSeconds: seconds(windowMs) };
              return { allowed: row.count < max, count: row.count, retryAfterSeconds: seconds(row.ms_left) };
            },
            () => fallback.check(key),
          ),
        refund: (key) =>
          guarded(
            async () => {
              await pool.query(REFUND, [keyOf(key)]);
            },
            () => fallback.refund(key),
          ),
        reset: (key) =>
          guarded(
            async () => {
              await pool.query(RESET, [keyOf(key)]);
            },
            () => fallback.reset(key),
          ),
      };
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
    },
  };
}
