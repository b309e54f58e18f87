/** The next step as the timeline records it: a step without a date is still a step; cleared only when both go. */
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../domain/schemas/lead';
import { leadChanges, nextStepText } from '../../domain/leads/lead-changes';

const ACTOR = { id: 'admin-1', email: 'ana@example.com' };
const NOW = new Date('2026-11-20T15:00:00.000Z');
const base = { id: 'l1', version: 1, name: 'Maria', status: 'NEW', timeline: [] } as unknown as Lead;

/** The next-step entries a sequence of PATCHes writes, each applied to the lead the last one left. */
function nextStepLog(patches: Parameters<typeof leadChanges>[1][]): string[] {
  let lead = base;
  for (const patch of patches) lead = { ...lead, ...leadChanges(lead, patch, ACTOR, () => undefined, NOW) };
  return (lead.timeline ?? []).filter((event) => event.kind === 'next-step').map((event) => event.text);
}

describe('next-step timeline entries', () => {
  it('records a step set without a date as the step, not as cleared', () => {
    expect(nextStepLog([{ nextStep: 'Send the price sheet' }])).toEqual(['Send the price sheet (no date)']);
  });

  it('records a date removed from a step as the step left without a date', () => {
    expect(
      nextStepLog([{ nextStep: 'Send the price sheet' }, { nextStepAt: '2026-12-01' }, { nextStepAt: null }]),
    ).toEqual([
      'Send the price sheet (no date)',
      'Send the price sheet by 2026-12-01',
      'Send the price sheet (no date)',
    ]);
  });

  it('says cleared only when neither the step nor its date is left', () => {
    expect(nextStepLog([{ nextStepAt: '2026-12-01' }, { nextStepAt: null }])).toEqual([
      'Next step by 2026-12-01',
      'Next step cleared',
    ]);
    expect(
      nextStepLog([
        { nextStep: 'Call', nextStepAt: '2026-12-01' },
        { nextStep: '', nextStepAt: null },
      ]),
    ).toEqual(['Call by 2026-12-01', 'Next step cleared']);
  });

  it('words a next step for the inbox list the same way', () => {
    expect(nextStepText({ nextStep: 'Call', nextStepAt: '2026-12-01' })).toBe('Call by 2026-12-01');
    expect(nextStepText({ nextStep: 'Call' })).toBe('Call (no date)');
    expect(nextStepText({ nextStepAt: '2026-12-01', nextStep: '' })).toBe('Next step by 2026-12-01');
    expect(nextStepText({ nextStep: '', nextStepAt: null })).toBe('');
  });
});
