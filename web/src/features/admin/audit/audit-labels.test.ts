/** The audit log's wording, record links and URL filter (issue 18). */
import { describe, expect, it } from 'vitest';
import { actionLabel, fieldLabel, recordPath, valueLabel } from './audit-labels';
import { AUDIT_PAGE_SIZE, auditFilterFromParams, auditRequestFor } from './use-audit-filter';

describe('audit labels', () => {
  it('words actions, fields and values for people', () => {
    expect(actionLabel('contact.update')).toBe('Contact update');
    expect(actionLabel('admin-user.create')).toBe('Admin user create');
    expect(fieldLabel('totalHomes')).toBe('Total homes');
    expect(fieldLabel('general.contactPhone')).toBe('General › Contact phone');
    expect(valueLabel(null)).toBe('—');
    expect(valueLabel('')).toBe('(empty)');
    expect(valueLabel(false)).toBe('No');
    expect(valueLabel(425000)).toBe('425000');
  });

  it('links each record kind to its page, and a deleted record or a sign-in to nothing', () => {
    const entry = (entity: string, action = 'x.update', entityId: string | null = 'id-1') => ({
      entity,
      action,
      entityId,
    });
    expect(recordPath(entry('communities'))).toBe('/admin/communities/id-1');
    expect(recordPath(entry('listings'))).toBe('/admin/listings/id-1');
    expect(recordPath(entry('properties'))).toBe('/admin/properties/id-1');
    expect(recordPath(entry('contacts'))).toBe('/admin/leads/id-1');
    expect(recordPath(entry('settings'))).toBe('/admin/settings');
    expect(recordPath(entry('adminUsers'))).toBe('/admin/admin-users');
    expect(recordPath(entry('communities', 'community.delete'))).toBeUndefined();
    expect(recordPath(entry('session', 'admin.login'))).toBeUndefined();
    expect(recordPath(entry('communities', 'x.update', 'a/b'))).toBe('/admin/communities/a%2Fb');
  });
});

describe('audit filter in the URL', () => {
  it('reads the filter and turns it and the page into the API request', () => {
    const filter = auditFilterFromParams(new URLSearchParams('actor=a1&kind=listings&from=2026-01-01&to=&page=3'));
    expect(filter).toEqual({ actor: 'a1', kind: 'listings', from: '2026-01-01' });
    expect(auditRequestFor(filter, 3)).toEqual({
      limit: AUDIT_PAGE_SIZE,
      offset: 2 * AUDIT_PAGE_SIZE,
      actorId: 'a1',
      entity: 'listings',
      from: '2026-01-01',
    });
    expect(auditRequestFor({}, 1)).toEqual({ limit: AUDIT_PAGE_SIZE, offset: 0 });
  });
});
