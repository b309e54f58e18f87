/**
 * bench:pages' measurements: our server on one scale's data set, and per page its cold render (median of fresh
 * query strings), then under wrk the page, the JSON read of the same record and a bare node:http ceiling
 * answering the page's very bytes; and, with two scales' servers up, the paired cost of the larger data set.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_SERVER_ENV, startApiServer } from '../support/api-server';
import { startNodeChild, stopChild } from '../support/child-processes';
import { fetchRaw } from '../support/net';
import { REPO_ROOT } from '../support/paths';
import type { GeneratedData } from '../api/generate-data';
import type { PageRow, PagesOptions, PairedPageCost } from './pages-types';
import { BROWSER_HEADERS, load } from './pages-wrk';

/** Our server on one scale's data; it stays up until the paired cost check is done (bench-pages.ts). */
export function startPagesServer(dataDir: string) {
  return startApiServer({
    name: 'our server',
    dataDir,
    env: BENCH_SERVER_ENV,
    cpu: 'server',
  });
}

/** The ceiling: a bare node:http server answering the given bytes and headers to every request. */
const CEILING_SOURCE = `
const http = require('node:http');
const fs = require('node:fs');
const [file, headersJson] = process.argv.slice(1);
const body = fs.readFileSync(file);
const headers = { ...JSON.parse(headersJson), 'content-length': String(body.length) };
const server = http.createServer((request, response) => { response.writeHead(200, headers); response.end(body); });
server.keepAliveTimeout = 72000;
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

/**
 * Median of `samples` cold renders: a query string never seen before makes the server render again. `renderMs` is
 * the render itself, as the server reports it (Server-Timing: render;dur=…); `totalMs` the whole request as this
 * client saw it (the render, compression at the cold level and the loopback round trip).
 */
async function coldRender(baseUrl: string, pagePath: string, samples: number) {
  const render: number[] = [];
  const total: number[] = [];
  const separator = pagePath.includes('?') ? '&' : '?';
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const answer = await fetchRaw(`${baseUrl}${pagePath}${separator}cold=${Date.now()}-${index}`, BROWSER_HEADERS);
    total.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status} on a cold render`);
    const timing = /render;dur=([\d.]+)/.exec(String(answer.headers['server-timing'] ?? ''));
    if (!timing) throw new Error(`${pagePath}: no Server-Timing render duration on a cold render`);
    render.push(Number(timing[1]));
  }
  // The middle sample (the upper one of an even count), not bench/support's mean of the middle two.
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { renderMs: median(render), totalMs: median(total) };
}

/** The pages measured on one scale's data, each with the JSON read of the same record. */
export function pageTargets(data: GeneratedData): PageTarget[] {
  const community = data.communityIds[0]!;
  const listing = data.listingIds[0]!;
  return [
    { page: 'home', path: '/', jsonPath: '/api/public/communities?view=list' },
    { page: 'communities', path: '/communities', jsonPath: '/api/public/communities?view=list' },
    { page: 'community', path: `/community/${community}`, jsonPath: `/api/public/communities/${community}` },
    { page: 'listing', path: `/listing/${listing}`, jsonPath: `/api/public/listings/${listing}` },
    // An ad campaign's crowd: every visitor's URL has a click id of its own (api/ssr/tracking-parameters.ts).
    {
      page: 'listing, ad clicks',
      path: `/listing/${listing}?utm_source=bench&utm_medium=cpc`,
      jsonPath: `/api/public/listings/${listing}`,
      uniqueParameter: 'gclid',
    },
  ];
}

export interface PageTarget {
  page: string;
  path: string;
  jsonPath: string;
  /** Under load, a new value of this parameter on every request of the page (a click id). */
  uniqueParameter?: string;
}

