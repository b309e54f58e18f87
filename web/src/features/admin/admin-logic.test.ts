/** The admin screens' pure rules: SPEC §5 and §8 texts, the dashboard's recent activity, the conflict diff. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/messages';
import { deleteErrorMessage } from './admin-users/admin-users-page';
import { validateCreateAdmin } from './admin-users/create-admin-modal';
import { recentActivity } from './dashboard/dashboard-page';
import { newestFirst } from './leads/lead-time';
import { filterFromParams } from './leads/use-lead-filter';
import { validatePasswordChange } from './settings/password-form';
import { diffFields } from './sync/conflict-view';

const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('recentActivity', () => {
  it('takes the last 3 of each type, merges them newest first and keeps 5', () => {
    const records = (prefix: string, minutes: number[]) =>
      minutes.map((minute, index) => ({
        id: `${prefix}${index}`,
        name: `${prefix}${index}`,
        title: `${prefix}${index}`,
        createdAt: at(minute),
        updatedAt: at(minute),
      }));
    const items = recentActivity({
      communities: records('c', [1, 50, 2, 3]) as never,
      listings: records('l', [40, 41, 42, 43]) as never,
      properties: records('p', [5]) as never,
    });
    expect(items.map((item) => item.title)).toEqual(['c1', 'l3', 'l2', 'l1', 'p0']);
    expect(items).toHaveLength(5);
  });

  it('says Updated when updatedAt differs from createdAt', () => {
    const [item] = recentActivity({
      communities: [{ id: 'c', name: 'C', createdAt: at(1), updatedAt: at(2) }] as never,
      listings: [],
      properties: [],
    });
    expect(item?.action).toBe('Updated');
  });
});

describe('admin delete errors (SPEC §8)', () => {
  it('maps the two known refusals and wraps anything else', () => {
    expect(deleteErrorMessage('Super admin access required')).toBe(MESSAGES.adminDeleteNotSuperAdmin);
    expect(deleteErrorMessage('Cannot delete your own account')).toBe(MESSAGES.adminDeleteOwnAccount);
    expect(deleteErrorMessage('Not found')).toBe('Failed to delete admin: Not found');
  });
});

describe('form validation (SPEC §5)', () => {
  it('create admin', () => {
    expect(validateCreateAdmin({ email: ' ', password: '', role: 'admin' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateCreateAdmin({ email: 'a@b.co', password: 'short', role: 'admin' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validateCreateAdmin({ email: 'a@b.co', password: 'long-enough', role: 'admin' })).toEqual({});
  });

  it('change password', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
    });
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'short', confirmPassword: 'other' })).toEqual({
      newPassword: 'New password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      validatePasswordChange({ currentPassword: 'x', newPassword: 'long-enough', confirmPassword: 'long-enough' }),
    ).toEqual({});
  });
});

describe('lead inbox', () => {
  it('reads the filter from the URL, leaving out empty values', () => {
    const params = new URLSearchParams('status=NEW&q=%20jane%20&interest=&lead=x');
    expect(filterFromParams(params)).toEqual({ status: 'NEW', q: 'jane' });
  });

  it('orders by when the request arrived', () => {
    const lead = (id: string, createdAt: string, submittedAt?: string) =>
      ({ id, createdAt, ...(submittedAt ? { submittedAt } : {}) }) as never;
    const ordered = newestFirst([lead('a', at(5), at(1)), lead('b', at(3)), lead('c', at(4), at(9))]);
    expect(ordered.map((item: { id: string }) => item.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('diffFields', () => {
  it('compares the fields of the change with the server record, ignoring bookkeeping', () => {
    const rows = diffFields(
      { notes: 'mine', status: 'NEW', tags: ['a', 'b'] },
      { id: '1', version: 3, notes: 'theirs', status: 'NEW', tags: ['a', 'b'], name: 'Jane' },
    );
    const byField = Object.fromEntries(rows.map((row) => [row.field, row]));
    expect(byField.notes).toMatchObject({ inMine: true, differs: true });
    expect(byField.status).toMatchObject({ inMine: true, differs: false });
    expect(byField.tags).toMatchObject({ inMine: true, differs: false });
    expect(byField.name).toMatchObject({ inMine: false, differs: false });
    expect(byField.version).toBeUndefined();
  });
});
