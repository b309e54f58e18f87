/** Rate limits answered before the body is read (issue 13 item 5), and the counts password checks rely on. */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import errorsPlugin from '../plugins/error-responses';
import { runRateLimitContract } from './rate-limit-contract';
import { FixedWindowRateLimiter, limitBeforeBody, memoryRateLimitStore } from './rate-limiter';

runRateLimitContract('memory', async () => memoryRateLimitStore());

describe('limitBeforeBody', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('answers 429 with Retry-After to a client over its limit without parsing its body', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(errorsPlugin);
    let parsed = 0;
    // Counts the bodies Fastify hands to the JSON parser.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      parsed += 1;
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        (error as { statusCode?: number }).statusCode = 400;
        done(error as Error);
      }
    });
    const limiter = memoryRateLimitStore().limiter('test', 2, 60_000);
    app.post('/write', { onRequest: limitBeforeBody(limiter) }, async () => ({ ok: true }));
    const send = (payload: string, remoteAddress = '203.0.113.1') =>
      app.inject({
        method: 'POST',
        url: '/write',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress,
      });

    expect((await send('{"a":1}')).statusCode).toBe(200);
    // A malformed body counts too.
    expect((await send('{"a":')).statusCode).toBe(400);
    expect(parsed).toBe(2);
    const refused = await send('{"a":');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(parsed).toBe(2);
    // Another address has its own count.
    expect((await send('{"a":1}', '198.51.100.1')).statusCode).toBe(200);
  });
});

describe('FixedWindowRateLimiter', () => {
  it('gives back a reserved attempt (refund) so only failures stay counted', () => {
    let now = 0;
    const limiter = new FixedWindowRateLimiter(2, 1_000, () => now);
    limiter.hit('a');
    limiter.refund('a');
    limiter.hit('a');
    expect(limiter.count('a')).toBe(1);
    expect(limiter.isBlocked('a').allowed).toBe(true);
    limiter.hit('a');
    expect(limiter.isBlocked('a')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    now = 1_000;
    expect(limiter.count('a')).toBe(0);
    expect(limiter.isBlocked('a').allowed).toBe(true);
  });
});
