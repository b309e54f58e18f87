/**
 * `npm run bench:web`: the web budgets of DESIGN §7 in one table.
 *
 * 1. JS needed to render each public route (gzip, from the build manifest: bundle-size.ts);
 * 2. Lighthouse, mobile and desktop presets, on /, /communities, /community/austin-point and one of its listings
 *    (lighthouse.ts; LIGHTHOUSE_RUNS runs each, default 5, median per figure), and `mobile-slow`: the mobile
 *    preset as on the slowest machine of this kind seen (CPU slowdown 4 × benchmarkIndex ÷ 1,000, each run its own), so a fast
 *    machine cannot hide a budget a slow one misses (LIGHTHOUSE_PRESETS picks presets);
 * 3. the offline repeat visit of the community page and the listing page (offline-visit.ts; OFFLINE_RUNS, default 5).
 *
 * Beside the pages, each preset also measures the machine's floor: a page that does nothing, on a bare node:http
 * server (floor-page.ts). It is never judged; what a page reads above it is the page's own cost. The TBT cell shows
 * the single runs' range beside the median, since one load differs from the next by far more than the budget's
 * margin on a shared 2-core machine (docs/reliability.md).
 *
 * Everything runs against the production server (built first when dist/ is missing; BENCH_WEB_BUILD=1 rebuilds)
 * on 127.0.0.1 with the example data in a temporary DATA_DIR. The machine's load average is recorded with the
 * figures: Lighthouse's TBT and LCP scale with the CPU time other processes leave to Chromium.
 * Writes bench/results/web.json (read by bench/run-all.ts) and web.md; per-page Lighthouse diagnostics go to
 * bench/results/lighthouse/. A missed budget does not change the exit code (this is a report); a crash does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../tests/server/server-process';
import { chromiumVersion } from '../../tests/support/chromium';
import { measurePublicBundles, PUBLIC_JS_BUDGET_BYTES, type BundleRow } from './bundle-size';
import { LIGHTHOUSE_BUDGETS, runLighthouse, type LighthouseRow, type Preset } from './lighthouse';
import { startFloorPage } from './floor-page';
import { measureOfflineVisits, OFFLINE_RENDER_BUDGET_MS, type OfflineRow } from './offline-visit';
import { slowdownRange } from './reference-speed';
import { startWebBenchServer } from './web-server';

const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');

export interface WebResults {
  at: string;
  /** 1-minute load average at the start and the end of the run, the CPU count and the Chromium measured with. */
  machine: { cpus: number; loadAverageStart: number; loadAverageEnd: number; chromium: string };
  bundles: BundleRow[];
  lighthouse: LighthouseRow[];
  offline: OfflineRow[];
  budgets: typeof LIGHTHOUSE_BUDGETS & { jsGzipBytes: number; offlineRenderMs: number };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function lighthouseValue(row: LighthouseRow): string {
  const figures = row.median;
  return (
    `perf ${figures.performance} · a11y ${figures.accessibility} · SEO ${figures.seo} · LCP ${seconds(figures.lcpMs)} · ` +
    `CLS ${figures.cls.toFixed(3)} · TBT ${Math.round(figures.tbtMs)} ms`
  );
}

export const LIGHTHOUSE_BUDGET_TEXT =
  `perf ≥ ${LIGHTHOUSE_BUDGETS.performance} · a11y ≥ ${LIGHTHOUSE_BUDGETS.accessibility} · SEO ${LIGHTHOUSE_BUDGETS.seo} · ` +
  `LCP ≤ ${LIGHTHOUSE_BUDGETS.lcpMs / 1000} s · CLS ≤ ${LIGHTHOUSE_BUDGETS.cls} · TBT ≤ ${LIGHTHOUSE_BUDGETS.tbtMs} ms`;

/** `mobile-slow`'s CPU slowdown: each run is simulated with its own (reference-speed.ts), so the range of the runs. */
function presetSlowdown(row: LighthouseRow): string {
  const range = slowdownRange(row.all.map((run) => run.cpuSlowdown));
  return range ? ` (CPU ${range})` : '';
}

export const verdictOf = (misses: string[]) => (misses.length === 0 ? 'PASS' : `FAIL (${misses.join(', ')})`);

/** A row's verdict: the floor is reported, not judged. */
export const rowVerdict = (row: LighthouseRow) => (row.floor ? 'not judged (floor)' : verdictOf(row.misses));

/** The lowest and highest of the runs' TBT, as "54-196". */
export function tbtRange(row: LighthouseRow): string {
  const values = row.all.map((run) => Math.round(run.tbtMs));
  return `${Math.min(...values)}-${Math.max(...values)}`;
}