/** One scale: every page's cold render, then page, JSON read and ceiling under load, on `serverUrl` (left running). */
export async function benchScale(
  serverUrl: string,
  data: GeneratedData,
  options: PagesOptions,
  workDir: string,
  log: (line: string) => void,
) {
  const rows: Omit<PageRow, 'verdict'>[] = [];
  for (const target of pageTargets(data)) {
    // Cold first, while nothing of this page is cached (the fresh query strings keep it that way).
    const cold = await coldRender(serverUrl, target.path, options.cold);
    const coldRenderMs = cold.renderMs;
    const sample = await fetchRaw(`${serverUrl}${target.path}`, BROWSER_HEADERS);
    if (sample.status !== 200) throw new Error(`${target.path} answered ${sample.status}`);
    const bodyFile = path.join(workDir, `${target.page}-${data.scale}.bin`);
    await writeFile(bodyFile, sample.body);
    const ceilingHeaders = Object.fromEntries(
      Object.entries(sample.headers).filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
      ),
    );
    const ceiling = await startNodeChild(['-e', CEILING_SOURCE, bodyFile, JSON.stringify(ceilingHeaders)], {
      name: 'ceiling',
      cwd: REPO_ROOT,
      env: process.env,
      cpu: 'server',
    });
    try {
      // Warm-up (not counted): the page's brotli 11 bytes are built after its second request.
      await load(`${serverUrl}${target.path}`, options.connections, 1, target.uniqueParameter);
      await load(`${serverUrl}${target.jsonPath}`, options.connections, 1);
      const pageFigures = await load(
        `${serverUrl}${target.path}`,
        options.connections,
        options.duration,
        target.uniqueParameter,
      );
      const jsonFigures = await load(`${serverUrl}${target.jsonPath}`, options.connections, options.duration);
      const ceilingFigures = await load(ceiling.url, options.connections, options.duration);
      const row = {
        page: target.page,
        scale: data.scale,
        path: target.path,
        jsonPath: target.jsonPath,
        page_: pageFigures,
        json: jsonFigures,
        ceiling: ceilingFigures,
        ratioToJson: pageFigures.reqPerSec / jsonFigures.reqPerSec,
        ratioToCeiling: pageFigures.reqPerSec / ceilingFigures.reqPerSec,
        coldRenderMs,
        coldRequestMs: cold.totalMs,
      };
      rows.push(row);
      log(
        `${data.scale}x ${target.page.padEnd(12)} page ${Math.round(pageFigures.reqPerSec)} req/s p99 ${pageFigures.p99Ms.toFixed(1)} ms` +
          ` | json ${Math.round(jsonFigures.reqPerSec)} req/s (${row.ratioToJson.toFixed(2)}x)` +
          ` | ceiling ${Math.round(ceilingFigures.reqPerSec)} req/s (${row.ratioToCeiling.toFixed(2)}x)` +
          ` | cold render ${coldRenderMs.toFixed(1)} ms (request ${cold.totalMs.toFixed(1)} ms) | ${sample.body.length} B ${sample.headers['content-encoding'] ?? ''}`,
      );
    } finally {
      await stopChild(ceiling.child);
    }
  }
  return rows;
}

/** One scale's server and pages, for the paired cost check. */
export interface ScaleSide {
  scale: number;
  url: string;
  targets: PageTarget[];
}

/** Seconds per run of the paired cost check. */
const PAIRED_SECONDS = 3;

/**
 * The cost of 100x the data, paired (as bench:api's scale check): after the main runs both scales' servers are
 * still up, and each page is loaded on them alternately, 1x, 100x, 100x, 1x. Runs minutes apart measured this
 * VM's drift too: the listing page read 1.62x in one `npm run bench` whose page/JSON ratio stayed 0.88x at both
 * scales. A change of the machine's speed now hits both sides.
 */
export async function pairedPageCosts(
  from: ScaleSide,
  to: ScaleSide,
  options: PagesOptions,
  log: (line: string) => void,
): Promise<Record<string, PairedPageCost>> {
  const costs: Record<string, PairedPageCost> = {};
  for (const fromTarget of from.targets) {
    const toTarget = to.targets.find((target) => target.page === fromTarget.page);
    if (!toTarget) continue;
    const runs = new Map<ScaleSide, number[]>([
      [from, []],
      [to, []],
    ]);
    for (const side of [from, to, to, from]) {
      const target = side === from ? fromTarget : toTarget;
      const figures = await load(
        `${side.url}${target.path}`,
        options.connections,
        PAIRED_SECONDS,
        target.uniqueParameter,
      );
      runs.get(side)!.push(figures.reqPerSec);
    }
    const cost = pairedCost(runs.get(from)!, runs.get(to)!);
    costs[fromTarget.page] = cost;
    log(
      `paired ${fromTarget.page.padEnd(12)} ${Math.round(cost.fromReqPerSec)} req/s at ${from.scale}x, ` +
        `${Math.round(cost.toReqPerSec)} at ${to.scale}x: cost ${cost.cost.toFixed(2)}x`,
    );
  }
  return costs;
}

/** Equal-length runs of each side: their mean req/s, and the smaller scale's over the larger's. */
export function pairedCost(fromRuns: number[], toRuns: number[]): PairedPageCost {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  if (fromRuns.length === 0 || toRuns.length === 0) throw new Error('pairedCost needs runs on both sides');
  const fromReqPerSec = mean(fromRuns);
  const toReqPerSec = mean(toRuns);
  return { order: 'A-B-B-A', fromReqPerSec, toReqPerSec, cost: fromReqPerSec / toReqPerSec };
}
