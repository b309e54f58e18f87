/** The inbox list's line for a lead's work: the owner and the next step, a step without a date included. */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Lead } from '@domain/schemas/lead';
import { LeadList } from './lead-list';

const lead = (id: string, overrides: Partial<Lead>): Lead =>
  ({
    id,
    version: 1,
    name: `Lead ${id}`,
    email: `${id}@example.com`,
    phone: '',
    message: 'Hello',
    notes: '',
    interest: 'buying',
    source: 'popup',
    status: 'NEW',
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  }) as Lead;

const listText = (records: Lead[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LeadList
        records={records}
        loading={false}
        spamView={false}
        hasFilters={false}
        selectedId={null}
        owners={[]}
        linkTo={() => '/admin/contacts'}
      />
    </MemoryRouter>,
  ).replace(/<[^>]+>/g, ' ');

describe('LeadList', () => {
  it('shows a next step that has no date, as well as a dated one', () => {
    const text = listText([
      lead('a', { nextStep: 'Send the price sheet' }),
      lead('b', { nextStep: 'Call back', nextStepAt: '2999-12-01' }),
      lead('c', { nextStepAt: '2999-12-02' }),
    ]);
    expect(text).toContain('Unassigned · Send the price sheet (no date)');
    expect(text).toContain('Unassigned · Call back by 2999-12-01');
    expect(text).toContain('Unassigned · Next step by 2999-12-02');
  });

  it('marks a lead that reached the server an hour or more after it was sent (it waited on a device)', () => {
    const text = listText([
      lead('weekend', { submittedAt: '2026-11-20T15:00:00.000Z', createdAt: '2026-11-23T16:00:00.000Z' }),
      lead('dead-zone', { submittedAt: '2026-11-20T15:00:00.000Z', createdAt: '2026-11-20T17:10:00.000Z' }),
      lead('at-once', { submittedAt: '2026-11-20T15:00:00.000Z', createdAt: '2026-11-20T15:00:02.000Z' }),
      lead('no-time', {}),
    ]);
    expect(text).toMatch(/Lead weekend\s+New\s+Arrived 3 days late/);
    expect(text).toMatch(/Lead dead-zone\s+New\s+Arrived 2 hours late/);
    expect(text.match(/Arrived/g)).toHaveLength(2);
  });

  it('draws the first 100 leads of a long inbox, says how many there are, and offers the next ones', () => {
    const many = (count: number) => Array.from({ length: count }, (_, index) => lead(`l${index}`, {}));
    const long = listText(many(2_345));
    expect(long.match(/@example\.com|Lead l\d+/g)?.filter((word) => word.startsWith('Lead')).length).toBe(100);
    expect(long).toContain('Showing 100 of 2,345 leads');
    expect(long).toContain('Show 100 more');
    const nearly = listText(many(130));
    expect(nearly).toContain('Showing 100 of 130 leads');
    expect(nearly).toContain('Show 30 more');
    const short = listText(many(100));
    expect(short).toContain('100 leads');
    expect(short).not.toContain('Show');
  });
});
