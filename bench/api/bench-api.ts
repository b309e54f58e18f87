/**
 * `npm run bench:api` — the API budget of DESIGN §7, measured side by side with json-server in the same run.
 *
 * For each scale (1× = the seed, 100× = every record replicated 100 times, see generate-data.ts) it starts our
 * server (file storage, a pre-populated DATA_DIR) and json-server 0.17 (its default configuration, `--quiet`,
 * serving a db.json with the very same records), then runs autocannon against 127.0.0.1 for each endpoint:
 * a warm-up run that is not counted, then the measured run, ours first, then json-server, endpoint by endpoint.
 *
 * json-server is called on its own routes (`/communities?_limit=100`, `/listings?communityId=…`, `/listings/:id`,
 * `POST /contacts`), not through a `--routes` rewriter, so it pays nothing extra for our URL layout. Our community
 * list answers pages of PUBLIC_LIST_PAGE_SIZE (100) whole records, so json-server is asked for the same page.
 *
 * Each endpoint is measured in rounds (default 3 of 5 s each) that alternate the two servers, and each figure is
 * the round with the median req/s: on a shared VM whose speed drifts within a minute, one run each, taken a minute
 * apart, measured the drift as much as the servers.
 *
 * It prints req/s and p50/p99 latency per endpoint and scale with the ratio to json-server and a verdict, plus
 * the 100×-vs-1× cost rows for GET by id and the contact POST, and writes bench/results/api.{json,md}.
 * Targets that miss do not change the exit code (this is a report); a crash does.
 *
 * Also, to make the figures interpretable on a small shared machine:
 * - a calibration per read ("ceiling"): a bare node:http server answering the same bytes, same client — the most
 *   this harness can measure for that payload;
 * - a paired scale check: after the main runs both scales of our server are still up and GET by id / POST are
 *   driven on them alternately (1×, 100×, 100×, 1×), so load drift does not decide the 1.5× verdict;
 * - a durability spot check: after our server stopped, its DATA_DIR is reopened and must hold every contact
 *   that was answered 2xx.
 *
 * Options: --scales=1,100 --duration=<s per run> --rounds=3 --warmup=<s> --connections=50 --endpoints=communities,listingsByCommunity,
 * listingById,contactPost --paired=<s, 0 = off> --cpu-prof[=dir] (our server runs with --cpu-prof; summarise with
 * bench/api/profile-summary.ts) --keep (keep the generated data folders).
 *
 * Every child process is stopped at the end, also on an error or Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import pg from 'pg';
import type { StoredRecord } from '../../api/storage/engine';
import { openFileStorage } from '../../api/storage/file-storage';
import { importIntoEmptyPostgres } from '../../api/storage/postgres-storage';
import { COLLECTION_NAMES, type CollectionName } from '../../api/storage/storage';
import { startPostgresCluster, type PostgresCluster } from '../../tests/support/postgres-cluster';
import { generateApiData, type GeneratedData } from './generate-data';
import { PUBLIC_LIST_PAGE_SIZE } from '../../domain/constants';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..');
const DEFAULT_RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');
const require = createRequire(import.meta.url);

const HOST = '127.0.0.1';
const ADMIN_PASSWORD = 'bench-password-1';

// ---- targets (DESIGN §7) -------------------------------------------------------------------------------------
export const TARGETS = {
  readRatio: 10,
  readP99Ms: 20,
  contactRatio: 5,
  scaleCostRatio: 1.5,
} as const;

// ---- types ---------------------------------------------------------------------------------------------------
export type EndpointKey = 'communities' | 'listingsByCommunity' | 'listingById' | 'contactPost';
export type Verdict = 'PASS' | 'FAIL' | 'n/a';

export interface Measurement {
  /** Mean of autocannon's per-second samples (what its CLI prints as Req/Sec Avg). */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** 2xx answers in the measured run. */
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSec: number;
}

export interface EndpointRow {
  endpoint: EndpointKey;
  label: string;
  scale: number;
  ours: Measurement;
  jsonServer: Measurement;
  /** ours req/s ÷ json-server req/s. */
  ratio: number;
  /**
   * json-server completed no request during its run (each answer took longer than the run): `ratio` is then a
   * lower bound, ours req/s × run seconds (json-server managed less than one answer per run).
   */
  ratioIsLowerBound: boolean;
  target: string;
  verdict: Verdict;
  /** Why the verdict failed (empty when it passed). */
  reasons: string[];
  /**
   * Reads only: a bare node:http server answering the same bytes, measured by the same client on the same
   * machine — the most this harness can measure for that payload. Absent when the calibration is off.
   */
  ceiling?: Measurement;
  /** What limits the reading (e.g. the ceiling is below 10× json-server, so the target cannot be shown here). */
  caveats: string[];
}

/** Runs on the two scales' servers interleaved A-B-B-A, so machine load drifts affect both sides alike. */
export interface PairedMeasurement {
  order: string;
  secondsPerRun: number;
  from: { reqPerSec: number; meanMs: number; ok: number; problems: number };
  to: { reqPerSec: number; meanMs: number; ok: number; problems: number };
}

export interface ScaleRow {
  endpoint: EndpointKey;
  label: string;
  fromScale: number;
  toScale: number;
  /**
   * Verdict metric: ours mean latency at toScale ÷ at fromScale (at a fixed 50 connections), from the paired
   * runs when they ran, else from the main table.
   */
  oursMeanLatencyRatio: number;
  /** For reference: ours req/s at fromScale ÷ at toScale (1/req/s as the cost), same source. */
  oursThroughputCostRatio: number;
  /** The same ratio from the main table (runs minutes apart, so more exposed to load changes). */
  sequentialMeanLatencyRatio: number;
  paired?: PairedMeasurement;
  jsonServerMeanLatencyRatio: number;
  target: string;
  verdict: Verdict;
  reasons: string[];
}

