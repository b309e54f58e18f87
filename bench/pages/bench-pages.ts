/**
 * `npm run bench:pages` — server-rendered pages under a crowd (issue 14, DESIGN §7): 50 connections, 5 s rounds,
 * `accept-encoding: gzip, deflate, br` and `accept: text/html` as a browser sends, on `/`, `/communities`, a
 * community page and a listing page, at 1× and 100× the seed data (bench/api/generate-data.ts), each beside:
 * - the JSON read of the same record in the same run (`/api/public/communities/{id}`, `/api/public/listings/{id}`;
 *   for `/` and `/communities`, the card list they show, `/api/public/communities?view=list`);
 * - a bare node:http server answering the page's very bytes (the ceiling of this client on this machine).
 * The load generator is wrk (Debian's package: apt-get install -y wrk); see `load` for why not autocannon.
 * Also the cold render of each page (nothing cached: a fresh query string each time, so every request renders
 * and compresses at the cold level), median of many, one request at a time.
 *
 * Budgets: page ≥ 0.5× the JSON read's req/s, p99 ≤ 20 ms at 50 connections, cold render ≤ 10 ms (community
 * page, 1×), 100× cost ≤ 1.5× of 1× (req/s at 1× / req/s at 100×). Writes bench/results/pages.{json,md}; a miss
 * does not change the exit code (a report), a crash does. Needs the production build in dist/.
 *
 * Options: --scales=1,100 --duration=5 --connections=50 --cold=60 (cold samples per page) --keep
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateApiData, type GeneratedData } from '../api/generate-data';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..');
const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');
const HOST = '127.0.0.1';
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

export const PAGE_BUDGETS = { jsonRatio: 0.5, p99Ms: 20, coldRenderMs: 10, scaleCost: 1.5 };

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
interface Figures {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const children = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts a child and resolves with the URL it prints ("listening on http://..."). */
async function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  name: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = track(spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const poll = setInterval(() => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(match[1]!);
      }
    }, 50);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`${name} exited during start (${code ?? signal}):\n${output}`));
    });
  });
  return { url, child };
}

function startOurServer(dataDir: string) {
  return startChild(
    ['--import', 'tsx', 'api/server.ts'],
    {
      ...process.env,
      PORT: '0',
      HOST,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STORAGE: 'file',
      CONTACT_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT: '0',
      ADMIN_PASSWORD: 'bench-password-1',
      DEMO_MODE: '0',
    },
    'our server',
  );
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

function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The load: wrk (C, from Debian's package), not autocannon. autocannon parses every answer in JavaScript and was
 * the bottleneck on 12 KB pages: the bare node:http ceiling reached only 3,700-4,700 req/s with it, below our own
 * server, while wrk measured 18,000-20,000 req/s for the same pages; what it measured was the client.
 */
async function load(url: string, connections: number, duration: number): Promise<Figures> {
  if (new URL(url).hostname !== HOST) throw new Error(`refusing to benchmark ${url}: only ${HOST} is allowed`);
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(BROWSER_HEADERS)) args.push('-H', `${name}: ${value}`);
  const output = await new Promise<string>((resolve, reject) => {
    const child = track(spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] }));
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`bench:pages needs wrk (apt-get install -y wrk): ${(error as Error).message}`)),
    );
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
  });
  return parseWrk(output);
}

