/** Lighthouse's runs of a preset go round by round over the pages, so a slow spell of the machine is shared. */
import { describe, expect, it } from 'vitest';
import { interleavedRuns } from './run-order';

describe('interleavedRuns', () => {
  it('runs every page once per round, in page order, round after round', () => {
    expect(interleavedRuns(3, 2)).toEqual([
      { page: 0, run: 0 },
      { page: 1, run: 0 },
      { page: 2, run: 0 },
      { page: 0, run: 1 },
      { page: 1, run: 1 },
      { page: 2, run: 1 },
    ]);
  });

  it('gives each page its runs spread over the whole span: no page has two runs in a row', () => {
    const order = interleavedRuns(4, 5);
    expect(order).toHaveLength(20);
    for (let page = 0; page < 4; page += 1) {
      const positions = order.flatMap((entry, index) => (entry.page === page ? [index] : []));
      expect(positions).toEqual([page, page + 4, page + 8, page + 12, page + 16]);
    }
  });
});