export interface ApiBenchResult {
  startedAt: string;
  finishedAt: string;
  environment: {
    node: string;
    platform: string;
    cpus: number;
    cpuModel: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    autocannon: string;
    jsonServer: string;
  };
  settings: {
    connections: number;
    warmupSeconds: number;
    durationSeconds: Record<string, number>;
    /** Measured runs per server and endpoint, alternating the servers; the median one is reported. */
    rounds: number;
    scales: number[];
    pairedSeconds: number;
    /** Sent with every request; '' = none. */
    acceptEncoding: string;
    /** Our server's storage. */
    storage: BenchStorage;
    /** PostgreSQL mode: the server's version and the settings that decide a write's cost. */
    postgres?: string;
  };
  datasets: Array<{ scale: number; counts: GeneratedData['counts'] }>;
  rows: EndpointRow[];
  scaleRows: ScaleRow[];
  /** Acknowledged contact POSTs found in our storage after the server stopped (durability spot check). */
  persistenceChecks: Array<{ scale: number; acknowledged: number; stored: number; ok: boolean }>;
  notes: string[];
}

export interface ApiBenchOptions {
  scales?: number[];
  /** Seconds per measured run, by scale (default 10 s at 1×, 8 s at larger scales). */
  durationSeconds?: (scale: number) => number;
  warmupSeconds?: number;
  connections?: number;
  endpoints?: EndpointKey[];
  /** Where the data sets live; default a fresh temp folder, removed at the end unless keepData. */
  workDir?: string;
  keepData?: boolean;
  /** When set, our server runs with --cpu-prof and writes its profiles here (one per scale). */
  cpuProfileDir?: string;
  /** Accept-Encoding sent with every request (default BROWSER_ACCEPT_ENCODING; '' sends none). */
  acceptEncoding?: string;
  /**
   * Runs per server and endpoint, alternating ours and json-server (default 3); each figure is the run with the
   * median req/s, so its latencies belong to the same run. Errors of any run still fail the row.
   */
  rounds?: number;
  /** Measure the harness ceiling for each read (a bare node:http server, same payload); default true. */
  ceiling?: boolean;
  /**
   * Seconds per run of the paired scale check (GET by id and POST on the 1× and 100× servers interleaved
   * A-B-B-A after the main runs); 0 turns it off. Default 3.
   */
  pairedSeconds?: number;
  /** Where api.json and api.md go (default bench/results); null to skip writing. */
  resultsDir?: string | null;
  log?: (line: string) => void;
  /**
   * Our server's storage: 'file' (the default of npm start) or 'postgres' (a throwaway PostgreSQL cluster with its
   * durable defaults, started by the bench; each scale's records imported into its own database). Results of the
   * PostgreSQL mode go to api-postgres.{json,md}.
   */
  storage?: BenchStorage;
}

export type BenchStorage = 'file' | 'postgres';

// ---- child processes -----------------------------------------------------------------------------------------
const children = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM (our server flushes and exits), then SIGKILL after `graceMs`. */
async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function killAllNow(): void {
  for (const child of children) child.kill('SIGKILL');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  name: 'ours' | 'json-server' | 'calibration';
  url: string;
  child: ChildProcess;
  output: () => string;
}

function collectOutput(child: ChildProcess): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.length > 20_000) text = text.slice(-20_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text;
}

async function startOurServer(dataDir: string, cpuProfileDir?: string, databaseUrl?: string): Promise<RunningServer> {
  const nodeArgs = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const child = track(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...(databaseUrl ? { STORAGE: 'postgres', DATABASE_URL: databaseUrl } : { STORAGE: 'file' }),
        CONTACT_RATE_LIMIT: '0',
        LOGIN_RATE_LIMIT: '0',
        ADMIN_PASSWORD,
        DEMO_MODE: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const output = collectOutput(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`our server did not start within 60 s:\n${output()}`)), 60_000);
    const onData = () => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`our server exited during start (${code ?? signal}):\n${output()}`));
    });
  });
  return { name: 'ours', url, child, output };
}

