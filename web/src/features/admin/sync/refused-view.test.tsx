/** A refused change shows what the admin changed, so it can be fixed or copied before it is discarded. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/data/repositories/admin/sync-center';
import { RECORD_DELETED_MESSAGE } from '@/data/outbox-policy';
import { changedFieldsOf, RefusedView } from './refused-view';

const refusedEdit = {
  id: 'e1',
  entity: 'listings',
  entityId: '1a2b3c4d-0000-4000-8000-000000000000',
  op: 'update',
  method: 'PUT',
  path: 'listings/1a2b3c4d-0000-4000-8000-000000000000',
  payload: { price: 450000, description: 'Corner lot, new roof', features: ['Pool'], version: 3 },
  baseVersion: 3,
  state: 'failed',
  attempts: 1,
  createdAt: 1,
  nextAttemptAt: 0,
  lastStatus: 404,
  lastError: RECORD_DELETED_MESSAGE,
} as OutboxEntry;

describe('RefusedView', () => {
  it('shows the server’s reason and every field of the change, not its bookkeeping', () => {
    const html = renderToStaticMarkup(<RefusedView entry={refusedEdit} />);
    expect(html).toContain('This record is no longer on the server (someone deleted it after you changed it)');
    expect(html).toContain('Your change (3 fields)');
    expect(html).toContain('<dt>Price</dt><dd>450000</dd>');
    expect(html).toContain('Corner lot, new roof');
    expect(html).toContain('Pool');
    expect(changedFieldsOf(refusedEdit).map(([field]) => field)).toEqual(['price', 'description', 'features']);
  });

  it('names a refused create as the new record, with the field details the server sent', () => {
    const create = {
      ...refusedEdit,
      op: 'create',
      method: 'POST',
      path: 'communities',
      payload: { id: 'c1', name: 'Cypress Bend' },
      lastStatus: 400,
      lastError: 'Invalid input',
      details: [{ path: 'coordinates', message: 'Expected object' }],
    } as OutboxEntry;
    const html = renderToStaticMarkup(<RefusedView entry={create} />);
    expect(html).toContain('Invalid input');
    expect(html).toContain('<strong>coordinates</strong>: Expected object');
    expect(html).toContain('The new record (1 field)');
    expect(html).toContain('Cypress Bend');
  });
});
