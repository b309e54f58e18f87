/** A lead's facts when its community was deleted since: no raw id, no link to a missing page. */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Lead } from '@domain/schemas/lead';
import { COMMUNITY_GONE, LeadFacts } from './lead-facts';
import { emailSubject } from './lead-quick-actions';

const GONE_ID = 'a9ff295e-abf5-42b6-adae-50b042318a60';
const lead = {
  id: 'l1',
  version: 1,
  name: 'Buyer Bob',
  email: 'bob@example.com',
  phone: '',
  message: 'Can I visit?',
  notes: '',
  interest: 'visit',
  source: 'popup',
  status: 'NEW',
  communityId: GONE_ID,
  createdAt: '2026-11-20T15:00:00.000Z',
} as Lead;

const factsHtml = (communityName: string | undefined) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LeadFacts lead={lead} communityName={communityName} />
    </MemoryRouter>,
  );

describe('LeadFacts', () => {
  it('names a known community with a link to its page', () => {
    const html = factsHtml('Austin Point');
    expect(html).toContain('Austin Point');
    expect(html).toContain(`/community/${GONE_ID}`);
  });

  it('says a deleted community is no longer on the site, never showing its id or linking to a 404', () => {
    const html = factsHtml(undefined);
    expect(html).toContain(COMMUNITY_GONE);
    expect(html).not.toContain(GONE_ID);
    // The buyer's email does not name an id either.
    expect(emailSubject(lead, undefined, 'Homes')).toBe('Your visit with Homes');
  });
});
