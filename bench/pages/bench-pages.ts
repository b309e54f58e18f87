/**
 * `npm run bench:pages` — server-rendered pages under a crowd (issue 14, DESIGN §7): 50 connections, 5 s rounds,
 * `accept-encoding: gzip, deflate, br` and `accept: text/html` as a browser sends, on `/`, `/communities`, a
 * community page and a listing page, at 1× and 100× the seed data (bench/api/generate-data.ts), each beside:
 * - the JSON read of the same record in the same run (`/api/public/communities/{id}`, `/api/public/listings/{id}`;
 *   for `/` and `/communities`, the card list they show, `/api/public/communities?view=list`);
 * - a bare node:http server answering the page's very bytes (the ceiling of this client on this machine).
 * The load generator is wrk (Debian's package: apt-get install -y wrk); bench/support/wrk.ts says why not
 * autocannon. Also the cold render of each page (nothing cached: a fresh query string each time, so every
 * request renders and compresses at the cold level), median of many, one request at a time.
 *
 * Budgets: page ≥ 0.5× the JSON read's req/s, p99 ≤ 20 ms at 50 connections, cold render ≤ 10 ms (community
 * page, 1×), 100× cost ≤ 1.5× of 1× (req/s at 1× / req/s at 100×, from paired runs once both scales are measured:
 * 1×, 100×, 100×, 1×). Writes bench/results/pages.{json,md}; a miss
 * does not change the exit code (a report), a crash does. Needs the production build in dist/.
 *
 * Options: --scales=1,100 --duration=5 --connections=50 --cold=60 (cold samples per page) --keep
 *
 * This file is the script entry; the work is in pages-measure.ts (one scale, the paired cost), pages-wrk.ts (the load),
 * pages-report.ts (verdicts and pages.md) and pages-types.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateApiData } from '../api/generate-data';
import { killAllChildren, stopChild } from '../support/child-processes';
import { pinThisProcessAsClient } from '../support/cpu-pinning';
import { isMainModule, REPO_ROOT, RESULTS_DIR } from '../support/paths';
import { benchScale, pageTargets, pairedPageCosts, startPagesServer, type ScaleSide } from './pages-measure';
import { judgePageRows, pageScaleRows, pagesMarkdown } from './pages-report';
import { PAGE_BUDGETS, type PageRow, type PagesOptions, type PairedPageCost } from './pages-types';

export { PAGE_BUDGETS, type PageRow } from './pages-types';

process.once('exit', killAllChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

function parseArgs(argv: string[]): PagesOptions {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return {
    scales: (value('scales') ?? '1,100').split(',').map(Number),
    duration: Number(value('duration') ?? 5),
    connections: Number(value('connections') ?? 50),
    cold: Number(value('cold') ?? 60),
    keep: argv.includes('--keep'),
  };
}

export async function runPagesBench(options: PagesOptions) {
  const needed = [path.join('dist', 'client', 'index.html'), path.join('dist', 'server', 'entry-server.js')];
  const missing = needed.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length > 0)
    throw new Error(`bench:pages needs the production build (${missing.join(', ')}): run npm run build.`);
  const log = (line: string) => console.log(line);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hc-bench-pages-'));
  const loadStart = os.loadavg();
  const all: Omit<PageRow, 'verdict'>[] = [];
  // The server under load on a CPU of its own, wrk and this process on the others (support/cpu-pinning.ts).
  pinThisProcessAsClient();
  const servers: ChildProcess[] = [];
  const sides: ScaleSide[] = [];
  let paired: Record<string, PairedPageCost> = {};
  try {
    for (const scale of options.scales) {
      log(`generating ${scale}x data...`);
      const data = await generateApiData(scale, workDir);
      const server = await startPagesServer(data.ourDataDir);
      servers.push(server.child);
      all.push(...(await benchScale(server.url, data, options, workDir, log)));
      sides.push({ scale, url: server.url, targets: pageTargets(data) });
    }
    if (sides.length >= 2) {
      const bySize = [...sides].sort((a, b) => a.scale - b.scale);
      log(`\npaired cost check (${bySize[0]!.scale}x vs ${bySize.at(-1)!.scale}x, A-B-B-A)`);
      paired = await pairedPageCosts(bySize[0]!, bySize.at(-1)!, options, log);
    }
  } finally {
    await Promise.all(servers.map((child) => stopChild(child)));
    if (!options.keep) await rm(workDir, { recursive: true, force: true });
  }
  const rows = judgePageRows(all);
  const scaleRows = pageScaleRows(rows, paired);
  const loadEnd = os.loadavg();
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverageStart: loadStart[0], loadAverageEnd: loadEnd[0] },
    options,
    budgets: PAGE_BUDGETS,
    rows,
    scaleRows,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, 'pages.json'), `${JSON.stringify(result, null, 2)}\n`);
  const markdown = pagesMarkdown(options, rows, scaleRows, loadStart, loadEnd);
  await writeFile(path.join(RESULTS_DIR, 'pages.md'), `${markdown}\n`);
  console.log(`\n${markdown}`);
  return result;
}

if (isMainModule(import.meta.url)) {
  runPagesBench(parseArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
