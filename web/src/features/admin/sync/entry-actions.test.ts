/** What the Sync page asks before sending another admin's change under this login. */
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/data/repositories/admin/sync-center';
import { HELD } from './entry-actions';

const held = {
  id: 'e1',
  entity: 'listings',
  entityId: 'l1',
  op: 'update',
  method: 'PUT',
  path: 'listings/l1',
  payload: { price: 1 },
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending',
  queuedBy: { id: 'a1', email: 'staff.left@example.com' },
} as OutboxEntry;

const question = (entry: OutboxEntry) => HELD.actions[0]!.confirm!.question(entry);

describe('Send as me', () => {
  it('names the admin whose change it is', () => {
    expect(question(held)).toBe(
      'Send this change made by staff.left@example.com under your login? The audit log will name you.',
    );
  });

  it('warns that a change whose last send got no answer may already be on the server', () => {
    const unanswered = { ...held, attempts: 1, lastStatus: 'network' as const };
    expect(question(unanswered)).toContain('Its last send got no answer, so it may already be on the server');
    // Still so once a later send met an expired login (the usual way a change comes to wait for its admin).
    expect(question({ ...held, attempts: 2, lastStatus: 401, unanswered: true })).toContain('no answer');
    // A send the server answered (a 503 backing off) did not store it.
    expect(question({ ...held, attempts: 1, lastStatus: 503 })).not.toContain('no answer');
  });
});
