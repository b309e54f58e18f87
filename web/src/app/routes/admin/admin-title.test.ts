/** Admin page titles: a record's page is told apart from its list (screen readers and the history read titles). */
import { describe, expect, it } from 'vitest';
import { adminPageTitle } from './admin-app';

describe('adminPageTitle', () => {
  it('names the section of a list page', () => {
    expect(adminPageTitle('/admin')).toBe('Dashboard');
    expect(adminPageTitle('/admin/contacts')).toBe('Leads');
    expect(adminPageTitle('/admin/listings')).toBe('Property Listings');
    expect(adminPageTitle('/admin/unknown')).toBe('Back Office');
  });

  it('names a record page and a create page apart from their list', () => {
    expect(adminPageTitle('/admin/leads/3f2a')).toBe('Lead');
    expect(adminPageTitle('/admin/communities/new')).toBe('New Community');
    expect(adminPageTitle('/admin/communities/9c54ca9d')).toBe('Edit Community');
    expect(adminPageTitle('/admin/listings/new')).toBe('New Listing');
    expect(adminPageTitle('/admin/properties/77')).toBe('Edit Property');
  });
});
