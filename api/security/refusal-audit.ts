/**
 * The audit of refused password attempts (issue 13 item 1): counted and sampled, not one durable line each.
 *
 * Before, every refused login (wrong password or 429) wrote a durable audit line: one address at ~680 req/s added
 * 16.6 MB in 30,000 attempts and filled a small disk in under 40 s, after which nobody could sign in. Now:
 * - per address and window, the first `perAddress` wrong passwords get a line each (with their reason) and the
 *   first `perAddressRateLimited` 429 does; never more than `perMinute` such lines a minute over all addresses;
 * - every other refusal is only counted in memory, and one summary line per action (how many, why, from which
 *   addresses, since when) is written every SUMMARY_EVERY_MS while there is something to report, and on close.
 * So a flood from one address costs at most perAddress + perAddressRateLimited lines per window plus one
 * summary line per action and interval, and a flood from any number of addresses at most perMinute lines a
 * minute plus the summaries. Wrong passwords have their own budget, so a burst of 429s arriving before the
 * (slower) password checks end cannot take their lines.
 * A refused attempt whose line cannot be written (disk full) is still refused: the write error is logged only.
 */
import type { AuditEntry, NewRecord } from '../storage/storage';
import { FixedWindowRateLimiter } from './rate-limiter';

export const REFUSAL_AUDIT_LIMITS = {
  /** Wrong-password lines per address per window: the login limit (10 failures) and a spare. */
  perAddress: 11,
  /** 429 lines per address per window: the first one says when the address was stopped. */
  perAddressRateLimited: 1,
  windowMs: 15 * 60 * 1000,
  /** Lines a minute over all addresses together (a flood from many addresses). */
  perMinute: 30,
  summaryEveryMs: 5 * 60 * 1000,
} as const;

/** Addresses and emails named one by one in a summary's memory; the rest are counted together. */
const TRACKED_KEYS = 1_000;
const NAMED_IN_SUMMARY = 5;

export type RefusalEntry = NewRecord<AuditEntry> & { outcome: 'failure'; detail: string };

/** The detail of a refusal by a rate limit (as opposed to a password that was checked and wrong). */
export const RATE_LIMITED = 'rate limited';

interface Pending {
  total: number;
  since: string;
  reasons: Map<string, number>;
  addresses: Map<string, number>;
  emails: Map<string, number>;
}

function countInto(counts: Map<string, number>, key: string): void {
  const known = counts.get(key);
  if (known !== undefined) counts.set(key, known + 1);
  else if (counts.size < TRACKED_KEYS) counts.set(key, 1);
  else counts.set('others', (counts.get('others') ?? 0) + 1);
}

function describeCounts(counts: Map<string, number>): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, NAMED_IN_SUMMARY)
    .map(([key, count]) => `${key} ×${count}`)
    .join(', ');
}

export class RefusalAudit {
  private readonly perAddress: FixedWindowRateLimiter;
  private readonly perAddressRateLimited: FixedWindowRateLimiter;
  private readonly perMinute: FixedWindowRateLimiter;
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Writes one durable audit line; may reject (the refusal is answered anyway). */
    private readonly write: (entry: NewRecord<AuditEntry>) => Promise<void>,
    private readonly onWriteError: (error: unknown) => void,
    private readonly limits: typeof REFUSAL_AUDIT_LIMITS = REFUSAL_AUDIT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.perAddress = new FixedWindowRateLimiter(limits.perAddress, limits.windowMs, now);
    this.perAddressRateLimited = new FixedWindowRateLimiter(limits.perAddressRateLimited, limits.windowMs, now);
    this.perMinute = new FixedWindowRateLimiter(limits.perMinute, 60_000, now);
  }

  /** Writes the refusal's own line while the address and the minute have room, else counts it. */
  async record(entry: RefusalEntry): Promise<void> {
    const address = entry.ip ?? 'unknown';
    const budget = entry.detail === RATE_LIMITED ? this.perAddressRateLimited : this.perAddress;
    if (budget.isBlocked(address).allowed && this.perMinute.isBlocked('all').allowed) {
      budget.hit(address);
      this.perMinute.hit('all');
      await this.safeWrite(entry);
      return;
    }
    let pending = this.pending.get(entry.action);
    if (!pending) {
      pending = {
        total: 0,
        since: new Date(this.now()).toISOString(),
        reasons: new Map(),
        addresses: new Map(),
        emails: new Map(),
      };
      this.pending.set(entry.action, pending);
    }
    pending.total += 1;
    countInto(pending.reasons, entry.detail);
    countInto(pending.addresses, address);
    if (entry.actorEmail) countInto(pending.emails, entry.actorEmail);
  }

  /** Writes one summary line per action for the refusals only counted since the last summary. */
  async flush(): Promise<void> {
    const batches = [...this.pending];
    this.pending.clear();
    for (const [action, pending] of batches) {
      const onlyAddress = pending.addresses.size === 1 ? [...pending.addresses.keys()][0]! : null;
      const onlyEmail = pending.emails.size === 1 ? [...pending.emails.keys()][0]! : null;
      const detail =
        `${pending.total} more refused attempts since ${pending.since}, counted and not logged one by one ` +
        `(${describeCounts(pending.reasons)}); addresses: ${describeCounts(pending.addresses)}` +
        (pending.emails.size > 0 ? `; emails: ${describeCounts(pending.emails)}` : '');
      await this.safeWrite({
        at: new Date(this.now()).toISOString(),
        actorId: null,
        actorEmail: onlyEmail,
        action,
        entity: 'session',
        entityId: null,
        ip: onlyAddress === 'others' ? null : onlyAddress,
        outcome: 'failure',
        detail,
      });
    }
  }

  /** Starts the periodic summary (unref'd: it never keeps the process alive). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.limits.summaryEveryMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is still only counted. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async safeWrite(entry: NewRecord<AuditEntry>): Promise<void> {
    try {
      await this.write(entry);
    } catch (error) {
      this.onWriteError(error);
    }
  }
}
