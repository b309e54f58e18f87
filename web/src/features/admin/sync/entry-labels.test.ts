import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/data/repositories/admin/sync-center';
import { entryTitle } from './entry-labels';

const entry = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e1',
  entity: 'listings',
  op: 'delete',
  entityId: '05acc573-1111-2222-3333-444455556666',
  method: 'DELETE',
  path: 'listings/05acc573-1111-2222-3333-444455556666',
  createdAt: 1,
  attempts: 1,
  nextAttemptAt: 0,
  state: 'failed',
  ...overrides,
});

describe('entryTitle', () => {
  it('names a change by what it sends, else the server’s copy, else this device’s copy, else a short id', () => {
    expect(entryTitle(entry({ op: 'update', payload: { title: 'The Magnolia' }, recordName: 'Old' }))).toBe(
      'The Magnolia',
    );
    expect(entryTitle(entry({ recordName: 'The Magnolia' }))).toBe('The Magnolia');
    expect(entryTitle(entry({}))).toBe('#05acc573');
  });
});
