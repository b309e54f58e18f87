/**
 * A fixed-window counter per key (an IP, an email). Kept in memory: one process serves the site, and a
 * restart forgetting counts is acceptable for brute-force and spam throttling.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../domain';
import { HttpError } from '../http/http-error';
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

/**
 * An onRequest hook counting every request against `limiter` (per address by default) and answering 429 with
 * Retry-After once over the limit. onRequest runs before the body is read: a client over its limit costs no
 * body parsing and no validation, and malformed bodies count like any other (a preHandler or handler limit lets
 * every refused request be parsed first, and never counts the ones that fail to parse).
 */
export function limitBeforeBody(
  limiter: FixedWindowRateLimiter,
  keyOf: (request: FastifyRequest) => string = (request) => request.ip,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const decision = limiter.hit(keyOf(request));
    if (!decision.allowed) {
      throw new HttpError(429, MESSAGES.tooManyRequests, undefined, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
  };
}