function jsonServerBin(): { bin: string; version: string } {
  const pkgFile = require.resolve('json-server/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string; bin: string };
  return { bin: path.join(path.dirname(pkgFile), pkg.bin), version: pkg.version };
}

async function startJsonServer(dbFile: string): Promise<RunningServer> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [jsonServerBin().bin, dbFile, '--port', String(port), '--host', HOST, '--quiet'], {
      cwd: path.dirname(dbFile),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  const output = collectOutput(child);
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`json-server exited during start (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/communities?_limit=1`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`json-server did not start within 60 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { name: 'json-server', url, child, output };
}

/**
 * The calibration server: plain node:http answering fixed bodies read from `dir` (file name = path), with the
 * same content type as ours. It shows the most req/s this client can drive on this machine for a payload.
 */
const NULL_SERVER_SOURCE = `
const http = require('node:http');
const fs = require('node:fs');
const dir = process.argv[1];
const names = fs.readdirSync(dir).filter((name) => !name.endsWith('.encoding'));
const bodies = new Map(names.map((name) => ['/' + name, fs.readFileSync(dir + '/' + name)]));
const encodings = new Map(names.map((name) => {
  const file = dir + '/' + name + '.encoding';
  return ['/' + name, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''];
}));
const server = http.createServer((req, res) => {
  const body = bodies.get(req.url);
  if (!body) { res.statusCode = 404; res.end(); return; }
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
  if (encodings.get(req.url)) headers['content-encoding'] = encodings.get(req.url);
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '${HOST}', () => console.log('listening on http://${HOST}:' + server.address().port));
`;

async function startNullServer(dir: string): Promise<RunningServer> {
  const child = track(spawn(process.execPath, ['-e', NULL_SERVER_SOURCE, dir], { stdio: ['ignore', 'pipe', 'pipe'] }));
  const output = collectOutput(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`calibration server did not start:\n${output()}`)), 20_000);
    child.stdout?.on('data', () => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`calibration server exited (${code}):\n${output()}`));
    });
  });
  return { name: 'calibration', url, child, output };
}

// ---- endpoints -----------------------------------------------------------------------------------------------
interface EndpointSpec {
  key: EndpointKey;
  label: string;
  kind: 'read' | 'write';
  /** Reads: the path of one typical request on our server (its answer is the calibration payload). */
  samplePath?: (data: GeneratedData) => string;
  /** A fresh request list (own counters) for one autocannon run. */
  requests: (server: 'ours' | 'json-server', data: GeneratedData) => RequestSpec[];
}

/** Walks `values` round-robin, one per request, so every id of the data set is asked for. */
/**
 * One GET per value, which autocannon cycles through. Each request is built once: a setupRequest callback would
 * make autocannon rebuild the request on every send, and on two shared cores that client-side work, not the
 * server, capped the fast server's figure (16-19k req/s here, against 25-31k for the calibration server driven
 * with one prebuilt request).
 *
 * Every connection walks the same list from its start, so the list is shuffled (the same seeded order for both
 * servers): in data order, a short run would only ever ask for the first few hundred records, which a server that
 * scans its array (json-server) finds at once.
 */
function rotating(pathFor: (value: string) => string, values: string[]): RequestSpec[] {
  // At most MAX_DISTINCT_REQUESTS of them: autocannon builds the whole list for each of its connections when a
  // run starts, and 4,700 ids × 50 connections took a noticeable part of a short run from the client. A random
  // sample keeps an array scan's average position at the middle of the data.
  return seededShuffle(values)
    .slice(0, MAX_DISTINCT_REQUESTS)
    .map((value) => ({ method: 'GET', path: pathFor(value) }));
}

const MAX_DISTINCT_REQUESTS = 500;

/** Fisher-Yates with a fixed-seed mulberry32, so every run and both servers see the same order. */
export function seededShuffle<T>(values: readonly T[], seed = 0x5eed): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffled = [...values];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  return shuffled;
}

/**
 * Waits (up to `timeoutMs`) until the file storage in `dataDir` is not compacting: one journal file and no
 * db.json temp file (api/storage/file-storage.ts keeps the old journals until a compaction is done). Returns the
 * milliseconds waited.
 */
async function waitForCompaction(dataDir: string, timeoutMs = 120_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const names = await readdir(dataDir);
    const journals = names.filter((name) => /^journal-\d+\.jsonl$/.test(name)).length;
    if (journals <= 1 && !names.some((name) => name.endsWith('.tmp'))) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`${dataDir} still compacting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let postSequence = 0;
const runTag = randomUUID().slice(0, 8);

function contactBody(communityId: string): string {
  postSequence += 1;
  return JSON.stringify({
    name: 'Bench Visitor',
    email: `bench-${runTag}-${postSequence}@example.com`,
    phone: '(713) 555-0100',
    message: 'We are moving to Houston next spring and would like to hear about homes in this community.',
    interest: 'buying',
    communityId,
    // A person's pace: below 2000 ms our server would store it as spam (still a 201, still written).
    fillTimeMs: 10_000,
  });
}

const ENDPOINTS: EndpointSpec[] = [
  {
    key: 'communities',
    label: 'GET /api/public/communities',
    kind: 'read',
    samplePath: () => '/api/public/communities',
    // Ours answers its first page of whole records (PUBLIC_LIST_PAGE_SIZE); json-server is asked for the same
    // page (`_limit`): at 1× both hold every community.
    requests: (server) => [
      {
        method: 'GET',
        path: server === 'ours' ? '/api/public/communities' : `/communities?_limit=${PUBLIC_LIST_PAGE_SIZE}`,
      },
    ],
  },
  {
    key: 'listingsByCommunity',
    label: 'GET /api/public/listings?communityId=…',
    kind: 'read',
    samplePath: (data) => `/api/public/listings?communityId=${data.communityIds[0]}`,
    requests: (server, data) =>
      rotating(
        (id) => (server === 'ours' ? `/api/public/listings?communityId=${id}` : `/listings?communityId=${id}`),
        data.communityIds,
      ),
  },
  {
    key: 'listingById',
    label: 'GET /api/public/listings/{id}',
    kind: 'read',
    samplePath: (data) => `/api/public/listings/${data.listingIds[0]}`,
    requests: (server, data) =>
      rotating((id) => (server === 'ours' ? `/api/public/listings/${id}` : `/listings/${id}`), data.listingIds),
  },
  {
    key: 'contactPost',
    label: 'POST /api/public/contacts',
    kind: 'write',
    requests: (server, data) => {
      let next = 0;
      return [
        {
          method: 'POST',
          path: server === 'ours' ? '/api/public/contacts' : '/contacts',
          headers: { 'content-type': 'application/json' },
          body: contactBody(data.communityIds[0]!),
          setupRequest: (request) => {
            const communityId = data.communityIds[next]!;
            next = (next + 1) % data.communityIds.length;
            return { ...request, body: contactBody(communityId) };
          },
        },
      ];
    },
  },
];

/**
 * Waits until `url` answers a cheap request again: after a run, a slow server (json-server on 2 MB lists or
 * rewriting a 9 MB db.json per POST) can keep working on requests the client already gave up on, and that work
 * must not overlap the next measurement.
 */
async function settle(url: string, cheapPath: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(`${url}${cheapPath}`, { signal: AbortSignal.timeout(60_000) });
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() - started > 120_000) throw new Error(`${url} did not become idle within 120 s`);
    }
  }
  const waited = Date.now() - started;
  if (waited > 1000) log(`   (waited ${(waited / 1000).toFixed(1)} s for ${url} to finish earlier requests)`);
  await new Promise((resolve) => setTimeout(resolve, 250));
}

// ---- measuring -----------------------------------------------------------------------------------------------
/**
 * What Chromium sends on every request: phones and browsers always accept compressed answers, so the servers
 * are measured as they serve them (json-server compresses with its default compression middleware, ours serves
 * bodies compressed once per change). `--accept-encoding=` (empty) measures uncompressed answers instead.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

async function runAutocannon(
  url: string,
  requests: RequestSpec[],
  connections: number,
  duration: number,
  headers: Record<string, string>,
): Promise<Result> {
  const target = new URL(url);
  if (target.hostname !== HOST) throw new Error(`refusing to benchmark ${url}: only ${HOST} is allowed`);
  const withHeaders = requests.map((request) => ({ ...request, headers: { ...headers, ...request.headers } }));
  return autocannon({ url, connections, duration, requests: withHeaders, timeout: 10 });
}

/** The raw bytes (still compressed) and Content-Encoding of one GET, for the calibration server to replay. */
function fetchRaw(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          else resolve({ body: Buffer.concat(chunks), encoding: String(response.headers['content-encoding'] ?? '') });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function toMeasurement(result: Result): Measurement {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(stats.count);
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationSec: result.duration,
  };
}

