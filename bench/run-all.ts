/**
 * `npm run bench`: every benchmark in turn (API against json-server, with the file storage and with PostgreSQL,
 * sync drain, 60 s mixed load, rendered pages under 50 connections (bench/pages/bench-pages.ts), then
 * bench/web/bench-web.ts: public
 * JS per route, Lighthouse mobile and desktop on the public pages, the offline repeat visit), the contact form on a
 * slow phone (bench/web/bench-forms.ts), the admin tables at
 * 100x (bench/web/bench-admin-tables.ts), then one table of
 * figure, budget and verdict (DESIGN §7), also written to bench/results/summary.{json,md}.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { markdownTable } from './support/markdown';
import { measurePublicBundles } from './web/bundle-size';
import { LIGHTHOUSE_BUDGET_TEXT, lighthouseValue, rowVerdict, type WebResults } from './web/bench-web';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'bench', 'results');

interface SummaryRow {
  figure: string;
  value: string;
  budget: string;
  verdict: string;
}

function run(script: string, args: string[] = []): void {
  console.log(`\n=== ${script} ${args.join(' ')}`);
  const outcome = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { stdio: 'inherit', cwd: root });
  if (outcome.status !== 0) console.error(`${script} exited with ${outcome.status}`);
}

function readJson<T>(file: string): T | undefined {
  const full = path.join(results, file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : undefined;
}

interface ApiResults {
  rows: {
    label: string;
    scale: number;
    ours: { reqPerSec: number; p99Ms: number };
    ratio: number;
    target: string;
    verdict: string;
  }[];
  scaleRows: { label: string; oursMeanLatencyRatio: number; verdict?: string }[];
}
interface SyncResults {
  medianMs?: number;
  drainMs?: number;
  requests?: number;
  budgetMs: number;
  verdict?: string;
}

run('bench/api/bench-api.ts');
// The same table with STORAGE=postgres (issue 16): a throwaway PostgreSQL cluster with its durable defaults.
run('bench/api/bench-api.ts', ['--storage=postgres']);
run('bench/sync/bench-sync.ts');
run('bench/load/bench-load.ts');
if (!existsSync(path.join(root, 'dist', 'client', '.vite', 'manifest.json'))) run('scripts/build.ts');
run('bench/pages/bench-pages.ts');
run('bench/web/bench-web.ts');
// The contact form on a slow phone (6x CPU, slow 4G): typing through the app's start, Send to confirmation.
run('bench/web/bench-forms.ts');
// The back office's record tables on a 100x catalogue: sort, filter and page change in Chromium (issue 18).
run('bench/web/bench-admin-tables.ts');

const rows: SummaryRow[] = [];
for (const [file, storage] of [
  ['api.json', ''],
  ['api-postgres.json', ' (PostgreSQL)'],
] as const) {
  const api = readJson<ApiResults>(file);
  for (const row of api?.rows ?? []) {
    rows.push({
      figure: `${row.label} at ${row.scale}x${storage}: req/s vs json-server (p99)`,
      value: `${Math.round(row.ours.reqPerSec)} req/s, ${row.ratio.toFixed(1)}x (p99 ${row.ours.p99Ms} ms)`,
      budget: row.target,
      verdict: row.verdict,
    });
  }
  for (const row of api?.scaleRows ?? []) {
    rows.push({
      figure: `${row.label}${storage}: cost at 100x / 1x`,
      value: `${row.oursMeanLatencyRatio.toFixed(2)}x`,
      budget: '≤ 1.5x',
      verdict: row.verdict ?? (row.oursMeanLatencyRatio <= 1.5 ? 'PASS' : 'FAIL'),
    });
  }
}
const sync = readJson<SyncResults>('sync.json');
if (sync) {
  const ms = sync.medianMs ?? sync.drainMs ?? Number.NaN;
  rows.push({
    figure: '100 queued offline edits drained after reconnect',
    value: `${Math.round(ms)} ms${sync.requests ? ` (${sync.requests} requests)` : ''}`,
    budget: `≤ ${sync.budgetMs} ms`,
    verdict: sync.verdict ?? (ms <= sync.budgetMs ? 'PASS' : 'FAIL'),
  });
}
const pages = readJson<{
  rows: {
    page: string;
    scale: number;
    page_: { reqPerSec: number; p99Ms: number };
    ratioToJson: number;
    ratioToCeiling: number;
    coldRenderMs: number;
    verdict: string;
  }[];
  scaleRows: { page: string; cost: number; verdict: string }[];
}>('pages.json');
for (const row of pages?.rows ?? []) {
  rows.push({
    figure: `Page ${row.page} at ${row.scale}x, 50 connections: req/s vs JSON read (p99, vs ceiling, cold render)`,
    value:
      `${Math.round(row.page_.reqPerSec)} req/s, ${row.ratioToJson.toFixed(2)}x (p99 ${row.page_.p99Ms} ms, ` +
      `${row.ratioToCeiling.toFixed(2)}x of ceiling, cold ${row.coldRenderMs.toFixed(1)} ms)`,
    budget: '≥ 0.5x, p99 ≤ 20 ms, cold ≤ 10 ms (community 1x)',
    verdict: row.verdict,
  });
}
for (const row of pages?.scaleRows ?? []) {
  rows.push({
    figure: `Page ${row.page}: cost at 100x / 1x`,
    value: `${row.cost.toFixed(2)}x`,
    budget: '≤ 1.5x',
    verdict: row.verdict,
  });
}
const load = readJson<{ rows?: SummaryRow[] }>('load.json');
rows.push(...(load?.rows ?? []).map((row) => ({ ...row, figure: `Load: ${row.figure}` })));
const forms = readJson<{ rows?: SummaryRow[] }>('forms.json');
rows.push(...(forms?.rows ?? []).map((row) => ({ ...row, figure: `Slow phone: ${row.figure}` })));
for (const bundle of measurePublicBundles(path.join(root, 'dist', 'client'))) {
  rows.push({
    figure: `JS to render ${bundle.route} (gzip)`,
    value: `${(bundle.gzipBytes / 1024).toFixed(1)} KB`,
    budget: '≤ 110 KB',
    verdict: bundle.withinBudget ? 'PASS' : 'FAIL',
  });
}
const tables = readJson<{
  budgetMs: number;
  rows: { page: string; records: number; action: string; medianMs: number; verdict: string }[];
}>('admin-tables.json');
for (const row of tables?.rows ?? []) {
  rows.push({
    figure: `Admin table ${row.page} (${row.records} records): ${row.action}, click to updated table (median of 5)`,
    value: `${row.medianMs.toFixed(0)} ms`,
    budget: `≤ ${tables!.budgetMs} ms`,
    verdict: row.verdict,
  });
}
const web = readJson<WebResults>('web.json');
for (const row of web?.lighthouse ?? []) {
  rows.push({
    figure: `Lighthouse ${row.preset} ${row.page} (median of ${row.runs})`,
    value: lighthouseValue(row),
    budget: row.floor ? '' : LIGHTHOUSE_BUDGET_TEXT,
    verdict: rowVerdict(row),
  });
}
for (const row of web?.offline ?? []) {
  rows.push({
    figure: `Offline repeat visit ${row.page}: heading shown (median of ${row.runs})`,
    value: `${Math.round(row.medianMs)} ms`,
    budget: `≤ ${web!.budgets.offlineRenderMs} ms`,
    verdict: row.withinBudget ? 'PASS' : 'FAIL',
  });
}
if (web)
  console.log(
    `\nLighthouse ran in Chromium ${web.machine.chromium ?? 'unknown'} with a load average of ${web.machine.loadAverageStart.toFixed(1)} → ` +
      `${web.machine.loadAverageEnd.toFixed(1)} on ${web.machine.cpus} CPUs (TBT and LCP grow with it).`,
  );

const markdown = markdownTable(
  ['figure', 'value', 'budget', 'verdict'],
  rows.map((row) => [row.figure, row.value, row.budget, row.verdict]),
);
mkdirSync(results, { recursive: true });
writeFileSync(
  path.join(results, 'summary.json'),
  `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`,
);
writeFileSync(path.join(results, 'summary.md'), `${markdown}\n`);
console.log(`\n${markdown}`);
