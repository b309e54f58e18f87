/**
 * Limits on password checks, shared by every route that checks an admin's password: the login, and the password
 * confirmations of change-password and kiosk passes (so a stolen token gets no more guesses than the login form).
 *
 * - Only failures count. An attempt is reserved before the (slow, argon2) check and given back when the password
 *   was right: parallel guesses cannot all slip in before the first failure is counted, and a sales office behind
 *   one address can sign in all day.
 * - Per address: `limit` failures per window, then 429 until the window ends. `addressRefusal` answers this
 *   before the body is read (onRequest), so a refused address costs no JSON parsing and no password hash.
 * - Per account (email): after `limit` failures the account is slowed, not locked. An attempt then waits
 *   LOCKED_ACCOUNT_DELAY_MS and goes ahead only from an address with fewer than LOCKED_ACCOUNT_ADDRESS_ALLOWANCE
 *   failures in the window; failing addresses get 429. An attacker gets at most `limit` guesses per address and
 *   `limit + allowance × addresses` per account per window, while the owner, typing the right password from a
 *   device that is not failing, gets in after the delay (before: ten wrong passwords from anywhere locked the
 *   owner out for 15 minutes).
 * - A right password clears the account's failures; it never clears an address's (an attacker signing in to
 *   an account of their own must not earn more guesses at another one).
 * - Every refusal (wrong password, 429) is audited through RefusalAudit (counted and sampled, bounded disk).
 * - The counts live in the app's RateLimitStore: in memory for one process, in PostgreSQL for several instances,
 *   so a guesser spread over the instances by a load balancer gets the limit once, not once per instance.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../domain';
import { HttpError } from '../http/http-error';
import { clientAddressKey } from './client-address';
import { memoryRateLimitStore, type RateLimiter, type RateLimitStore } from './rate-limiter';
import { RATE_LIMITED, type RefusalAudit } from './refusal-audit';

/** How long an attempt on an account over its failure limit waits before its password is checked. */
export const LOCKED_ACCOUNT_DELAY_MS = 1_000;
/** Failures an address may have in the window and still try an account that is over its limit. */
export const LOCKED_ACCOUNT_ADDRESS_ALLOWANCE = 3;

/** The audit actions of password checks: a refused one is the only audit line a rejected request may add. */
export const PASSWORD_CHECK_ACTIONS = ['admin.login', 'admin.confirm-password'] as const;
export type PasswordCheckAction = (typeof PASSWORD_CHECK_ACTIONS)[number];

export interface PasswordAttempt {
  /** The password was wrong (or the account unusable): keeps the failure counted and audits it. */
  failed(actorId: string | null, detail: string): Promise<void>;
  /** The password was right: gives the reserved attempt back and clears the account's failures. */
  succeeded(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class PasswordAttempts {
  private readonly failuresByAddress: RateLimiter;
  private readonly failuresByAccount: RateLimiter;

  constructor(
    limit: number,
    windowMs: number,
    private readonly audit: RefusalAudit,
    /** Where failures are counted: in memory, or in the database when several instances share it. */
    store: RateLimitStore = memoryRateLimitStore(),
    private readonly lockedDelayMs: number = LOCKED_ACCOUNT_DELAY_MS,
  ) {
    this.failuresByAddress = store.limiter('password-failures:address', limit, windowMs);
    this.failuresByAccount = store.limiter('password-failures:account', limit, windowMs);
  }

  /**
   * An onRequest hook: 429 (audited, sampled) when the address has used up its failures, before the body is
   * read or parsed.
   */
  addressRefusal(action: PasswordCheckAction) {
    return async (request: FastifyRequest): Promise<void> => {
      const address = await this.failuresByAddress.check(clientAddressKey(request.ip));
      if (address.allowed) return;
      await this.refuse(request, action, null, address.retryAfterSeconds);
    };
  }

  /**
   * Reserves one password check of `email` from the request's address, waiting first when the account is over
   * its limit; throws a 429 (audited) when the address may not try.
   */
  async begin(request: FastifyRequest, action: PasswordCheckAction, email: string): Promise<PasswordAttempt> {
    const address = clientAddressKey(request.ip);
    const account = email.toLowerCase();
    const [byAddress, byAccount] = await Promise.all([
      this.failuresByAddress.check(address),
      this.failuresByAccount.check(account),
    ]);
    let delay = 0;
    if (!byAddress.allowed) await this.refuse(request, action, account, byAddress.retryAfterSeconds);
    if (!byAccount.allowed) {
      if (byAddress.count >= LOCKED_ACCOUNT_ADDRESS_ALLOWANCE) {
        const retryAfter = Math.min(byAddress.retryAfterSeconds, byAccount.retryAfterSeconds);
        await this.refuse(request, action, account, retryAfter);
      }
      delay = this.lockedDelayMs;
    }
    // Counted now, as if it failed: concurrent guesses see it at once. A right password gives it back. The count
    // the reservation returns is the authority: guesses checked together (here or on another instance) all passed
    // the check above, but only those within the limit get a reservation.
    const reserved = await this.failuresByAddress.hit(address);
    if (!reserved.allowed) await this.refuse(request, action, account, reserved.retryAfterSeconds);
    await this.failuresByAccount.hit(account);
    if (delay > 0) await sleep(delay);
    let settled = false;
    return {
      failed: async (actorId, detail) => {
        settled = true;
        await this.audit.record(this.entry(request, action, account, actorId, detail));
      },
      succeeded: async () => {
        if (settled) return;
        settled = true;
        await Promise.all([this.failuresByAddress.refund(address), this.failuresByAccount.reset(account)]);
      },
    };
  }

  private async refuse(
    request: FastifyRequest,
    action: PasswordCheckAction,
    account: string | null,
    retryAfterSeconds: number,
  ): Promise<never> {
    await this.audit.record(this.entry(request, action, account, null, RATE_LIMITED));
    throw new HttpError(429, MESSAGES.tooManyRequests, undefined, { 'Retry-After': String(retryAfterSeconds) });
  }

  private entry(
    request: FastifyRequest,
    action: PasswordCheckAction,
    account: string | null,
    actorId: string | null,
    detail: string,
  ) {
    // A confirmation comes with a signed-in admin (authenticated first): name them even on a 429.
    const actor = actorId ?? request.admin?.id ?? null;
    return {
      at: new Date().toISOString(),
      actorId: actor,
      actorEmail: account ?? request.admin?.email ?? null,
      action,
      entity: 'session',
      entityId: actor,
      ip: request.ip,
      outcome: 'failure' as const,
      detail,
    };
  }
}