const problems = (m: Measurement) => m.non2xx + m.errors;

/**
 * The run with the median req/s (the lower middle one for an even count), carrying the errors, non-2xx answers
 * and timeouts of all runs, so a failure in any round still fails the row.
 */
export function medianRun(runs: Measurement[]): Measurement {
  if (runs.length === 0) throw new Error('medianRun needs at least one run');
  const sorted = [...runs].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const statusCodes: Record<string, number> = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const total = (key: 'non2xx' | 'errors' | 'timeouts') => runs.reduce((sum, run) => sum + run[key], 0);
  return { ...middle, non2xx: total('non2xx'), errors: total('errors'), timeouts: total('timeouts'), statusCodes };
}

function judgeRow(
  spec: EndpointSpec,
  scale: number,
  ours: Measurement,
  jsonServer: Measurement,
  ceiling?: Measurement,
): EndpointRow {
  const ratioIsLowerBound = jsonServer.ok === 0 || jsonServer.reqPerSec === 0;
  const ratio = ratioIsLowerBound
    ? ours.reqPerSec * Math.max(1, jsonServer.durationSec)
    : ours.reqPerSec / jsonServer.reqPerSec;
  const reasons: string[] = [];
  let target: string;
  if (spec.kind === 'read') {
    target = `≥ ${TARGETS.readRatio}× and p99 ≤ ${TARGETS.readP99Ms} ms`;
    if (ratio < TARGETS.readRatio) reasons.push(`ratio ${ratio.toFixed(1)}× < ${TARGETS.readRatio}×`);
    if (ours.p99Ms > TARGETS.readP99Ms) reasons.push(`p99 ${ours.p99Ms} ms > ${TARGETS.readP99Ms} ms`);
  } else {
    target = `≥ ${TARGETS.contactRatio}× (fsynced)`;
    if (ratio < TARGETS.contactRatio) reasons.push(`ratio ${ratio.toFixed(1)}× < ${TARGETS.contactRatio}×`);
  }
  if (problems(ours) > 0)
    reasons.push(`ours: ${ours.non2xx} non-2xx, ${ours.errors} errors (${ours.timeouts} timeouts)`);
  if (problems(jsonServer) > 0) {
    reasons.push(`json-server: ${jsonServer.non2xx} non-2xx, ${jsonServer.errors} errors (comparison unreliable)`);
  }
  const caveats: string[] = [];
  if (ratioIsLowerBound) {
    caveats.push(
      `json-server completed no request in its ${Math.round(jsonServer.durationSec)} s run, so the ratio is a lower bound`,
    );
  }
  if (ceiling && !ratioIsLowerBound) {
    const ceilingRatio = ceiling.reqPerSec / jsonServer.reqPerSec;
    if (ceilingRatio < TARGETS.readRatio) {
      caveats.push(
        `harness-bound: a bare node:http server with the same payload reaches only ${fmtRate(ceiling.reqPerSec)} req/s ` +
          `(${fmtRatio(ceilingRatio)} json-server) with this client on this machine`,
      );
    }
    if (ceiling.p99Ms > TARGETS.readP99Ms) {
      caveats.push(`the bare server's own p99 is ${fmtMs(ceiling.p99Ms)} ms here`);
    }
    if (ours.reqPerSec >= 0.8 * ceiling.reqPerSec) {
      caveats.push(`ours is at ${Math.round((100 * ours.reqPerSec) / ceiling.reqPerSec)}% of the harness ceiling`);
    }
  }
  return {
    endpoint: spec.key,
    label: spec.label,
    scale,
    ours,
    jsonServer,
    ratio,
    ratioIsLowerBound,
    target,
    verdict: reasons.length === 0 ? 'PASS' : 'FAIL',
    reasons,
    ...(ceiling ? { ceiling } : {}),
    caveats,
  };
}

const SCALE_CHECK_ENDPOINTS = ['listingById', 'contactPost'] as const;

function scaleRows(
  rows: EndpointRow[],
  scales: number[],
  paired: Partial<Record<EndpointKey, PairedMeasurement>>,
): ScaleRow[] {
  const out: ScaleRow[] = [];
  if (scales.length < 2) return out;
  const from = Math.min(...scales);
  const to = Math.max(...scales);
  for (const key of SCALE_CHECK_ENDPOINTS) {
    const a = rows.find((row) => row.endpoint === key && row.scale === from);
    const b = rows.find((row) => row.endpoint === key && row.scale === to);
    if (!a || !b) continue;
    const pair = paired[key];
    const sequentialMeanLatencyRatio = b.ours.meanMs / a.ours.meanMs;
    const oursMeanLatencyRatio = pair ? pair.to.meanMs / pair.from.meanMs : sequentialMeanLatencyRatio;
    const reasons: string[] = [];
    if (!(oursMeanLatencyRatio <= TARGETS.scaleCostRatio)) {
      reasons.push(`mean latency ×${oursMeanLatencyRatio.toFixed(2)} > ×${TARGETS.scaleCostRatio}`);
    }
    const pairProblems = pair ? pair.from.problems + pair.to.problems : 0;
    if (problems(a.ours) + problems(b.ours) + pairProblems > 0) reasons.push('ours had errors or non-2xx answers');
    out.push({
      endpoint: key,
      label: a.label,
      fromScale: from,
      toScale: to,
      oursMeanLatencyRatio,
      oursThroughputCostRatio: pair ? pair.from.reqPerSec / pair.to.reqPerSec : a.ours.reqPerSec / b.ours.reqPerSec,
      sequentialMeanLatencyRatio,
      ...(pair ? { paired: pair } : {}),
      jsonServerMeanLatencyRatio: b.jsonServer.meanMs / a.jsonServer.meanMs,
      target: `≤ ${TARGETS.scaleCostRatio}×`,
      verdict: reasons.length === 0 ? 'PASS' : 'FAIL',
      reasons,
    });
  }
  return out;
}

