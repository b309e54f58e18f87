/**
 * Serialises a public read once per change of the data it depends on, not once per request
 * (DESIGN §7 asks public reads to be ≥ 10× json-server). Entries are keyed by the request's cache key and
 * remember the storage revisions they were built from; a write to any of those collections invalidates them.
 * The ETag lets a returning phone revalidate with 304 instead of downloading the list again.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CollectionName, Storage } from '../storage/storage';

interface CachedBody {
  revisions: string;
  payload: string;
  etag: string;
  /** Compressed once, on the first request that accepts them (phones always do), not on every request. */
  brotli?: Buffer;
  gzip?: Buffer;
}

/** Below this, compressing costs more than it saves (the same threshold as the compress plugin). */
const COMPRESS_MIN_BYTES = 1024;

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

export class JsonResponseCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(
    private readonly storage: Storage,
    private readonly maxEntries = 5000,
  ) {}

  /**
   * Answers from cache when `dependsOn` has not changed since the entry was built, else builds it with
   * `produce` (which returns the body, or undefined for a 404 that the caller handles).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    cacheKey: string,
    dependsOn: readonly CollectionName[],
    produce: () => Promise<unknown | undefined>,
  ): Promise<boolean> {
    const revisions = dependsOn.map((collection) => this.storage.revision(collection)).join('.');
    let entry = this.entries.get(cacheKey);
    if (!entry || entry.revisions !== revisions) {
      const body = await produce();
      if (body === undefined) return false;
      const payload = JSON.stringify(body);
      entry = { revisions, payload, etag: `"${createHash('sha1').update(payload).digest('base64url')}"` };
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(cacheKey, entry);
    }
    reply.header('ETag', entry.etag);
    // Public data may change at any time; browsers revalidate (cheap with the ETag), and the service worker
    // never caches /api (IndexedDB holds the offline copy).
    reply.header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) {
      reply.code(304).send();
      return true;
    }
    // Awaited: payloads over @fastify/compress's sync threshold (8 KB here) are compressed in an async onSend, and a
    // handler resolving before the reply is sent makes Fastify send again with no body (Content-Length: 0).
    reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    const encoding =
      entry.payload.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (encoding === 'br') {
      entry.brotli ??= brotliCompressSync(entry.payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } });
      await reply.header('Content-Encoding', 'br').send(entry.brotli);
    } else if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.payload, { level: 6 });
      await reply.header('Content-Encoding', 'gzip').send(entry.gzip);
    } else {
      await reply.send(entry.payload);
    }
    return true;
  }
}
