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
import type { JsonResponseCache } from './json-cache';
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
 * If-None-Match and Accept-Encoding read from the raw list: `request.headers` is built on first access, one
 * object entry per header, which this path can do without. Null when either header is repeated: the route
 * would see the values joined, so such a request goes to Fastify.
 */
function conditionalHeaders(raw: readonly string[]): { ifNoneMatch?: string; acceptEncoding?: string } | null {
  let ifNoneMatch: string | undefined;
  let acceptEncoding: string | undefined;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    if (name.length === 13 && name.toLowerCase() === 'if-none-match') {
      if (ifNoneMatch !== undefined) return null;
      ifNoneMatch = raw[index + 1];
    } else if (name.length === 15 && name.toLowerCase() === 'accept-encoding') {
      if (acceptEncoding !== undefined) return null;
      acceptEncoding = raw[index + 1];
    }
  }
  return { ifNoneMatch, acceptEncoding };
}

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
    const conditions = conditionalHeaders(request.rawHeaders);
    if (!conditions) return false;
    const answer = cache.answer(entry, conditions.ifNoneMatch, conditions.acceptEncoding);
    // Built once per answer: per request, nothing but the writes (bench/api profiles showed the header objects
    // and their merging among the largest costs left on this path).
    answer.rawHeaders ??= rawHeaderList({ ...securityHeaders, ...answer.headers }, answer.body);
    response.writeHead(answer.statusCode, answer.rawHeaders as string[]);
    response.end(answer.body);
    return true;
  };
}
