/**
 * TRUST_PROXY: behind a load balancer the per-address limits must see visitors, not the balancer, and without it
 * a client's own X-Forwarded-For must change nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactBody, createTestApp, type TestApp } from '../tests/support/api';
import { FORWARDED_FOR_WITHOUT_TRUST_PROXY } from './app';
import { ConfigError, loadConfig } from './config';

describe('TRUST_PROXY', () => {
  it('takes comma-separated addresses and CIDR ranges, and names the variable when one is not', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toBeUndefined();
    for (const bad of ['true', '10.0.0.0/33', 'nginx.local', '127.0.0.1/8/1', '1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  describe('per-address contact limit (2 per window) behind a proxy at 10.0.0.2', () => {
    let app: TestApp | undefined;
    afterEach(async () => {
      await app?.close();
      app = undefined;
    });
    const post = (forwardedFor: string, remoteAddress = '10.0.0.2') =>
      app!.request({
        method: 'POST',
        url: '/api/public/contacts',
        json: contactBody(),
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });

    it('with TRUST_PROXY, counts each visitor the proxy names, not the proxy', async () => {
      app = await createTestApp({ config: { contactRateLimit: 2, trustProxy: ['10.0.0.2'] } });
      const first = [await post('203.0.113.1'), await post('203.0.113.1'), await post('203.0.113.1')];
      expect(first.map((response) => response.statusCode)).toEqual([201, 201, 429]);
      // Another visitor through the same proxy is not blocked by the first one's posts.
      expect((await post('203.0.113.2')).statusCode).toBe(201);
      // A client that is not a trusted proxy cannot pick its address by sending the header itself.
      const direct = [await post('198.51.100.1', '192.0.2.9'), await post('198.51.100.2', '192.0.2.9')];
      expect(direct.map((response) => response.statusCode)).toEqual([201, 201]);
      expect((await post('198.51.100.3', '192.0.2.9')).statusCode).toBe(429);
    });

    it('without it, the first request carrying X-Forwarded-For logs one warning naming TRUST_PROXY', async () => {
      app = await createTestApp({ config: { contactRateLimit: 5 } });
      const warn = vi.spyOn(app.app.log, 'warn');
      await app.request({ method: 'GET', url: '/api/health' });
      expect(warn).not.toHaveBeenCalled();
      await post('203.0.113.1');
      await post('203.0.113.2');
      expect(warn.mock.calls.filter(([message]) => message === FORWARDED_FOR_WITHOUT_TRUST_PROXY)).toHaveLength(1);
    });

    it('without it, X-Forwarded-For is ignored: every post counts against the peer', async () => {
      app = await createTestApp({ config: { contactRateLimit: 2 } });
      const codes = [await post('203.0.113.1'), await post('203.0.113.2'), await post('203.0.113.3')].map(
        (response) => response.statusCode,
      );
      expect(codes).toEqual([201, 201, 429]);
    });
  });
});
