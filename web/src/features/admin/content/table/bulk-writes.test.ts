import { describe, expect, it } from 'vitest';
import { ApiError } from '@/data/http-errors';
import { deleteConfirmText, namesList, runBulk, statusConfirmText, summarise } from './bulk-writes';

const NOUNS = { one: 'listing', many: 'listings' };
const targets = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `id-${index}`, name: `Home ${index}` }));

describe('runBulk', () => {
  it('writes every record once and reports each outcome in order: delivered, queued, conflict, refused', async () => {
    const written: string[] = [];
    const outcomes = await runBulk(targets(5), async (target) => {
      written.push(target.id);
      if (target.id === 'id-1') return { queued: true };
      if (target.id === 'id-2') throw new ApiError('Network error: changed', 412, { serverMessage: 'changed' });
      if (target.id === 'id-3') throw new ApiError('Network error: Not found', 404, { serverMessage: 'Not found' });
      return { queued: false };
    });
    expect(written.sort()).toEqual(['id-0', 'id-1', 'id-2', 'id-3', 'id-4']);
    expect(outcomes).toEqual([
      { id: 'id-0', name: 'Home 0', result: 'done' },
      { id: 'id-1', name: 'Home 1', result: 'queued' },
      { id: 'id-2', name: 'Home 2', result: 'conflict' },
      { id: 'id-3', name: 'Home 3', result: 'failed', message: 'Not found' },
      { id: 'id-4', name: 'Home 4', result: 'done' },
    ]);
  });

  it('a conflict on the first record does not stop the others', async () => {
    const outcomes = await runBulk(
      targets(3),
      async (target) => {
        if (target.id === 'id-0') throw new ApiError('conflict', 412);
        return { queued: false };
      },
      1,
    );
    expect(outcomes.map((outcome) => outcome.result)).toEqual(['conflict', 'done', 'done']);
  });

  it('never has more than `concurrency` writes in flight', async () => {
    let inFlight = 0;
    let most = 0;
    await runBulk(
      targets(12),
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
        return { queued: false };
      },
      3,
    );
    expect(most).toBe(3);
  });

  it('a plain Error is a failure with its message', async () => {
    const [outcome] = await runBulk(targets(1), () => Promise.reject(new Error('boom')));
    expect(outcome).toEqual({ id: 'id-0', name: 'Home 0', result: 'failed', message: 'boom' });
  });
});

describe('texts', () => {
  it('the confirmation names every record, one per line, up to ten, then "and N more"', () => {
    expect(statusConfirmText(targets(2), NOUNS, 'Sold')).toBe(
      'Change the status of 2 listings to Sold?\n• Home 0\n• Home 1',
    );
    expect(deleteConfirmText(targets(1), NOUNS)).toBe('Delete 1 listing? This action cannot be undone.\n• Home 0');
    const long = namesList(targets(13));
    expect(long.split('\n')).toHaveLength(11);
    expect(long.endsWith('\nand 3 more')).toBe(true);
  });

  it('summarises delivered and queued writes in one toast and lists the records not changed', () => {
    const summary = summarise(
      [
        { id: 'a', name: 'A', result: 'done' },
        { id: 'b', name: 'B', result: 'done' },
        { id: 'c', name: 'C', result: 'queued' },
        { id: 'd', name: 'D', result: 'conflict' },
        { id: 'e', name: 'E', result: 'failed', message: 'Not found' },
      ],
      NOUNS,
      'updated',
    );
    expect(summary.success).toBe('2 listings updated; 1 listing updated on this device; will sync when online');
    expect(summary.problems.map((problem) => problem.id)).toEqual(['d', 'e']);
    expect(summarise([{ id: 'd', name: 'D', result: 'conflict' }], NOUNS, 'deleted').success).toBe('');
  });
});
