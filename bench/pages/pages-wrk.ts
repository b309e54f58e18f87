/**
 * bench:pages' load generator: wrk against a URL on HOST with a browser's headers, and its report read into
 * Figures (req/s, p99, non-2xx answers, socket errors).
 */
import { spawn } from 'node:child_process';
import { track } from '../support/child-processes';
import { HOST } from '../support/paths';
import type { Figures } from './pages-types';

/** What a browser sends for a page: compressed answers accepted, HTML wanted. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

/**
 * The load: wrk (C, from Debian's package), not autocannon. autocannon parses every answer in JavaScript and was
 * the bottleneck on 12 KB pages: the bare node:http ceiling reached only 3,700-4,700 req/s with it, below our own
 * server, while wrk measured 18,000-20,000 req/s for the same pages; what it measured was the client.
 */
export async function load(url: string, connections: number, duration: number): Promise<Figures> {
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
