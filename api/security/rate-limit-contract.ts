/**
 * What every RateLimitStore must do, run against the memory store (rate-limiter.test.ts) and the PostgreSQL store
 * (api/storage/postgres-rate-limits.test.ts), like the storage contract: a limit behaves the same whichever
 * store keeps its counts.
 */
import { describe, expect, it } from 'vitest';
import type { RateLimitStore } from './rate-limiter';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function runRateLimitContract(name: string, openStore: () => Promise<RateLimitStore>): void {
  describe(`RateLimitStore contract: ${name}`, () => {
    it('allows max hits per key in a window, then refuses with the seconds left', async () => {
      const store = await openStore();
      const limiter = store.limiter('contract-max', 3, 60_000);
      const decisions = [];
      for (let i = 0; i < 4; i += 1) decisions.push(await limiter.hit('203.0.113.1'));
      expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
      expect(decisions[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another key has its own count; so has another limiter with the same key.
      expect((await limiter.hit('198.51.100.1')).allowed).toBe(true);
      expect((await store.limiter('contract-other', 3, 60_000).hit('203.0.113.1')).allowed).toBe(true);
      await store.close();
    });

    it('check counts nothing and says whether one more attempt may go ahead', async () => {
      const store = await openStore();
      const limiter = store.limiter('contract-check', 2, 60_000);
      expect(await limiter.check('k')).toMatchObject({ allowed: true, count: 0 });
      await limiter.hit('k');
      await limiter.check('k');
      expect(await limiter.check('k')).toMatchObject({ allowed: true, count: 1 });
      await limiter.hit('k');
      const full = await limiter.check('k');
      expect(full).toMatchObject({ allowed: false, count: 2 });
      expect(full.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      await store.close();
    });

    it('refund gives one attempt back and reset forgets the key', async () => {
      const store = await openStore();
      const limiter = store.limiter('contract-refund', 2, 60_000);
      await limiter.hit('k');
      await limiter.hit('k');
      await limiter.refund('k');
      expect(await limiter.check('k')).toMatchObject({ allowed: true, count: 1 });
      await limiter.hit('k');
      await limiter.reset('k');
      expect(await limiter.check('k')).toMatchObject({ allowed: true, count: 0 });
      // A refund of a key with nothing counted stays at zero.
      await limiter.refund('k');
      expect((await limiter.check('k')).count).toBe(0);
      await store.close();
    });

    it('starts a new window once the old one has ended', async () => {
      const store = await openStore();
      const limiter = store.limiter('contract-window', 1, 300);
      expect((await limiter.hit('k')).allowed).toBe(true);
      expect((await limiter.hit('k')).allowed).toBe(false);
      await sleep(400);
      expect(await limiter.check('k')).toMatchObject({ allowed: true, count: 0 });
      expect((await limiter.hit('k')).allowed).toBe(true);
      await store.close();
    });

    it('of 20 concurrent hits exactly max are allowed', async () => {
      const store = await openStore();
      const limiter = store.limiter('contract-concurrent', 5, 60_000);
      const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('k')));
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
      await store.close();
    });

    it('a limit of 0 never refuses', async () => {
      const store = await openStore();
      const limiter = store.limiter('contract-off', 0, 60_000);
      for (let i = 0; i < 5; i += 1) expect((await limiter.hit('k')).allowed).toBe(true);
      expect((await limiter.check('k')).allowed).toBe(true);
      await store.close();
    });
  });
}
