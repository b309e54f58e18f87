/**
 * bench:pages' budgets, options and row shapes (what bench/results/pages.json holds per page and scale).
 */

export const PAGE_BUDGETS = { jsonRatio: 0.5, p99Ms: 20, coldRenderMs: 10, scaleCost: 1.5 };

/** One load run's figures as wrk reports them. */
export interface Figures {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface PairedPageCost {
  order: 'A-B-B-A';
  fromReqPerSec: number;
  toReqPerSec: number;
  /** req/s at the smaller scale ÷ req/s at the larger one. */
  cost: number;
}

export interface PageRow {
  page: string;
  scale: number;
  path: string;
  jsonPath: string;
  page_: Figures;
  json: Figures;
  ceiling: Figures;
  ratioToJson: number;
  ratioToCeiling: number;
  /** The render alone (Server-Timing), median. */
  coldRenderMs: number;
  /** The whole cold request over loopback (render, cold-level compression, transfer), median. */
  coldRequestMs: number;
  verdict: 'PASS' | 'FAIL';
}

export interface PagesOptions {
  scales: number[];
  duration: number;
  connections: number;
  cold: number;
  keep: boolean;
}
