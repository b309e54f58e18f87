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
});
