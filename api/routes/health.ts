/**
 * GET /api/health: for load balancers and monitors (docs/scaling.md). No authentication, never cached.
 *
 * 200 `{ status: 'ok', storage }` when the storage answers; 503 `{ status: 'unavailable' }` otherwise. With
 * PostgreSQL "answers" means a `SELECT 1` through the adapter's own connection pool completes within
 * HEALTH_TIMEOUT_MS: the instance's reads come from its in-memory mirror and keep working without the database,
 * but its writes do not, so a load balancer should stop sending it traffic. File and memory storage are in the
 * process: a read that does not throw (it does once the storage is closed, during shutdown) is enough.
 *
 * Not a public read (api/http/public-reads.ts knows only /api/public/*), so neither the JSON cache nor the fast
 * path ever answers it: each call asks the storage.
 */
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage';

/** Longer than a healthy round trip by far, shorter than a load balancer's usual check timeout (2-5 s). */
export const HEALTH_TIMEOUT_MS = 1500;

interface Queryable {
  query(text: string): Promise<unknown>;
}

const hasPool = (storage: Storage): storage is Storage & { pool: Queryable } =>
  typeof (storage as { pool?: Queryable }).pool?.query === 'function';

async function storageAnswers(storage: Storage, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = (async () => {
    await storage.count('settings');
    if (hasPool(storage)) await storage.pool.query('SELECT 1');
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([probe, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export default async function healthRoutes(app: FastifyInstance, options: { timeoutMs?: number }): Promise<void> {
  const timeoutMs = options.timeoutMs ?? HEALTH_TIMEOUT_MS;
  app.get('/health', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (await storageAnswers(app.storage, timeoutMs)) return { status: 'ok', storage: app.config.storage };
    return reply.code(503).send({ status: 'unavailable' });
  });
}