function markdownOf(results: WebResults): string {
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  const b = LIGHTHOUSE_BUDGETS;
  const lines = [
    `Web budgets (DESIGN §7), ${results.at}; Chromium ${results.machine.chromium}, ${results.machine.cpus} CPUs, load average ` +
      `${results.machine.loadAverageStart.toFixed(1)} → ${results.machine.loadAverageEnd.toFixed(1)}`,
    '',
    '| route | JS gzip | budget | verdict |',
    '| --- | --- | --- | --- |',
    ...results.bundles.map(
      (row) =>
        `| ${row.route} | ${(row.gzipBytes / 1024).toFixed(1)} KB | ≤ ${PUBLIC_JS_BUDGET_BYTES / 1024} KB | ${row.withinBudget ? 'PASS' : 'FAIL'} |`,
    ),
    '',
    `Lighthouse 12.8.2, median of ${results.lighthouse[0]?.runs ?? 0} runs (TBT: the runs' range in brackets); ✗ marks a figure over its budget. ` +
      'The floor is a page that does nothing, measured the same way: what a page reads above it is its own cost.',
    '',
    '| page | preset | performance | accessibility | SEO | LCP | CLS | TBT | FCP | CPU (benchmarkIndex) | verdict |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| budget | | ≥ ${b.performance} | ≥ ${b.accessibility} | ${b.seo} | ≤ ${seconds(b.lcpMs)} | ≤ ${b.cls} | ≤ ${b.tbtMs} ms | | | |`,
    ...results.lighthouse.map((row) => {
      const m = row.median;
      // The floor is not judged: none of its figures is marked.
      const judged = (ok: boolean) => mark(row.floor === true || ok);
      return (
        `| ${row.page} | ${row.preset}${presetSlowdown(row)} | ${m.performance}${judged(m.performance >= b.performance)} | ` +
        `${m.accessibility}${judged(m.accessibility >= b.accessibility)} | ${m.seo}${judged(m.seo >= b.seo)} | ` +
        `${seconds(m.lcpMs)}${judged(m.lcpMs <= b.lcpMs)} | ${m.cls.toFixed(3)}${judged(m.cls <= b.cls)} | ` +
        `${Math.round(m.tbtMs)} ms${judged(m.tbtMs <= b.tbtMs)} (${tbtRange(row)}) | ${seconds(m.fcpMs)} | ` +
        `${Math.round(m.benchmarkIndex)} | ${rowVerdict(row)} |`
      );
    }),
    '',
    '| offline repeat visit (heading shown after navigation start) | median | runs | budget | verdict |',
    '| --- | --- | --- | --- | --- |',
    ...results.offline.map(
      (row) =>
        `| ${row.page} | ${Math.round(row.medianMs)} ms | ${row.allMs.map((ms) => Math.round(ms)).join(', ')} | ` +
        `≤ ${OFFLINE_RENDER_BUDGET_MS} ms | ${row.withinBudget ? 'PASS' : 'FAIL'} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export async function runWebBench(): Promise<WebResults> {
  const loadAverageStart = os.loadavg()[0]!;
  const server = await startWebBenchServer();
  const floor = await startFloorPage();
  let lighthouse: LighthouseRow[];
  let offline: OfflineRow[];
  try {
    const presets = (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,mobile-slow,desktop').split(',') as Preset[];
    lighthouse = await runLighthouse({
      baseUrl: server.url,
      pages: [...server.pages, floor.lighthousePage],
      presets,
      diagnosticsDir: path.join(RESULTS_DIR, 'lighthouse'),
    });
    offline = await measureOfflineVisits({
      baseUrl: server.url,
      pages: server.offlinePages,
      expected: server.published,
    });
  } finally {
    await Promise.all([server.stop(), floor.stop()]);
  }
  const results: WebResults = {
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadAverageStart,
      loadAverageEnd: os.loadavg()[0]!,
      chromium: chromiumVersion(),
    },
    bundles: measurePublicBundles(path.join(REPO_ROOT, 'dist', 'client')),
    lighthouse,
    offline,
    budgets: { ...LIGHTHOUSE_BUDGETS, jsGzipBytes: PUBLIC_JS_BUDGET_BYTES, offlineRenderMs: OFFLINE_RENDER_BUDGET_MS },
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, 'web.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, 'web.md'), markdownOf(results));
  console.log(`\n${markdownOf(results)}`);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await runWebBench();