function combine(results: Result[]): PairedMeasurement['from'] {
  let count = 0;
  let latencySum = 0;
  let seconds = 0;
  let ok = 0;
  let bad = 0;
  for (const result of results) {
    const n = result['2xx'] + result.non2xx;
    count += n;
    latencySum += result.latency.average * n;
    seconds += result.duration;
    ok += result['2xx'];
    bad += result.non2xx + result.errors;
  }
  return { reqPerSec: count / seconds, meanMs: count ? latencySum / count : 0, ok, problems: bad };
}

// ---- formatting ----------------------------------------------------------------------------------------------
const fmtRate = (value: number) => Math.round(value).toLocaleString('en-US');
const fmtMs = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const fmtRatio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value >= 10 ? 1 : 2)}×` : '∞');
const fmtErrors = (m: Measurement) => (problems(m) === 0 ? '0' : `${m.non2xx} non-2xx / ${m.errors} err`);

function markdownTable(header: string[], body: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of body) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

export function formatMarkdown(result: ApiBenchResult): string {
  const main = markdownTable(
    [
      'endpoint',
      'scale',
      'ours req/s',
      'ours p50',
      'ours p99',
      'json-server req/s',
      'json p50',
      'json p99',
      'ratio',
      'ceiling req/s (× json)',
      'errors ours / json',
      'target',
      'verdict',
    ],
    result.rows.map((row) => [
      row.label,
      `${row.scale}×`,
      fmtRate(row.ours.reqPerSec),
      `${fmtMs(row.ours.p50Ms)} ms`,
      `${fmtMs(row.ours.p99Ms)} ms`,
      fmtRate(row.jsonServer.reqPerSec),
      `${fmtMs(row.jsonServer.p50Ms)} ms`,
      `${fmtMs(row.jsonServer.p99Ms)} ms`,
      row.ratioIsLowerBound ? `> ${fmtRatio(row.ratio)}` : fmtRatio(row.ratio),
      row.ceiling
        ? `${fmtRate(row.ceiling.reqPerSec)}${row.ratioIsLowerBound ? '' : ` (${fmtRatio(row.ceiling.reqPerSec / row.jsonServer.reqPerSec)})`}`
        : '—',
      `${fmtErrors(row.ours)} / ${fmtErrors(row.jsonServer)}`,
      row.target,
      row.verdict === 'PASS' ? 'PASS' : `**FAIL** (${row.reasons.join('; ')})`,
    ]),
  );
  const scale = markdownTable(
    [
      'endpoint',
      'cost at 100× ÷ at 1×',
      'ours mean latency 1× → 100×',
      'ours req/s 1× → 100× (1/req/s ratio)',
      'main-table ratio (sequential)',
      'json-server mean-latency ratio',
      'target',
      'verdict',
    ],
    result.scaleRows.map((row) => {
      const a = result.rows.find((r) => r.endpoint === row.endpoint && r.scale === row.fromScale)!;
      const b = result.rows.find((r) => r.endpoint === row.endpoint && r.scale === row.toScale)!;
      const from = row.paired?.from ?? a.ours;
      const to = row.paired?.to ?? b.ours;
      return [
        row.label,
        `${row.oursMeanLatencyRatio.toFixed(2)}× (mean latency${row.paired ? `, paired ${row.paired.order}` : ''})`,
        `${fmtMs(from.meanMs)} → ${fmtMs(to.meanMs)} ms`,
        `${fmtRate(from.reqPerSec)} → ${fmtRate(to.reqPerSec)} (${row.oursThroughputCostRatio.toFixed(2)}×)`,
        `${row.sequentialMeanLatencyRatio.toFixed(2)}×`,
        Number.isFinite(row.jsonServerMeanLatencyRatio) ? `${row.jsonServerMeanLatencyRatio.toFixed(2)}×` : 'n/a',
        row.target,
        row.verdict === 'PASS' ? 'PASS' : `**FAIL** (${row.reasons.join('; ')})`,
      ];
    }),
  );
  const env = result.environment;
  const settings = result.settings;
  const datasets = result.datasets
    .map(
      (d) =>
        `${d.scale}×: ${Object.entries(d.counts)
          .map(([c, n]) => `${n} ${c}`)
          .join(', ')}`,
    )
    .join('; ');
  const persistence = result.persistenceChecks
    .map(
      (p) =>
        `${p.scale}×: ${p.acknowledged} acknowledged, ${p.stored} stored after restart → ${p.ok ? 'ok' : 'MISSING'}`,
    )
    .join('; ');
  return [
    '# API benchmark (DESIGN §7)',
    '',
    `Run ${result.startedAt} → ${result.finishedAt}. Node ${env.node}, ${env.cpus} CPU (${env.cpuModel}), load average ` +
      `${env.loadAverageAtStart.map((l) => l.toFixed(2)).join('/')} at start, ` +
      `${env.loadAverageAtEnd.map((l) => l.toFixed(2)).join('/')} at end. autocannon ${env.autocannon}, json-server ${env.jsonServer}.`,
    '',
    `Our server's storage: ${settings.storage === 'postgres' ? `STORAGE=postgres, ${settings.postgres ?? 'PostgreSQL'} on this machine` : 'STORAGE=file (the default)'}.`,
    '',
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up (not counted) then ` +
      `${Object.entries(settings.durationSeconds)
        .map(([s, d]) => `${d} s at ${s}×`)
        .join(', ')} per run, ${settings.rounds} run(s) per endpoint and server alternating ours and json-server ` +
      `(the run with the median req/s is reported). Data: ${datasets}.`,
    '',
    main,
    '',
    ...(result.rows.some((row) => row.caveats.length > 0)
      ? [
          'Caveats:',
          '',
          ...result.rows
            .filter((row) => row.caveats.length > 0)
            .map((row) => `- ${row.label} at ${row.scale}×: ${row.caveats.join('; ')}.`),
          '',
        ]
      : []),
    '## Cost at 100× the data vs 1× (verdict on mean latency at the same 50 connections)',
    '',
    scale,
    '',
    persistence ? `Durability spot check (our contacts after a restart): ${persistence}.` : '',
    '',
    '## Notes',
    '',
    ...result.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

// ---- the run -------------------------------------------------------------------------------------------------
function pkgVersion(name: string): string {
  try {
    return (
      JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return 'unknown';
  }
}

/** A warning when other processes were competing for the CPU (1-minute load average above the core count). */
function busyMachineNote(atStart: number[], atEnd: number[]): string[] {
  const cpus = os.cpus().length;
  const worst = Math.max(atStart[0] ?? 0, atEnd[0] ?? 0);
  if (worst <= cpus) return [];
  return [
    `**Busy machine**: the 1-minute load average reached ${worst.toFixed(1)} on ${cpus} CPUs, so other processes ` +
      'competed with the client and the servers; absolute figures are depressed and noisy. Prefer a rerun on an idle machine.',
  ];
}

export async function runApiBench(options: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const scales = options.scales ?? [1, 100];
  const durationFor = options.durationSeconds ?? (() => 5);
  const rounds = Math.max(1, options.rounds ?? 3);
  const warmupSeconds = options.warmupSeconds ?? 2;
  const connections = options.connections ?? 50;
  const acceptEncoding = options.acceptEncoding ?? BROWSER_ACCEPT_ENCODING;
  const requestHeaders: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const log = options.log ?? ((line: string) => console.log(line));
  const endpoints = ENDPOINTS.filter((spec) => !options.endpoints || options.endpoints.includes(spec.key));
  const resultsDir = options.resultsDir === undefined ? DEFAULT_RESULTS_DIR : options.resultsDir;
  const workDir = options.workDir ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-api-')));
  const ownsWorkDir = options.workDir === undefined && !options.keepData;

  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping child processes`);
    killAllNow();
    if (ownsWorkDir) void rm(workDir, { recursive: true, force: true }).finally(() => process.exit(130));
    else process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', killAllNow);

  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg();
  const rows: EndpointRow[] = [];
  const datasets: ApiBenchResult['datasets'] = [];
  const persistenceChecks: ApiBenchResult['persistenceChecks'] = [];
  const { version: jsonServerVersion } = jsonServerBin();

  const pairedSeconds = options.pairedSeconds ?? 3;
  const paired: Partial<Record<EndpointKey, PairedMeasurement>> = {};
  /** Our server per scale stays up until the paired scale check is done. */
  const oursByScale = new Map<
    number,
    { server: RunningServer; data: GeneratedData; acknowledgedPosts: number; databaseUrl?: string }
  >();
  const storageMode: BenchStorage = options.storage ?? 'file';
  let postgres: { cluster: PostgresCluster; version: string } | undefined;

  try {
    if (options.cpuProfileDir) await mkdir(options.cpuProfileDir, { recursive: true });
    if (storageMode === 'postgres') {
      const cluster = await startPostgresCluster({ durable: true });
      postgres = { cluster, version: await postgresSettings(cluster) };
      log(`PostgreSQL: ${postgres.version}`);
    }
    for (const scale of scales) {
      const generateStart = Date.now();
      const data = await generateApiData(scale, workDir);
      datasets.push({ scale, counts: data.counts });
      log(
        `\n== ${scale}× data: ${Object.entries(data.counts)
          .map(([c, n]) => `${n} ${c}`)
          .join(', ')} ` + `(generated in ${((Date.now() - generateStart) / 1000).toFixed(1)} s)`,
      );
      const duration = durationFor(scale);
      const databaseUrl = postgres ? await importIntoBenchDatabase(postgres.cluster, data, scale) : undefined;
      const ours = await startOurServer(data.ourDataDir, options.cpuProfileDir, databaseUrl);
      const entry = { server: ours, data, acknowledgedPosts: 0, databaseUrl };
      oursByScale.set(scale, entry);
      const json = await startJsonServer(data.jsonServerDb);
      log(`   ours at ${ours.url}, json-server at ${json.url}`);
      let nullServer: RunningServer | null = null;
      try {
        if (options.ceiling !== false && endpoints.some((spec) => spec.samplePath)) {
          const dir = path.join(workDir, `${scale}x`, 'calibration');
          await mkdir(dir, { recursive: true });
          for (const spec of endpoints) {
            if (!spec.samplePath) continue;
            const sample = await fetchRaw(`${ours.url}${spec.samplePath(data)}`, requestHeaders);
            await writeFile(path.join(dir, spec.key), sample.body);
            if (sample.encoding) await writeFile(path.join(dir, `${spec.key}.encoding`), sample.encoding);
          }
          nullServer = await startNullServer(dir);
        }
        for (const spec of endpoints) {
          // Rounds alternate the two servers (ours, json-server, ours, ...): this VM's speed drifts by tens of
          // percent within a minute, and one run each, minutes apart, measured the drift as much as the servers.
          const runs: Record<'ours' | 'json-server', Measurement[]> = { ours: [], 'json-server': [] };
          for (let round = 1; round <= rounds; round += 1) {
            for (const [name, server] of [
              ['ours', ours],
              ['json-server', json],
            ] as const) {
              const cheapPath =
                name === 'ours' ? `/api/public/listings/${data.listingIds[0]}` : `/listings/${data.listingIds[0]}`;
              const warm =
                round === 1
                  ? await runAutocannon(
                      server.url,
                      spec.requests(name, data),
                      connections,
                      warmupSeconds,
                      requestHeaders,
                    )
                  : undefined;
              if (warm) await settle(server.url, cheapPath, log);
              const result = await runAutocannon(
                server.url,
                spec.requests(name, data),
                connections,
                duration,
                requestHeaders,
              );
              await settle(server.url, cheapPath, log);
              const m = toMeasurement(result);
              runs[name].push(m);
              if (name === 'ours' && spec.kind === 'write')
                entry.acknowledgedPosts += (warm?.['2xx'] ?? 0) + result['2xx'];
              log(
                `   ${spec.label.padEnd(40)} ${name.padEnd(11)} ${fmtRate(m.reqPerSec).padStart(7)} req/s  ` +
                  `p50 ${fmtMs(m.p50Ms)} ms  p99 ${fmtMs(m.p99Ms)} ms  mean ${fmtMs(m.meanMs)} ms` +
                  (rounds > 1 ? `  (round ${round}/${rounds})` : '') +
                  (problems(m) > 0
                    ? `  !! ${m.non2xx} non-2xx ${JSON.stringify(m.statusCodes)}, ${m.errors} errors`
                    : ''),
              );
            }
          }
          const measured = { ours: medianRun(runs.ours), 'json-server': medianRun(runs['json-server']) };
          let ceiling: Measurement | undefined;
          if (nullServer && spec.kind === 'read') {
            const requests: RequestSpec[] = [{ method: 'GET', path: `/${spec.key}` }];
            const ceilingSeconds = Math.min(duration, 5);
            await runAutocannon(nullServer.url, requests, connections, 1, requestHeaders);
            ceiling = toMeasurement(
              await runAutocannon(nullServer.url, requests, connections, ceilingSeconds, requestHeaders),
            );
            log(
              `   ${''.padEnd(40)} ${'ceiling'.padEnd(11)} ${fmtRate(ceiling.reqPerSec).padStart(7)} req/s  ` +
                `p50 ${fmtMs(ceiling.p50Ms)} ms  p99 ${fmtMs(ceiling.p99Ms)} ms  (bare node:http, same payload)`,
            );
          }
          rows.push(judgeRow(spec, scale, measured.ours!, measured['json-server']!, ceiling));
        }
      } finally {
        await Promise.all([json, nullServer].map((server) => (server ? stopChild(server.child) : undefined)));
      }
    }

    // Paired scale check: the smallest and largest scale's servers, interleaved A-B-B-A, same client settings.
    const from = oursByScale.get(Math.min(...scales));
    const to = oursByScale.get(Math.max(...scales));
    if (pairedSeconds > 0 && from && to && from !== to) {
      log(
        `\n== paired scale check (${Math.min(...scales)}× vs ${Math.max(...scales)}×, A-B-B-A, ${pairedSeconds} s each)`,
      );
      // Read cost at rest: the main runs' contact POSTs (tens of thousands on the 100× data) leave the storage
      // compacting its journal into db.json for a while, which competes with the reads for the CPU.
      for (const side of [from, to]) {
        if (side.databaseUrl) continue; // PostgreSQL: nothing compacts
        const waited = await waitForCompaction(side.data.ourDataDir);
        if (waited > 0)
          log(`   (waited ${(waited / 1000).toFixed(1)} s for ${side.data.ourDataDir} to finish compacting)`);
      }
      for (const spec of endpoints.filter((e) => (SCALE_CHECK_ENDPOINTS as readonly string[]).includes(e.key))) {
        const results = new Map<typeof from, Result[]>([
          [from, []],
          [to, []],
        ]);
        for (const side of [from, to, to, from]) {
          const cheapPath = `/api/public/listings/${side.data.listingIds[0]}`;
          const result = await runAutocannon(
            side.server.url,
            spec.requests('ours', side.data),
            connections,
            pairedSeconds,
            requestHeaders,
          );
          await settle(side.server.url, cheapPath, log);
          if (spec.kind === 'write') side.acknowledgedPosts += result['2xx'];
          results.get(side)!.push(result);
        }
        const pair: PairedMeasurement = {
          order: 'A-B-B-A',
          secondsPerRun: pairedSeconds,
          from: combine(results.get(from)!),
          to: combine(results.get(to)!),
        };
        paired[spec.key] = pair;
        log(
          `   ${spec.label.padEnd(40)} mean ${fmtMs(pair.from.meanMs)} → ${fmtMs(pair.to.meanMs)} ms ` +
            `(×${(pair.to.meanMs / pair.from.meanMs).toFixed(2)}), ${fmtRate(pair.from.reqPerSec)} → ` +
            `${fmtRate(pair.to.reqPerSec)} req/s`,
        );
      }
    }

    // Stop our servers gracefully (they flush), then check that every acknowledged POST is on disk.
    for (const [scale, entry] of oursByScale) {
      await stopChild(entry.server.child);
      if (entry.server.child.exitCode !== 0 && entry.server.child.exitCode !== null) {
        log(`   note: our ${scale}× server exited with ${entry.server.child.exitCode}:\n${entry.server.output()}`);
      }
      if (endpoints.some((spec) => spec.kind === 'write')) {
        const stored = (await countContacts(entry)) - entry.data.counts.contacts;
        persistenceChecks.push({
          scale,
          acknowledged: entry.acknowledgedPosts,
          stored,
          ok: stored >= entry.acknowledgedPosts,
        });
      }
    }
  } finally {
    killAllNow();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', killAllNow);
    if (ownsWorkDir) await rm(workDir, { recursive: true, force: true });
    else log(`data kept in ${workDir}`);
    await postgres?.cluster.stop();
  }

  const settings: ApiBenchResult['settings'] = {
    connections,
    warmupSeconds,
    durationSeconds: Object.fromEntries(scales.map((s) => [String(s), durationFor(s)])),
    rounds,
    scales,
    pairedSeconds,
    acceptEncoding,
    storage: storageMode,
    ...(postgres ? { postgres: postgres.version } : {}),
  };
  const result: ApiBenchResult = {
    startedAt,
    finishedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
      autocannon: pkgVersion('autocannon'),
      jsonServer: jsonServerVersion,
    },
    settings,
    datasets,
    rows,
    scaleRows: scaleRows(rows, scales, paired),
    persistenceChecks,
    notes: [
      ...busyMachineNote(loadAverageAtStart, os.loadavg()),
      'Client and servers share this machine: autocannon (one thread, this process) competes with the server under ' +
        'test for the same cores, and with anything else running. Compare ratios within a run, not absolute numbers across machines.',
      (acceptEncoding
        ? `Every request sends Accept-Encoding: ${acceptEncoding}, as browsers do: json-server compresses answers over 1 KB on each request (its default compression middleware), ours serves them compressed once per change; the calibration server replays our compressed bytes. \`--accept-encoding=\` measures uncompressed answers.`
        : 'Requests are sent without Accept-Encoding (--accept-encoding=), so neither server compresses.') +
        ' Each server is measured alone (the other is idle).',
      'The ceiling column is a calibration, not a target: a bare node:http server (no framework, no routing, no headers) ' +
        'answering the same bytes as ours, driven by the same client. When it is below 10× json-server, the 10× read target ' +
        'cannot be demonstrated on this machine whatever the server does.',
      `json-server is called on its own routes (/communities?_limit=${PUBLIC_LIST_PAGE_SIZE}, /listings?communityId=…, ` +
        '/listings/:id, POST /contacts), without a --routes rewriter, in its default configuration with --quiet (no ' +
        `request logging). Our community list answers pages of ${PUBLIC_LIST_PAGE_SIZE} whole records; json-server is ` +
        'asked for the same page.',
      'GET by id walks every listing id of the data set round-robin; listings?communityId walks every community id.',
      (storageMode === 'postgres'
        ? 'Our server runs with STORAGE=postgres on a PostgreSQL cluster started by the bench on this machine with its ' +
          'durable defaults (fsync, synchronous_commit and full_page_writes on): a contact POST is answered after its ' +
          'transaction (record, change-log row, NOTIFY) has committed and its WAL is flushed (group commit, one advisory ' +
          "lock, api/storage/postgres-storage.ts); reads are served from the instance's mirror and caches."
        : 'Our contact POST is durable: it is answered only after its journal line is written and fdatasync-ed (group commit, ' +
          'api/storage/file-storage.ts).') +
        ' json-server 0.17 (lowdb 1 FileAsync) rewrites the whole db.json on each POST and ' +
        'does not fsync it, so its POSTs are not durable and it does more work per POST as the data grows.',
      'Scale rows: cost = mean latency at a fixed 50 connections (≈ 50 ÷ req/s in a closed loop); the req/s ratio is shown too. ' +
        'The verdict uses the paired check: after the main runs, both scales of our server are still up and are driven ' +
        'alternately (1×, 100×, 100×, 1×), so a change in machine load hits both sides; the main-table ratio (runs minutes ' +
        'apart) is shown for reference. By then both servers also hold the contacts POSTed in the main runs.',
      'A run with any non-2xx answer or connection error fails its verdict. Exit code is 0 even when targets miss.',
    ],
  };

  if (resultsDir) {
    await mkdir(resultsDir, { recursive: true });
    const name = resultsName(storageMode);
    await writeFile(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    await writeFile(path.join(resultsDir, `${name}.md`), formatMarkdown(result));
  }
  return result;
}

