/**
 * Serialises a public read once per change of the data it depends on, not once per request
 * (DESIGN §7 asks public reads to be ≥ 10× json-server). Entries are keyed by the request's cache key and
 * remember the storage revisions they were built from; a write to any of those collections invalidates them.
 * The ETag lets a returning phone revalidate with 304 instead of downloading the list again.
 *
 * The answer (status, headers, body) is decided in one place, `answer`, for both ways a cached read is served:
 * through the Fastify route (`send`) and through the raw fast path in front of Fastify
 * (api/http/public-read-fast-path.ts), so the two cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CollectionName, Storage } from '../storage/storage';

export interface CachedBody {
  /** The revisions of `dependsOn` it was built from, in the same order. */
  revisions: number[];
  payload: string;
  etag: string;
  /** Each answer is built once, on the first request that needs it (phones always accept brotli). */
  variants: Partial<Record<'identity' | 'br' | 'gzip' | 'notModified', CachedAnswer>>;
}

/** What a cached read answers: 200 with a body, or 304 when the client already holds this version. */
export interface CachedAnswer {
  statusCode: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body?: string | Buffer;
  /**
   * The whole header list as writeHead takes it (name, value, ...), security headers and Content-Length
   * included; built by the raw fast path the first time it serves this answer.
   */
  rawHeaders?: readonly string[];
}

/** Below this, compressing costs more than it saves (the same threshold as the compress plugin). */
const COMPRESS_MIN_BYTES = 1024;

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

function buildAnswer(entry: CachedBody, encoding: 'br' | 'gzip' | null): CachedAnswer {
  const headers: Record<string, string> = {
    etag: entry.etag,
    'cache-control': 'no-cache',
    'content-type': 'application/json; charset=utf-8',
    vary: 'Accept-Encoding',
  };
  if (encoding === 'br') {
    const body = brotliCompressSync(entry.payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } });
    return { statusCode: 200, headers: { ...headers, 'content-encoding': 'br' }, body };
  }
  if (encoding === 'gzip') {
    return {
      statusCode: 200,
      headers: { ...headers, 'content-encoding': 'gzip' },
      body: gzipSync(entry.payload, { level: 6 }),
    };
  }
  return { statusCode: 200, headers, body: entry.payload };
}

export class JsonResponseCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(
    private readonly storage: Storage,
    /**
     * Enough for every public read of a large catalogue (100× the seed: 4,700 listings, 900 communities, their
     * listing lists); the bound only stops a client that sends endless unknown filter values from growing it.
     */
    private readonly maxEntries = 20_000,
  ) {}

  private revisions(dependsOn: readonly CollectionName[]): number[] {
    return dependsOn.map((collection) => this.storage.revision(collection));
  }

  /** The entry for `cacheKey` if it was built from the current revisions of `dependsOn`, else undefined. */
  fresh(cacheKey: string, dependsOn: readonly CollectionName[]): CachedBody | undefined {
    const entry = this.entries.get(cacheKey);
    if (!entry) return undefined;
    // Runs on every public read: compared in place, nothing allocated.
    for (let index = 0; index < dependsOn.length; index += 1) {
      if (entry.revisions[index] !== this.storage.revision(dependsOn[index]!)) return undefined;
    }
    return entry;
  }

  /** The status, headers and body for `entry`, given the request's If-None-Match and Accept-Encoding. */
  answer(entry: CachedBody, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): CachedAnswer {
    // Public data may change at any time; browsers revalidate (cheap with the ETag), and the service worker
    // never caches /api (IndexedDB holds the offline copy).
    if (ifNoneMatch === entry.etag) {
      return (entry.variants.notModified ??= {
        statusCode: 304,
        headers: { etag: entry.etag, 'cache-control': 'no-cache' },
      });
    }
    const encoding = entry.payload.length >= COMPRESS_MIN_BYTES ? preferredEncoding(acceptEncoding) : null;
    const variant = encoding ?? 'identity';
    return (entry.variants[variant] ??= buildAnswer(entry, encoding));
  }

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
    let entry = this.fresh(cacheKey, dependsOn);
    if (!entry) {
      // Revisions read before producing: a write landing meanwhile leaves an entry that is already stale.
      const revisions = this.revisions(dependsOn);
      const body = await produce();
      if (body === undefined) return false;
      const payload = JSON.stringify(body);
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      entry = { revisions, payload, etag, variants: {} };
      // Full: the oldest entry goes (a Map iterates in insertion order). Clearing them all, as before, made a
      // catalogue larger than the bound rebuild every entry again and again (bench/api at 100×).
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(cacheKey, entry);
    }
    const answer = this.answer(entry, request.headers['if-none-match'], request.headers['accept-encoding']);
    // Awaited: a handler resolving before the reply is sent makes Fastify send again with no body.
    await reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    return true;
  }
}
