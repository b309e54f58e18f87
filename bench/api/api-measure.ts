/**
 * bench:api's measuring: one load run against a server on HOST (wrk for reads, autocannon for writes), its figures
 * as a Measurement, the median of a server's rounds, the A-B-B-A paired runs combined, the raw sample a calibration
 * server replays, and the waits that keep one measurement's leftover work (slow answers, compaction) out of the next.
 */
import { readdir } from 'node:fs/promises';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { fetchRaw } from '../support/net';
import { HOST } from '../support/paths';
import { runWrk, type WrkFigures } from '../support/wrk';
import type { Measurement, PairedMeasurement } from './api-types';

/**
 * What Chromium sends on every request: phones and browsers always accept compressed answers, so the servers
 * are measured as they serve them (json-server compresses with its default compression middleware, ours serves
 * bodies compressed once per change). `--accept-encoding=` (empty) measures uncompressed answers instead.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * One run of `requests` (cycled) for `duration` seconds. Plain GETs go to wrk, which walks their paths round-robin:
 * autocannon's own work per answer capped the fast reads on two shared cores (bench/support/wrk.ts). Requests with
 * a body or a per-request setup (the contact POSTs) go to autocannon, whose cost there is small beside an fsync.
 */
export async function runLoad(
  url: string,
  requests: RequestSpec[],
  connections: number,
  duration: number,
  headers: Record<string, string>,
): Promise<Measurement> {
  const target = new URL(url);
  if (target.hostname !== HOST) throw new Error(`refusing to benchmark ${url}: only ${HOST} is allowed`);
  if (requests.every(isPlainGet)) {
    const paths = requests.map((request) => request.path!);
    return fromWrk(await runWrk({ url: target.origin, connections, durationSec: duration, headers, paths }));
  }
  const withHeaders = requests.map((request) => ({ ...request, headers: { ...headers, ...request.headers } }));
  return toMeasurement(await autocannon({ url, connections, duration, requests: withHeaders, timeout: 10 }));
}

const isPlainGet = (request: RequestSpec) =>
  (request.method ?? 'GET') === 'GET' &&
  request.path !== undefined &&
  request.body === undefined &&
  request.setupRequest === undefined &&
  request.headers === undefined;

/**
 * wrk's figures as a Measurement. wrk counts answers that are not 2xx or 3xx without their codes, so statusCodes
 * has two classes here.
 */
export function fromWrk(figures: WrkFigures): Measurement {
  const ok = figures.requests - figures.non2xx;
  return {
    reqPerSec: figures.reqPerSec,
    p50Ms: figures.p50Ms,
    p99Ms: figures.p99Ms,
    meanMs: figures.meanMs,
    ok,
    non2xx: figures.non2xx,
    errors: figures.errors,
    timeouts: figures.timeouts,
    statusCodes: { '2xx/3xx': ok, ...(figures.non2xx > 0 ? { other: figures.non2xx } : {}) },
    durationSec: figures.durationSec,
  };
}

/** The raw bytes (still compressed) and Content-Encoding of one GET, for the calibration server to replay. */
export async function fetchSample(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; encoding: string }> {
  const answer = await fetchRaw(url, headers);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return { body: answer.body, encoding: String(answer.headers['content-encoding'] ?? '') };
}

export function toMeasurement(result: Result): Measurement {
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

export const problems = (m: Measurement) => m.non2xx + m.errors;

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

/** Paired runs of one side combined: answers over seconds, and the mean latency weighted by answers. */
export function combine(runs: Measurement[]): PairedMeasurement['from'] {
  let count = 0;
  let latencySum = 0;
  let seconds = 0;
  let ok = 0;
  let bad = 0;
  for (const run of runs) {
    const n = run.ok + run.non2xx;
    count += n;
    latencySum += run.meanMs * n;
    seconds += run.durationSec;
    ok += run.ok;
    bad += problems(run);
  }
  return { reqPerSec: count / seconds, meanMs: count ? latencySum / count : 0, ok, problems: bad };
}

/**
 * Waits until `url` answers a cheap request again: after a run, a slow server (json-server on 2 MB lists or
 * rewriting a 9 MB db.json per POST) can keep working on requests the client already gave up on, and that work
 * must not overlap the next measurement.
 */
export async function settle(url: string, cheapPath: string, log: (line: string) => void): Promise<void> {
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

/**
 * Waits (up to `timeoutMs`) until the file storage in `dataDir` is not compacting: one journal file and no
 * db.json temp file (api/storage/file-storage.ts keeps the old journals until a compaction is done). Returns the
 * milliseconds waited.
 */
export async function waitForCompaction(dataDir: string, timeoutMs = 120_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const names = await readdir(dataDir);
    const journals = names.filter((name) => /^journal-\d+\.jsonl$/.test(name)).length;
    if (journals <= 1 && !names.some((name) => name.endsWith('.tmp'))) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`${dataDir} still compacting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
