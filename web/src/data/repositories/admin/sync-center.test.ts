import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteLocalDb, localDb } from '../../local-db';
import { takeOverOutboxEntry } from '../../outbox';
import type { OutboxEntry } from '../../outbox-entry';
import {
  describeOutboxEntry,
  discardFailed,
  listOutboxForAdmin,
  subscribeOutboxEntries,
} from './sync-center';

const base: OutboxEntry = {
  id: 'e1',
  entity: 'listings',
  op: 'update',
  entityId: 'l1',
  method: 'PUT',
  path: 'listings/l1',
  payload: { title: 'The Magnolia' },
  createdAt: 1,
  attempts: 1,
  nextAttemptAt: 0,
  state: 'failed',
};

beforeEach(async () => {
  await deleteLocalDb();
});

describe('sync center', () => {
  it("'Send as me' takes over only a pending change held for another admin, and makes it due now", async () => {
    const me = { id: 'admin-a', email: 'a@example.com' };
    const theirs = { id: 'admin-b', email: 'b@example.com' };
    await localDb().outbox.bulkPut([
      { ...base, id: 'held', state: 'pending', nextAttemptAt: 9_999, queuedBy: theirs },
      { ...base, id: 'mine', entityId: 'l2', state: 'pending', queuedBy: me },
      { ...base, id: 'refused', entityId: 'l3', state: 'failed', queuedBy: theirs },
    ]);
    expect(await takeOverOutboxEntry('held', me, 100)).toBe(true);
    expect(await localDb().outbox.get('held')).toMatchObject({ queuedBy: me, nextAttemptAt: 100, state: 'pending' });
    expect(await takeOverOutboxEntry('mine', me, 100)).toBe(false);
    expect(await takeOverOutboxEntry('refused', me, 100)).toBe(false);
    expect((await localDb().outbox.get('refused'))?.queuedBy).toEqual(theirs);
  });

  it('describes entries for the list', () => {
    expect(describeOutboxEntry(base)).toBe('Update listing "The Magnolia"');
    expect(describeOutboxEntry({ ...base, op: 'delete', payload: undefined })).toBe('Delete listing');
    expect(describeOutboxEntry({ ...base, entity: 'communities', op: 'create', payload: { name: 'Emberly' } })).toBe(
      'Create community "Emberly"',
    );
    expect(describeOutboxEntry({ ...base, entity: 'settings', payload: { general: {} } })).toBe('Save site settings');
    expect(
      describeOutboxEntry({ ...base, entity: 'contacts', op: 'create', path: 'public/contacts', payload: { name: 'Ana' } }),
    ).toBe('Send inquiry from Ana');
    // The contact page's message (/contact) is a visitor's inquiry too, not staff creating a lead.
    expect(
      describeOutboxEntry({ ...base, entity: 'contacts', op: 'create', path: 'contact', payload: { name: 'Bo' } }),
    ).toBe('Send inquiry from Bo');
  });

  it('lists entries in send order, tells subscribers about changes, and discards parked ones but not one being sent', async () => {
    await localDb().outbox.bulkPut([
      { ...base, id: 'e2', createdAt: 2 },
      base,
      { ...base, id: 'e3', createdAt: 3, state: 'sending' },
    ]);
    expect((await listOutboxForAdmin()).map((entry) => entry.id)).toEqual(['e1', 'e2', 'e3']);
    const seen: string[][] = [];
    const unsubscribe = subscribeOutboxEntries((entries) => seen.push(entries.map((entry) => entry.id)));
    await expect.poll(() => seen.at(-1)).toEqual(['e1', 'e2', 'e3']);
    await discardFailed('e1');
    await expect.poll(() => seen.at(-1)).toEqual(['e2', 'e3']);
    await expect(discardFailed('e3')).rejects.toThrow('being sent right now');
    unsubscribe();
  });

  it('names a change that carries no name (a delete, a status edit) by its record on this device', async () => {
    await localDb().listings.put({ id: 'l1', title: 'The Magnolia' } as never);
    await localDb().outbox.bulkPut([
      { ...base, id: 'd1', op: 'delete', method: 'DELETE', payload: undefined },
      { ...base, id: 'd2', entityId: 'gone', op: 'delete', method: 'DELETE', payload: undefined, createdAt: 2 },
    ]);
    let seen: OutboxEntry[] = [];
    const unsubscribe = subscribeOutboxEntries((entries) => (seen = entries));
    await expect.poll(() => seen.length).toBe(2);
    expect(seen.map((entry) => entry.recordName)).toEqual(['The Magnolia', undefined]);
    unsubscribe();
  });
});
