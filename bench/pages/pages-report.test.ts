/** bench:pages' cost of 100x the data: judged on the paired runs when there are any, never on invented figures. */
import { describe, expect, it } from 'vitest';
import { pairedCost } from './pages-measure';
import { pageScaleRows } from './pages-report';
import type { PageRow } from './pages-types';

const figures = (reqPerSec: number) => ({ reqPerSec, p99Ms: 3, non2xx: 0, errors: 0 });

function row(page: string, scale: number, reqPerSec: number, coldRenderMs = 2): PageRow {
  return {
    page,
    scale,
    path: `/${page}`,
    jsonPath: `/api/${page}`,
    page_: figures(reqPerSec),
    json: figures(reqPerSec),
    ceiling: figures(reqPerSec),
    ratioToJson: 1,
    ratioToCeiling: 1,
    coldRenderMs,
    coldRequestMs: coldRenderMs + 1,
    verdict: 'PASS',
  };
}

describe('pairedCost', () => {
  it('is the mean req/s of the smaller scale over the larger one', () => {
    expect(pairedCost([20_000, 22_000], [10_000, 12_000])).toMatchObject({
      fromReqPerSec: 21_000,
      toReqPerSec: 11_000,
      cost: 21_000 / 11_000,
    });
  });

  it('refuses a side without runs', () => {
    expect(() => pairedCost([], [1])).toThrow(/both sides/);
  });
});

describe('pageScaleRows', () => {
  // The listing page of one `npm run bench`: 24,823 req/s at 1x, 15,342 at 100x in runs minutes apart.
  const rows = [row('listing', 1, 24_823, 3.7), row('listing', 100, 15_342, 5.5)];

  it('judges the paired cost when there is one, and shows the main table’s beside it', () => {
    const [scaleRow] = pageScaleRows(rows, { listing: pairedCost([25_000, 24_000], [24_500, 24_000]) });
    expect(scaleRow!.cost).toBeCloseTo(24_500 / 24_250);
    expect(scaleRow!.sequentialCost).toBeCloseTo(24_823 / 15_342);
    expect(scaleRow!.coldCost).toBeCloseTo(5.5 / 3.7);
    expect(scaleRow!.verdict).toBe('PASS');
  });

  it('falls back to the main table without paired runs, and fails a cost over 1.5x', () => {
    const [scaleRow] = pageScaleRows(rows);
    expect(scaleRow!.paired).toBeUndefined();
    expect(scaleRow!.verdict).toBe('FAIL');
  });

  it('fails a paired cost over 1.5x too', () => {
    const [scaleRow] = pageScaleRows(rows, { listing: pairedCost([30_000], [15_000]) });
    expect(scaleRow!.verdict).toBe('FAIL');
  });
});
