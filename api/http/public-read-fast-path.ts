/**
 * Answers repeat public reads before Fastify sees them (DESIGN §7: public reads ≥ 10× json-server).
 *
 * A public read whose answer is already in JsonResponseCache and still fresh is written straight to the socket:
 * the same status, headers and bytes the Fastify route would send (JsonResponseCache.answer plus the API
 * security headers), without building Fastify's request and reply objects, running hooks or routing. Profiling
 * bench/api showed that work to be about half of the server's time on these requests. Everything else — a first
 * read, a read after a write, a 404, HEAD, any unusual URL — falls through to Fastify, which validates, builds
 * the cache entry and answers; so the fast path never decides anything the routes have not already decided.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedAnswer, JsonResponseCache } from './json-cache';
import { publicReadForUrl } from './public-reads';

/** True when it answered the request; false to hand it to Fastify. */
export type RawRequestHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** name, value, name, value... with Content-Length, as writeHead accepts it. */
function rawHeaderList(headers: Record<string, string>, body: string | Buffer | undefined): string[] {
  const list = Object.entries(headers).flat();
  if (body !== undefined) list.push('content-length', String(Buffer.byteLength(body)));
  return list;
}

/**
 * The named headers (lower case) read from the raw list, name, value, name, value...: `request.headers` is built
 * on first access, one object entry per header, which the fast paths can do without. Null when one of them is
 * repeated: the route would see the values joined, so such a request goes to Fastify.
 */
export function singleRawHeaders<N extends string>(
  raw: readonly string[],
  names: readonly N[],
): Partial<Record<N, string>> | null {
  const found: Partial<Record<N, string>> = {};
  // Plain loops, no callback per header: this runs on every request of the fast paths (tens of thousands a second).
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    for (const candidate of names) {
      // The length first: most headers are told apart without lower-casing them.
      if (candidate.length !== name.length || candidate !== name.toLowerCase()) continue;
      if (found[candidate] !== undefined) return null;
      found[candidate] = raw[index + 1];
      break;
    }
  }
  return found;
}

/**
 * Writes a cache's answer as Fastify would have sent it, with the security headers its plugin adds. The raw
 * header list is built once per answer: per request, nothing but the writes (bench/api profiles showed the header
 * objects and their merging among the largest costs left on this path).
 */
export function writeCachedAnswer(
  response: ServerResponse,
  answer: CachedAnswer,
  securityHeaders: Readonly<Record<string, string>>,
): true {
  answer.rawHeaders ??= rawHeaderList({ ...securityHeaders, ...answer.headers }, answer.body);
  response.writeHead(answer.statusCode, answer.rawHeaders as string[]);
  response.end(answer.body);
  return true;
}

const CONDITION_HEADERS = ['if-none-match', 'accept-encoding'] as const;

export function publicReadFastPath(
  cache: JsonResponseCache,
  securityHeaders: Readonly<Record<string, string>>,
  /** Asked for everything outside /api/ (the rendered pages' fast path, api/ssr/ssr-routes.ts). */
  pages?: RawRequestHandler,
): RawRequestHandler {
  return (request, response) => {
    if (request.method !== 'GET' || !request.url) return false;
    if (pages && !request.url.startsWith('/api/')) return pages(request, response);
    const read = publicReadForUrl(request.url);
    if (!read) return false;
    const entry = cache.fresh(read.cacheKey, read.dependsOn);
    if (!entry) return false;
    const conditions = singleRawHeaders(request.rawHeaders, CONDITION_HEADERS);
    if (!conditions) return false;
    const answer = cache.answer(entry, conditions['if-none-match'], conditions['accept-encoding']);
    return writeCachedAnswer(response, answer, securityHeaders);
  };
}
