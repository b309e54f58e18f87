/** The audit of refused password attempts is bounded however many come, from one address or from many. */
import { describe, expect, it } from 'vitest';
import type { AuditEntry, NewRecord } from '../storage/storage';
import { REFUSAL_AUDIT_LIMITS, RefusalAudit, type RefusalEntry } from './refusal-audit';

function refusal(ip: string, detail = 'wrong password'): RefusalEntry {
  return {
    at: new Date(0).toISOString(),
    actorId: null,
    actorEmail: 'owner@example.com',
    action: 'admin.login',
    entity: 'session',
    entityId: null,
    ip,
    outcome: 'failure',
    detail,
  };
}

describe('RefusalAudit', () => {
  it('writes at most perMinute lines a minute from many addresses, then one summary per action', async () => {
    let now = 0;
    const written: NewRecord<AuditEntry>[] = [];
    const audit = new RefusalAudit(
      async (entry) => void written.push(entry),
      () => {},
      REFUSAL_AUDIT_LIMITS,
      () => now,
    );
    for (let i = 0; i < 5_000; i += 1) await audit.record(refusal(`10.0.${i % 250}.${i % 7}`));
    expect(written).toHaveLength(REFUSAL_AUDIT_LIMITS.perMinute);
    // The next minute has room again; one address alone never gets more than perAddress lines a window.
    now = 61_000;
    for (let i = 0; i < 100; i += 1) await audit.record(refusal('192.0.2.1', 'rate limited'));
    for (let i = 0; i < 100; i += 1) await audit.record(refusal('192.0.2.1'));
    const oneAddress = REFUSAL_AUDIT_LIMITS.perAddress + REFUSAL_AUDIT_LIMITS.perAddressRateLimited;
    expect(written).toHaveLength(REFUSAL_AUDIT_LIMITS.perMinute + oneAddress);
    await audit.flush();
    const summary = written.at(-1)!;
    expect(summary).toMatchObject({ action: 'admin.login', outcome: 'failure', ip: null });
    expect(summary.detail).toMatch(/^5158 more refused attempts since .*\(wrong password ×5059, rate limited ×99\)/);
    expect(summary.detail!.length).toBeLessThan(600);
    // Nothing more to report: no empty summary.
    await audit.flush();
    expect(written).toHaveLength(REFUSAL_AUDIT_LIMITS.perMinute + oneAddress + 1);
  });

  it('answers the refusal even when its line cannot be written (disk full)', async () => {
    const errors: unknown[] = [];
    const audit = new RefusalAudit(
      () => Promise.reject(new Error('ENOSPC')),
      (error) => errors.push(error),
    );
    await expect(audit.record(refusal('192.0.2.9'))).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
