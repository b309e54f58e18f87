/**
 * Fixed-window rate limits per key (an IP, an email, a kiosk).
 *
 * - `RateLimiter` is what routes use: async, because with several instances (STORAGE=postgres) the counts live in
 *   the database so that a limit holds across all of them (api/storage/postgres-rate-limits.ts); a flood spread
 *   by a round-robin load balancer must not get N times the allowance.
 * - `memoryRateLimitStore` keeps them in this process: the file and memory storages serve from one process, and a
 *   restart forgetting counts is acceptable for brute-force and spam throttling.
 * - `FixedWindowRateLimiter` is the synchronous in-memory counter behind the memory store, also used directly
 *   where a per-instance count is the point (the sampling budget of refusal audit lines, refusal-audit.ts).
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../domain';
import { HttpError } from '../http/http-error';
import { clientAddressKey } from './client-address';
export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  /** @param max attempts allowed per window; 0 turns the limiter off. */
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key` and says whether it may go ahead. */
  hit(key: string): RateLimitDecision {
    if (this.max === 0) return { allowed: true, retryAfterSeconds: 0 };
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.max,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Whether `key` is over the limit, without counting an attempt. */
  isBlocked(key: string): RateLimitDecision {
    if (this.max === 0) return { allowed: true, retryAfterSeconds: 0 };
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.max) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  /** Attempts counted for `key` in its current window (0 when none). */
  count(key: string): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  /** Seconds until `key`'s window resets (at least 1; the full window when nothing is counted). */
  retryAfterSeconds(key: string): number {
    const window = this.windows.get(key);
    const now = this.now();
    const resetAt = window && window.resetAt > now ? window.resetAt : now + this.windowMs;
    return Math.max(1, Math.ceil((resetAt - now) / 1000));
  }

  /**
   * Takes back one attempt counted by `hit` (an attempt reserved before a password check that turned out right),
   * so only failures stay counted.
   */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  /** Forgets `key` (a successful login clears the failures counted against an email). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Drops expired windows at most once a window, so the map cannot grow without bound. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** A key's current window, as `RateLimiter.check` reports it. */
export interface RateLimitState extends RateLimitDecision {
  /** Attempts counted in the current window (0 when none). */
  count: number;
}

/** A limit of `max` attempts per key per window (max 0: no limit). */
export interface RateLimiter {
  /** Counts one attempt for `key`; allowed while the window's count, this one included, is at most `max`. */
  hit(key: string): Promise<RateLimitDecision>;
  /**
   * Without counting: whether `key` may try once more (its count is under `max`), its count, and the seconds until
   * its window resets (the full window when nothing is counted).
   */
  check(key: string): Promise<RateLimitState>;
  /** Takes back one attempt counted by `hit` (a reserved attempt that turned out not to count). */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s window. */
  reset(key: string): Promise<void>;
}

/** Where the limiters of one app keep their counts. */
export interface RateLimitStore {
  /**
   * A limiter of `max` attempts per `windowMs`. `name` namespaces its keys (the contact limit and the login limit
   * never share a counter) and must be the same on every instance.
   */
  limiter(name: string, max: number, windowMs: number): RateLimiter;
  /** Stops the store's timers (the app's onClose). */
  close(): Promise<void>;
}

/** One process's limits, in memory. */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  return {
    limiter(_name, max, windowMs) {
      const counter = new FixedWindowRateLimiter(max, windowMs, now);
      return {
        hit: async (key) => counter.hit(key),
        check: async (key) => {
          const blocked = counter.isBlocked(key);
          return {
            allowed: blocked.allowed,
            retryAfterSeconds: counter.retryAfterSeconds(key),
            count: counter.count(key),
          };
        },
        refund: async (key) => counter.refund(key),
        reset: async (key) => counter.reset(key),
      };
    },
    close: async () => {},
  };
}

/**
 * An onRequest hook counting every request against `limiter` (per address by default) and answering 429 with
 * Retry-After once over the limit. onRequest runs before the body is read: a client over its limit costs no
 * body parsing and no validation, and malformed bodies count like any other (a preHandler or handler limit lets
 * every refused request be parsed first, and never counts the ones that fail to parse).
 */
export function limitBeforeBody(
  limiter: RateLimiter,
  keyOf: (request: FastifyRequest) => string = (request) => clientAddressKey(request.ip),
) {
  return async (request: FastifyRequest): Promise<void> => {
    const decision = await limiter.hit(keyOf(request));
    if (!decision.allowed) {
      throw new HttpError(429, MESSAGES.tooManyRequests, undefined, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
  };
}
