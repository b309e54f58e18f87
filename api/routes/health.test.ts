/** GET /api/health (docs/scaling.md §5) on memory storage; tests/server/health-postgres.test.ts covers PostgreSQL. */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/api';
import { testConfig } from '../config';
import { createMemoryStorage } from '../storage/memory-storage';
import type { Storage } from '../storage/storage';
import healthRoutes from './health';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => {});
  t = undefined;
});

describe('GET /api/health', () => {
  it('answers 200 with the storage kind, without a token, never cacheable', async () => {
    t = await createTestApp({ seed: false });
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', storage: 'memory' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
  });

  it('names the configured storage kind', async () => {
    t = await createTestApp({ seed: false, config: { storage: 'file' } });
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', storage: 'file' });
  });

  it('answers 503 once the storage no longer answers (closed, as during shutdown): each call asks it', async () => {
    t = await createTestApp({ seed: false });
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await t.storage.close();
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 within its timeout when the storage hangs', async () => {
    // A storage whose reads never settle: the check must give up rather than hang the load balancer's probe.
    const memory = createMemoryStorage();
    const hanging = new Proxy(memory, {
      get: (target, name, receiver) =>
        name === 'count' ? () => new Promise<never>(() => {}) : Reflect.get(target, name, receiver),
    }) as Storage;
    const app = Fastify();
    app.decorate('storage', hanging);
    app.decorate('config', testConfig({ dataDir: '/nonexistent' }));
    await app.register(healthRoutes, { prefix: '/api', timeoutMs: 100 });
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await app.close();
      await memory.close();
    }
  });
});
