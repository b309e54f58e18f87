/**
 * bench:sync's client side: the browser's HTTP client pointed at the server (or at a dead port, offline) with a
 * fetch that counts the data layer's requests and the time spent waiting for their answers; and a direct read
 * of the server's records for the exactly-once check.
 */
import { configureHttpClient } from '../../web/src/data/http-client';

/** Counts the requests the data layer makes, and the time spent waiting for their answers. */
let requestCount = 0;
let requestMs = 0;
const countingFetch: typeof fetch = async (input, init) => {
  requestCount += 1;
  const started = performance.now();
  try {
    const response = await fetch(input, init);
    await response.clone().arrayBuffer();
    return response;
  } finally {
    requestMs += performance.now() - started;
  }
};

export function pointClientAt(baseUrl: string): void {
  configureHttpClient({ baseUrl, fetch: countingFetch });
}

/** Starts counting afresh (when the network returns). */
export function resetRequestCounter(): void {
  requestCount = 0;
  requestMs = 0;
}

/** Requests made and milliseconds spent waiting for answers since the last reset. */
export function requestCounter(): { requests: number; waitingMs: number } {
  return { requests: requestCount, waitingMs: requestMs };
}

/** Reads the server directly (not through the data layer, so it is not counted and not cached). */
export async function serverList<T>(apiUrl: string, token: string, what: 'listings' | 'properties'): Promise<T[]> {
  const response = await fetch(`${apiUrl}/${what}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${what} answered ${response.status}`);
  return (await response.json()) as T[];
}