// ---- PostgreSQL mode ---------------------------------------------------------------------------------------------
/** api.json / api.md for the file storage (the default), api-postgres.* for PostgreSQL. */
const resultsName = (storage: BenchStorage) => (storage === 'postgres' ? 'api-postgres' : 'api');

/** The server version and the settings that decide what a durable write costs, for the report. */
async function postgresSettings(cluster: PostgresCluster): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; fsync: string; sync: string; fpw: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS sync, current_setting('full_page_writes') AS fpw`,
    );
    const row = rows[0]!;
    return `PostgreSQL ${row.version} (fsync ${row.fsync}, synchronous_commit ${row.sync}, full_page_writes ${row.fpw})`;
  } finally {
    await client.end();
  }
}

/**
 * A database for one scale holding exactly the records of the generated file data set (what json-server serves
 * too), moved with the same code as `npm run data:import`.
 */
async function importIntoBenchDatabase(cluster: PostgresCluster, data: GeneratedData, scale: number): Promise<string> {
  const databaseUrl = await cluster.createDatabase(`bench_${scale}x`);
  const source = await openFileStorage({ dataDir: data.ourDataDir });
  try {
    const collections: Partial<Record<CollectionName, readonly StoredRecord[]>> = {};
    for (const name of COLLECTION_NAMES) collections[name] = (await source.list(name)) as readonly StoredRecord[];
    await importIntoEmptyPostgres(databaseUrl, collections);
  } finally {
    await source.close();
  }
  return databaseUrl;
}

/** Contacts stored after our server stopped: in its data folder, or in its PostgreSQL database. */
async function countContacts(entry: { data: GeneratedData; databaseUrl?: string }): Promise<number> {
  if (entry.databaseUrl) {
    const client = new pg.Client({ connectionString: entry.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM records WHERE collection = 'contacts'",
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  }
  const storage = await openFileStorage({ dataDir: entry.data.ourDataDir });
  try {
    return await storage.count('contacts');
  } finally {
    await storage.close();
  }
}

// ---- script --------------------------------------------------------------------------------------------------
function parseArgs(argv: string[]): ApiBenchOptions {
  const options: ApiBenchOptions = {};
  for (const arg of argv) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=', 2) as [string, string?];
    if (key === 'scales') options.scales = value.split(',').map(Number);
    else if (key === 'duration') options.durationSeconds = () => Number(value);
    else if (key === 'warmup') options.warmupSeconds = Number(value);
    else if (key === 'rounds') options.rounds = Number(value);
    else if (key === 'connections') options.connections = Number(value);
    else if (key === 'endpoints') options.endpoints = value.split(',') as EndpointKey[];
    else if (key === 'cpu-prof')
      options.cpuProfileDir = path.resolve(value || path.join(DEFAULT_RESULTS_DIR, 'cpu-profiles'));
    else if (key === 'keep') options.keepData = true;
    else if (key === 'accept-encoding') options.acceptEncoding = value;
    else if (key === 'paired') options.pairedSeconds = Number(value);
    else if (key === 'storage' && (value === 'file' || value === 'postgres')) options.storage = value;
    else
      throw new Error(
        `unknown option ${arg} (use --scales=1,100 --duration=10 --warmup=2 --connections=50 --endpoints=… --paired=3 --cpu-prof[=dir] --keep --storage=file|postgres)`,
      );
  }
  return options;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const result = await runApiBench(parseArgs(process.argv.slice(2)));
  const markdown = formatMarkdown(result);
  console.log(`\n${markdown}`);
  const name = resultsName(result.settings.storage);
  console.log(`Results: ${path.relative(process.cwd(), path.join(DEFAULT_RESULTS_DIR, `${name}.json`))}, ${name}.md`);
  // Verdicts are the report; the exit code stays 0 (a crash exits non-zero on its own).
}
