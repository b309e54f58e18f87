/**
 * bench:pages' load: wrk (bench/support/wrk.ts, where it says why not autocannon) against a URL with a browser's
 * headers, its report as Figures (req/s, p99, non-2xx answers, socket errors).
 */
import { runWrk } from '../support/wrk';
import type { Figures } from './pages-types';

/** What a browser sends for a page: compressed answers accepted, HTML wanted. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

/** `uniqueParameter`: a new value of it on every request (an ad's click id; bench/support/wrk.ts). */
export async function load(
  url: string,
  connections: number,
  duration: number,
  uniqueParameter?: string,
): Promise<Figures> {
  const { reqPerSec, p99Ms, non2xx, errors } = await runWrk({
    url,
    connections,
    durationSec: duration,
    headers: BROWSER_HEADERS,
    ...(uniqueParameter ? { uniqueParameter } : {}),
  });
  return { reqPerSec, p99Ms, non2xx, errors };
}
