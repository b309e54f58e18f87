/** The lead editor's pure parts: what a save sends, what the form keeps after it, addresses and the email subject. */
import { describe, expect, it } from 'vitest';
import type { Lead } from '@domain/schemas/lead';
import { emailSubject } from './lead-quick-actions';
import { viewOf } from './lead-views';
import { leadsPath } from './use-lead-filter';
import { afterSave, workPatch, type LeadWorkFields } from './use-lead-editor';

const base: LeadWorkFields = { status: 'NEW', ownerId: '', nextStepAt: '', nextStep: '', notes: '' };

describe('lead work form', () => {
  it('sends only what changed, with cleared owner and date as null', () => {
    expect(workPatch(base, base)).toEqual({});
    expect(workPatch(base, { ...base, ownerId: 'a1', nextStepAt: '2026-12-01', nextStep: 'Call' })).toEqual({
      ownerId: 'a1',
      nextStepAt: '2026-12-01',
      nextStep: 'Call',
    });
    const owned = { ...base, ownerId: 'a1', nextStepAt: '2026-12-01' };
    expect(workPatch(owned, { ...owned, ownerId: '', nextStepAt: '' })).toEqual({ ownerId: null, nextStepAt: null });
  });

  it('after a note is saved, keeps the fields being edited and takes the saved value of the others', () => {
    const edited = { ...base, nextStep: 'Typed, not saved' };
    const saved = { ...base, status: 'CONTACTED' as const, nextStep: '' };
    expect(afterSave(base, edited, saved)).toEqual({ ...base, status: 'CONTACTED', nextStep: 'Typed, not saved' });
  });
});

describe('lead addresses and views', () => {
  it("opens a lead at its own address with the list's filter, and closes back to the same list", () => {
    const params = new URLSearchParams('owner=me&q=oak&lead=old');
    expect(leadsPath(params, 'l 1')).toBe('/admin/leads/l%201?owner=me&q=oak');
    expect(leadsPath(params, undefined)).toBe('/admin/contacts?owner=me&q=oak');
    expect(leadsPath(new URLSearchParams(), undefined)).toBe('/admin/contacts');
  });

  it('names the view a filter is', () => {
    expect(viewOf({})).toBe('inbox');
    expect(viewOf({ owner: 'me', q: 'x' })).toBe('mine');
    expect(viewOf({ owner: 'unassigned' })).toBe('unassigned');
    expect(viewOf({ overdue: 'true', owner: 'me' })).toBe('overdue');
    expect(viewOf({ status: 'SPAM' })).toBe('spam');
  });
});

describe('email subject', () => {
  const lead = { interest: 'general', listingTitle: undefined } as unknown as Lead;
  it('names what the lead asked about', () => {
    expect(emailSubject({ ...lead, listingTitle: '12 Oak Lane' }, 'Austin Point', 'Homes')).toBe(
      'Your question about 12 Oak Lane',
    );
    expect(emailSubject({ ...lead, interest: 'visit' }, 'Austin Point', 'Homes')).toBe('Your visit to Austin Point');
    expect(emailSubject(lead, undefined, 'Houston Homes')).toBe('Your message to Houston Homes');
  });
});