const LATENCY_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Requests per second, the 99th percentile latency (ms), non-2xx/3xx answers and socket errors from wrk's report. */
export function parseWrk(output: string): Figures {
  const reqPerSec = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  if (!Number.isFinite(reqPerSec) || !p99) throw new Error(`cannot read wrk's report:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
  return { reqPerSec, p99Ms: Number(p99[1]) * LATENCY_UNITS[p99[2]!]!, non2xx, errors };
}

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
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { renderMs: median(render), totalMs: median(total) };
}

interface Options {
  scales: number[];
  duration: number;
  connections: number;
  cold: number;
  keep: boolean;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return {
    scales: (value('scales') ?? '1,100').split(',').map(Number),
    duration: Number(value('duration') ?? 5),
    connections: Number(value('connections') ?? 50),
    cold: Number(value('cold') ?? 60),
    keep: argv.includes('--keep'),
  };
}

async function benchScale(data: GeneratedData, options: Options, workDir: string, log: (line: string) => void) {
  const server = await startOurServer(data.ourDataDir);
  const rows: Omit<PageRow, 'verdict'>[] = [];
  try {
    const community = data.communityIds[0]!;
    const listing = data.listingIds[0]!;
    const pages = [
      { page: 'home', path: '/', jsonPath: '/api/public/communities?view=list' },
      { page: 'communities', path: '/communities', jsonPath: '/api/public/communities?view=list' },
      { page: 'community', path: `/community/${community}`, jsonPath: `/api/public/communities/${community}` },
      { page: 'listing', path: `/listing/${listing}`, jsonPath: `/api/public/listings/${listing}` },
    ];
    for (const target of pages) {
      // Cold first, while nothing of this page is cached (the fresh query strings keep it that way).
      const cold = await coldRender(server.url, target.path, options.cold);
      const coldRenderMs = cold.renderMs;
      const sample = await fetchRaw(`${server.url}${target.path}`, BROWSER_HEADERS);
      if (sample.status !== 200) throw new Error(`${target.path} answered ${sample.status}`);
      const bodyFile = path.join(workDir, `${target.page}-${data.scale}.bin`);
      await writeFile(bodyFile, sample.body);
      const ceilingHeaders = Object.fromEntries(
        Object.entries(sample.headers).filter(
          ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
        ),
      );
      const ceiling = await startChild(
        ['-e', CEILING_SOURCE, bodyFile, JSON.stringify(ceilingHeaders)],
        process.env,
        'ceiling',
      );
      try {
        // Warm-up (not counted): the page's brotli 11 bytes are built after its second request.
        await load(`${server.url}${target.path}`, options.connections, 1);
        await load(`${server.url}${target.jsonPath}`, options.connections, 1);
        const pageFigures = await load(`${server.url}${target.path}`, options.connections, options.duration);
        const jsonFigures = await load(`${server.url}${target.jsonPath}`, options.connections, options.duration);
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
  } finally {
    await stopChild(server.child);
  }
  return rows;
}

export async function runPagesBench(options: Options) {
  const needed = [path.join('dist', 'client', 'index.html'), path.join('dist', 'server', 'entry-server.js')];
  const missing = needed.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length > 0)
    throw new Error(`bench:pages needs the production build (${missing.join(', ')}): run npm run build.`);
  const log = (line: string) => console.log(line);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hc-bench-pages-'));
  const loadStart = os.loadavg();
  const all: Omit<PageRow, 'verdict'>[] = [];
  try {
    for (const scale of options.scales) {
      log(`generating ${scale}x data...`);
      const data = await generateApiData(scale, workDir);
      all.push(...(await benchScale(data, options, workDir, log)));
    }
  } finally {
    if (!options.keep) await rm(workDir, { recursive: true, force: true });
  }
  const rows: PageRow[] = all.map((row) => {
    const coldOk = !(row.page === 'community' && row.scale === 1) || row.coldRenderMs <= PAGE_BUDGETS.coldRenderMs;
    const pass =
      row.ratioToJson >= PAGE_BUDGETS.jsonRatio &&
      row.page_.p99Ms <= PAGE_BUDGETS.p99Ms &&
      row.page_.non2xx + row.page_.errors === 0 &&
      coldOk;
    return { ...row, verdict: pass ? 'PASS' : 'FAIL' };
  });
  const scaleRows = [...new Set(rows.map((row) => row.page))].flatMap((page) => {
    const one = rows.find((row) => row.page === page && row.scale === 1);
    const hundred = rows.find((row) => row.page === page && row.scale === 100);
    if (!one || !hundred) return [];
    const cost = one.page_.reqPerSec / hundred.page_.reqPerSec;
    const coldCost = hundred.coldRenderMs / one.coldRenderMs;
    return [{ page, cost, coldCost, verdict: (cost <= PAGE_BUDGETS.scaleCost ? 'PASS' : 'FAIL') as 'PASS' | 'FAIL' }];
  });
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
  const markdown = [
    `Pages under ${options.connections} connections, ${options.duration} s rounds, accept-encoding gzip, deflate, br` +
      ` (load average ${loadStart[0]!.toFixed(1)} → ${loadEnd[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`,
    '',
    '| page | scale | page req/s | p99 ms | JSON req/s | page/JSON | ceiling req/s | page/ceiling | cold render ms | cold request ms | verdict |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.scale}x | ${Math.round(row.page_.reqPerSec)} | ${row.page_.p99Ms.toFixed(1)} | ${Math.round(row.json.reqPerSec)} | ` +
        `${row.ratioToJson.toFixed(2)}x | ${Math.round(row.ceiling.reqPerSec)} | ${row.ratioToCeiling.toFixed(2)}x | ` +
        `${row.coldRenderMs.toFixed(1)} | ${row.coldRequestMs.toFixed(1)} | ${row.verdict} |`,
    ),
    '',
    '| page | req/s 1x / 100x | cold render 100x / 1x | verdict (≤ 1.5x) |',
    '| --- | --- | --- | --- |',
    ...scaleRows.map(
      (row) => `| ${row.page} | ${row.cost.toFixed(2)}x | ${row.coldCost.toFixed(2)}x | ${row.verdict} |`,
    ),
  ].join('\n');
  await writeFile(path.join(RESULTS_DIR, 'pages.md'), `${markdown}\n`);
  console.log(`\n${markdown}`);
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runPagesBench(parseArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
