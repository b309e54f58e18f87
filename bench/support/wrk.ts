/**
 * The benchmarks' load generator for GETs: wrk (C, Debian's package), one thread, against a URL on HOST, with the
 * given headers; optionally walking a list of paths round-robin (a small Lua script). Its report is read into
 * WrkFigures.
 *
 * Why not autocannon: it parses every answer in JavaScript, and on this project's 2-core machines that client
 * work took CPU from the server it measured. bench:pages' bare node:http ceiling reached 3,700-4,700 req/s with it
 * on 12 KB pages (18,000-20,000 with wrk); in bench:api, the bare server answering one listing rose from 27,700 to
 * 30,000-40,000 req/s. Writes (bodies, per-request setup) stay on autocannon: their rows are bound by fsync.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { track } from './child-processes';
import { pinnedCommand } from './cpu-pinning';
import { HOST } from './paths';

export interface WrkFigures {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** Answers received (any status). */
  requests: number;
  durationSec: number;
  /** Answers whose status was not 2xx or 3xx. */
  non2xx: number;
  /** Socket errors: connect, read, write and timeouts. */
  errors: number;
  timeouts: number;
}

export interface WrkRun {
  /** The server's origin and, without `paths`, the path asked for. */
  url: string;
  connections: number;
  durationSec: number;
  headers: Record<string, string>;
  /** Paths walked round-robin (one list for the thread, so the connections share the walk). */
  paths?: string[];
  /**
   * A query parameter given a new value on every request, appended to the URL's path and query: an ad's click id
   * (`gclid`), which makes every visitor's URL one of its own. Not with `paths`.
   */
  uniqueParameter?: string;
}

export async function runWrk(run: WrkRun): Promise<WrkFigures> {
  if (new URL(run.url).hostname !== HOST) throw new Error(`refusing to benchmark ${run.url}: only ${HOST} is allowed`);
  const args = ['-t1', `-c${run.connections}`, `-d${run.durationSec}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(run.headers)) args.push('-H', `${name}: ${value}`);
  if (run.paths && run.uniqueParameter) throw new Error('wrk: paths or uniqueParameter, not both');
  // One path needs no script: wrk asks for the URL's own path, without calling Lua for every request (which the
  // ceiling and the single-URL reads would pay for nothing).
  const single = run.paths?.length === 1 ? new URL(run.paths[0]!, run.url).href : undefined;
  const { pathname, search } = new URL(run.url);
  const scriptText = run.uniqueParameter
    ? uniqueParameterScript(pathname + search, run.uniqueParameter)
    : run.paths && !single
      ? pathsScript(run.paths)
      : undefined;
  const scriptDir = scriptText ? await mkdtemp(path.join(os.tmpdir(), 'wrk-')) : undefined;
  try {
    if (scriptDir) {
      const script = path.join(scriptDir, 'paths.lua');
      await writeFile(script, scriptText!);
      args.push('-s', script);
    }
    return parseWrk(await spawnWrk([...args, single ?? run.url]));
  } finally {
    if (scriptDir) await rm(scriptDir, { recursive: true, force: true });
  }
}

function spawnWrk(args: string[]): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = track(spawn(...pinnedCommand('client', 'wrk', args), { stdio: ['ignore', 'pipe', 'pipe'] }));
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`the benchmarks need wrk (apt-get install -y wrk): ${(error as Error).message}`)),
    );
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
  });
}

/**
 * The Lua script that walks `paths` round-robin. Each path becomes a Lua string literal, so only printable ASCII
 * without quotes or backslashes is accepted (the benchmarks' paths are ids and query strings).
 */
export function pathsScript(paths: string[]): string {
  if (paths.length === 0) throw new Error('wrk: an empty list of paths');
  for (const candidate of paths) checkLuaPath(candidate);
  return [
    `local paths = { ${paths.map((candidate) => `"${candidate}"`).join(', ')} }`,
    'local next_index = 0',
    'request = function()',
    '  next_index = next_index % #paths + 1',
    '  return wrk.format(nil, paths[next_index])',
    'end',
    '',
  ].join('\n');
}

/** The Lua script that asks for `pathAndQuery` with `name`=1, 2, 3… appended: a URL never asked for before. */
export function uniqueParameterScript(pathAndQuery: string, name: string): string {
  checkLuaPath(pathAndQuery);
  if (!/^[a-z_]+$/.test(name)) throw new Error(`wrk: refusing the parameter name ${JSON.stringify(name)}`);
  const prefix = `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${name}=`;
  return [
    'local counter = 0',
    'request = function()',
    '  counter = counter + 1',
    `  return wrk.format(nil, "${prefix}" .. counter)`,
    'end',
    '',
  ].join('\n');
}

function checkLuaPath(candidate: string): void {
  if (!/^\/[\x21-\x7e]*$/.test(candidate) || /["'\\]/.test(candidate)) {
    throw new Error(`wrk: refusing the path ${JSON.stringify(candidate)} (printable ASCII, no quotes)`);
  }
}

/** wrk's version as it prints it (e.g. "debian/4.1.0-3+b2"), or "missing". */
export function wrkVersion(): string {
  const answer = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  return /^wrk (\S+)/m.exec(`${answer.stdout ?? ''}${answer.stderr ?? ''}`)?.[1] ?? 'missing';
}

const LATENCY_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latencyMs(value: string | undefined, unit: string | undefined): number {
  return Number(value) * LATENCY_UNITS[unit ?? '']!;
}

/** The figures of wrk's report (with --latency); a report it cannot read is an error, never invented figures. */
export function parseWrk(output: string): WrkFigures {
  const reqPerSec = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p50 = /^\s*50%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const mean = /^\s*Latency\s+([\d.]+)(us|ms|s|m)\s/m.exec(output);
  const total = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(output);
  if (!Number.isFinite(reqPerSec) || !p50 || !p99 || !mean || !total) {
    throw new Error(`cannot read wrk's report:\n${output}`);
  }
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const counts = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  return {
    reqPerSec,
    p50Ms: latencyMs(p50[1], p50[2]),
    p99Ms: latencyMs(p99[1], p99[2]),
    meanMs: latencyMs(mean[1], mean[2]),
    requests: Number(total[1]),
    durationSec: latencyMs(total[2], total[3]) / 1000,
    non2xx,
    errors: counts.reduce((sum, value) => sum + value, 0),
    timeouts: counts[3]!,
  };
}
