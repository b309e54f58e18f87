import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../outbox-entry';
import { applyQueuedChanges, changedFields, inServerOrder, writableFields } from './local-view';

let sequence = 0;
function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  sequence += 1;
  return {
    id: `e${sequence}`,
    entity: 'properties',
    op: 'update',
    entityId: 'p1',
    method: 'PUT',
    path: 'properties/p1',
    createdAt: sequence,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    ...overrides,
  };
}

const rows = [
  { id: 'p1', version: 3, title: 'One', price: 100 },
  { id: 'p2', version: 1, title: 'Two', price: 200 },
];
const now = new Date('2026-03-01T12:00:00.000Z');

describe('applyQueuedChanges', () => {
  it('merges queued edits, drops queued deletes and appends queued creates, in queue order', () => {
    const view = applyQueuedChanges(
      rows,
      [
        entry({ entityId: 'p1', payload: { price: 150 } }),
        entry({ entityId: 'p2', op: 'delete', method: 'DELETE', path: 'properties/p2' }),
        entry({ entityId: 'p3', op: 'create', method: 'POST', path: 'properties', payload: { id: 'p3', title: 'New' } }),
        entry({ entityId: 'p1', payload: { title: 'One!' }, state: 'sending' }),
      ],
      'properties',
      now,
    );
    expect(view.records).toEqual([
      { id: 'p1', version: 3, title: 'One!', price: 150 },
      { id: 'p3', title: 'New', version: 1, createdAt: now.toISOString(), updatedAt: now.toISOString() },
    ]);
    expect(view.pendingIds).toEqual(['p1', 'p3']);
  });

  it('leaves out parked changes and everything queued after them for that record; other entities untouched', () => {
    const view = applyQueuedChanges(
      rows,
      [
        entry({ entityId: 'p1', payload: { price: 1 }, state: 'conflict' }),
        entry({ entityId: 'p1', payload: { price: 2 } }),
        entry({ entityId: 'p2', payload: { price: 3 }, state: 'failed' }),
        entry({ entity: 'listings', entityId: 'p2', path: 'listings/p2', payload: { price: 4 } }),
      ],
      'properties',
    );
    expect(view.records).toEqual(rows);
    expect(view.pendingIds).toEqual([]);
  });

  it('ignores edits of records outside the list and visitors’ queued inquiries', () => {
    const view = applyQueuedChanges(
      [],
      [
        entry({ entityId: 'elsewhere', payload: { price: 1 } }),
        entry({ entity: 'contacts', op: 'create', method: 'POST', path: 'public/contacts', entityId: 'lead' }),
      ],
      'contacts',
    );
    expect(view).toEqual({ records: [], pendingIds: [] });
  });
});

describe('changedFields and writableFields', () => {
  it('keeps the top-level fields whose value changed, comparing nested values whole', () => {
    const base = { title: 'A', price: 1, theme: { color: '#000000' }, tags: ['a'] };
    expect(changedFields(base, { title: 'A', price: 2, theme: { color: '#000000' }, tags: ['a', 'b'] })).toEqual({
      price: 2,
      tags: ['a', 'b'],
    });
    expect(changedFields(base, { ...base, extra: undefined })).toEqual({});
  });

  it('never sends server-owned fields or a screen’s own `_` fields', () => {
    expect(
      writableFields({ id: 'x', version: 2, createdAt: 'c', updatedAt: 'u', _pending: true, title: 'T', gone: undefined }),
    ).toEqual({ title: 'T' });
  });
});

describe('inServerOrder', () => {
  it('follows the order the server listed, then the rest oldest first', () => {
    const list = [
      { id: 'c', createdAt: '2026-01-03' },
      { id: 'x', createdAt: '2026-01-01' },
      { id: 'a', createdAt: '2026-01-02' },
    ];
    expect(inServerOrder(list, ['a', 'c']).map((row) => row.id)).toEqual(['a', 'c', 'x']);
  });
});
