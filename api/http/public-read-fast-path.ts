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

export function publicReadFastPath(
  cache: JsonResponseCache,
  securityHeaders: Readonly<Record<string, string>>,
): RawRequestHandler {
  return (request, response) => {
    if (request.method !== 'GET' || !request.url) return false;
    const read = publicReadForUrl(request.url);
    if (!read) return false;
    const entry = cache.fresh(read.cacheKey, read.dependsOn);
    if (!entry) return false;
    const ifNoneMatch = request.headers['if-none-match'];
    const answer = cache.answer(entry, ifNoneMatch, request.headers['accept-encoding']);
    const headers: Record<string, string | number> = { ...securityHeaders, ...answer.headers };
    if (answer.body !== undefined) headers['content-length'] = Buffer.byteLength(answer.body);
    response.writeHead(answer.statusCode, headers);
    response.end(answer.body);
    return true;
  };
}
