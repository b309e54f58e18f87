/**
 * bench:pages' verdicts and report: each page row judged against PAGE_BUDGETS, the 100×-vs-1× cost rows, and the
 * markdown of bench/results/pages.md.
 */
import os from 'node:os';
import { markdownTable } from '../support/markdown';
import { PAGE_BUDGETS, type PageRow, type PagesOptions, type PairedPageCost } from './pages-types';

export interface PageScaleRow {
  page: string;
  /** req/s at 1x ÷ at 100x: from the paired runs when there were any (the verdict), else from the main table. */
  cost: number;
  /** The same from the main table's runs, minutes apart (shown for reference). */
  sequentialCost: number;
  paired?: PairedPageCost;
  coldCost: number;
  verdict: 'PASS' | 'FAIL';
}

/** Page ≥ 0.5× its JSON read, p99 within budget, no errors; and the cold render budget (community page at 1×). */
export function judgePageRows(all: Omit<PageRow, 'verdict'>[]): PageRow[] {
  return all.map((row) => {
    const coldOk = !(row.page === 'community' && row.scale === 1) || row.coldRenderMs <= PAGE_BUDGETS.coldRenderMs;
    const pass =
      row.ratioToJson >= PAGE_BUDGETS.jsonRatio &&
      row.page_.p99Ms <= PAGE_BUDGETS.p99Ms &&
      row.page_.non2xx + row.page_.errors === 0 &&
      coldOk;
    return { ...row, verdict: pass ? 'PASS' : 'FAIL' };
  });
}

/** Per page measured at 1× and 100×: req/s at 1× ÷ at 100× (the verdict), and the cold render's growth. */
export function pageScaleRows(rows: PageRow[], paired: Record<string, PairedPageCost> = {}): PageScaleRow[] {
  return [...new Set(rows.map((row) => row.page))].flatMap((page) => {
    const one = rows.find((row) => row.page === page && row.scale === 1);
    const hundred = rows.find((row) => row.page === page && row.scale === 100);
    if (!one || !hundred) return [];
    const sequentialCost = one.page_.reqPerSec / hundred.page_.reqPerSec;
    const pair = paired[page];
    const cost = pair ? pair.cost : sequentialCost;
    const coldCost = hundred.coldRenderMs / one.coldRenderMs;
    const verdict: 'PASS' | 'FAIL' = cost <= PAGE_BUDGETS.scaleCost ? 'PASS' : 'FAIL';
    return [{ page, cost, sequentialCost, ...(pair ? { paired: pair } : {}), coldCost, verdict }];
  });
}

export function pagesMarkdown(
  options: PagesOptions,
  rows: PageRow[],
  scaleRows: PageScaleRow[],
  loadStart: number[],
  loadEnd: number[],
): string {
  return [
    `Pages under ${options.connections} connections, ${options.duration} s rounds, accept-encoding gzip, deflate, br` +
      ` (load average ${loadStart[0]!.toFixed(1)} → ${loadEnd[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`,
    '',
    markdownTable(
      [
        'page',
        'scale',
        'page req/s',
        'p99 ms',
        'JSON req/s',
        'page/JSON',
        'ceiling req/s',
        'page/ceiling',
        'cold render ms',
        'cold request ms',
        'verdict',
      ],
      rows.map((row) => [
        row.page,
        `${row.scale}x`,
        `${Math.round(row.page_.reqPerSec)}`,
        row.page_.p99Ms.toFixed(1),
        `${Math.round(row.json.reqPerSec)}`,
        `${row.ratioToJson.toFixed(2)}x`,
        `${Math.round(row.ceiling.reqPerSec)}`,
        `${row.ratioToCeiling.toFixed(2)}x`,
        row.coldRenderMs.toFixed(1),
        row.coldRequestMs.toFixed(1),
        row.verdict,
      ]),
    ),
    '',
    markdownTable(
      [
        'page',
        'req/s 1x / 100x (paired, A-B-B-A)',
        'main table, runs apart',
        'cold render 100x / 1x',
        'verdict (≤ 1.5x)',
      ],
      scaleRows.map((row) => [
        row.page,
        row.paired
          ? `${row.cost.toFixed(2)}x (${Math.round(row.paired.fromReqPerSec)} / ${Math.round(row.paired.toReqPerSec)})`
          : `${row.cost.toFixed(2)}x (not paired)`,
        `${row.sequentialCost.toFixed(2)}x`,
        `${row.coldCost.toFixed(2)}x`,
        row.verdict,
      ]),
    ),
  ].join('\n');
}
