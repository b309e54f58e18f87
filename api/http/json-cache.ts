/**
 * Serialises a public read once per change of the data it depends on, not once per request
 * (DESIGN §7 asks public reads to be ≥ 10× json-server). Entries are keyed by the request's cache key and
 * remember the storage revisions they were built from; a write to any of those collections invalidates them.
 * The ETag lets a returning phone revalidate with 304 instead of downloading the list again.
 *
 * The answer (status, headers, body) is decided in one place, `answer`, for both ways a cached read is served:
 * through the Fastify route (`send`) and through the raw fast path in front of Fastify
 * (api/http/public-read-fast-path.ts), so the two cannot drift apart.
 *
 * The memory is bounded in bytes, not entries (RevisionedStore, shared with the page cache in api/ssr/page-cache.ts):
 * each entry counts its payload, every compressed variant built for it and a fixed overhead, and the least
 * recently used entries go first once the bound is passed. A count alone let a crawler walking offset/limit pairs
 * keep 20,000 whole pages (RSS 485 MB → 1.5 GB, issue 13).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CollectionName, Storage } from '../storage/storage';
import { preferredEncoding } from './accept-encoding';

/** What RevisionedStore needs of an entry. */
export interface RevisionedEntry {
  /** The revisions of the `dependsOn` it was built from, in the same order. */
  revisions: number[];
  /** What it holds in memory, as counted against the store's bound (see entryBytes). */
  bytes: number;
  /** Set by every hit, cleared when eviction passes over it (second chance, see RevisionedStore.evict). */
  used: boolean;
}

/**
 * Fixed cost counted per entry besides its bytes: the Map slot, the entry object, its revisions array, the
 * answers' header objects. An estimate on the high side, so that a flood of tiny entries is bounded too.
 */
export const ENTRY_OVERHEAD_BYTES = 512;

/**
 * Bytes an entry's strings and buffers take: UTF-8 length for strings, which is never less than what V8 keeps
 * for them (1 byte per Latin-1 character, 2 for others).
 */
export function entryBytes(key: string, ...parts: (string | Buffer | undefined)[]): number {
  let bytes = ENTRY_OVERHEAD_BYTES + Buffer.byteLength(key);
  for (const part of parts) if (part !== undefined) bytes += Buffer.byteLength(part);
  return bytes;
}

/**
 * Entries keyed by a string, each valid while the storage revisions of the collections it depends on are the
 * ones it was built from, bounded in bytes (and in count), least recently used first out. Eviction is CLOCK
 * (second chance): a hit only sets a flag, so the hot path of a cached read does no Map reordering.
 */
export class RevisionedStore<E extends RevisionedEntry> {
  private readonly entries = new Map<string, E>();
  private totalBytes = 0;

  constructor(
    private readonly storage: Storage,
    readonly maxBytes: number,
    readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  /** Bytes held now (never above maxBytes once a call returns). */
  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  revisions(dependsOn: readonly CollectionName[]): number[] {
    return dependsOn.map((collection) => this.storage.revision(collection));
  }

  /** The entry for `key` if it was built from the current revisions of `dependsOn`, else undefined. */
  fresh(key: string, dependsOn: readonly CollectionName[]): E | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Runs on every cached read: compared in place, nothing allocated.
    for (let index = 0; index < dependsOn.length; index += 1) {
      if (entry.revisions[index] !== this.storage.revision(dependsOn[index]!)) return undefined;
    }
    entry.used = true;
    return entry;
  }

  /** Stores `entry` under `key` (replacing a stale one), then evicts down to the bounds. */
  set(key: string, entry: E): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.totalBytes -= previous.bytes;
    }
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.evict();
  }

  /**
   * Counts `delta` more bytes for `entry` (a compressed variant built after it was stored), if it is still the
   * entry under `key`; an entry already evicted or replaced is garbage and counts for nothing.
   */
  grow(key: string, entry: E, delta: number): void {
    entry.bytes += delta;
    if (this.entries.get(key) !== entry) return;
    this.totalBytes += delta;
    this.evict();
  }

  /** True when `entry` is still the one stored under `key`. */
  holds(key: string, entry: E): boolean {
    return this.entries.get(key) === entry;
  }

  /**
   * Oldest first (a Map iterates in insertion order); an entry hit since the last pass is moved to the back once
   * instead (its flag cleared), so it goes only if it is not hit again before its turn comes back. Terminates:
   * each entry is moved back at most once per call.
   */
  private evict(): void {
    while ((this.totalBytes > this.maxBytes || this.entries.size > this.maxEntries) && this.entries.size > 0) {
      const [key, entry] = this.entries.entries().next().value!;
      this.entries.delete(key);
      if (entry.used) {
        entry.used = false;
        this.entries.set(key, entry);
        continue;
      }
      this.totalBytes -= entry.bytes;
    }
  }
}

export interface CachedBody extends RevisionedEntry {
  /** The key it is stored under (to count variants built later against the right entry). */
  key: string;
  payload: string;
  /** JSON for the API's reads; XML for the sitemap (api/routes/site.ts). */
  contentType: string;
  etag: string;
  /** Each answer is built once, on the first request that needs it (phones always accept brotli). */
  variants: Partial<Record<'identity' | 'br' | 'gzip' | 'notModified', CachedAnswer>>;
}

/**
 * What a cached read answers: 200 with a body, or 304 when the client already holds this version (a kept 404
 * page, api/ssr/page-cache.ts, answers 404 with its body).
 */
export interface CachedAnswer {
  statusCode: 200 | 304 | 404;
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

function buildAnswer(entry: CachedBody, encoding: 'br' | 'gzip' | null): CachedAnswer {
  const headers: Record<string, string> = {
    etag: entry.etag,
    'cache-control': 'no-cache',
    'content-type': entry.contentType,
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

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** 64 MiB: every public read of a 100× catalogue fits (about 30 MB with its variants: bench/api at 100×). */
export const JSON_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export class JsonResponseCache {
  private readonly store: RevisionedStore<CachedBody>;

  constructor(
    storage: Storage,
    /**
     * Enough for every public read of a large catalogue (100× the seed: 4,700 listings, 900 communities, their
     * listing lists); the bound only stops a client that sends endless unknown filter values from growing it.
     */
    maxEntries = 20_000,
    /** The bound that matters for memory: payloads and their compressed variants, plus a fixed overhead each. */
    maxBytes = JSON_CACHE_MAX_BYTES,
  ) {
    this.store = new RevisionedStore(storage, maxBytes, maxEntries);
  }

  /** Bytes held (payloads, variants, overhead); never above the bound. */
  get bytes(): number {
    return this.store.bytes;
  }

  get maxBytes(): number {
    return this.store.maxBytes;
  }

  get size(): number {
    return this.store.size;
  }

  /** The entry for `cacheKey` if it was built from the current revisions of `dependsOn`, else undefined. */
  fresh(cacheKey: string, dependsOn: readonly CollectionName[]): CachedBody | undefined {
    return this.store.fresh(cacheKey, dependsOn);
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
    let answer = entry.variants[variant];
    if (!answer) {
      answer = entry.variants[variant] = buildAnswer(entry, encoding);
      // The identity answer shares the payload; a compressed one is new memory.
      if (encoding) this.store.grow(entry.key, entry, Buffer.byteLength(answer.body!));
    }
    return answer;
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
    return this.sendPayload(request, reply, cacheKey, dependsOn, JSON_CONTENT_TYPE, async () => {
      const body = await produce();
      return body === undefined ? undefined : JSON.stringify(body);
    });
  }

  /** As `send`, for a body that is already text of `contentType` (the sitemap's XML). */
  async sendText(
    request: FastifyRequest,
    reply: FastifyReply,
    cacheKey: string,
    dependsOn: readonly CollectionName[],
    contentType: string,
    produce: () => Promise<string>,
  ): Promise<void> {
    await this.sendPayload(request, reply, cacheKey, dependsOn, contentType, produce);
  }

  private async sendPayload(
    request: FastifyRequest,
    reply: FastifyReply,
    cacheKey: string,
    dependsOn: readonly CollectionName[],
    contentType: string,
    produce: () => Promise<string | undefined>,
  ): Promise<boolean> {
    let entry = this.fresh(cacheKey, dependsOn);
    if (!entry) {
      // Revisions read before producing: a write landing meanwhile leaves an entry that is already stale.
      const revisions = this.store.revisions(dependsOn);
      const payload = await produce();
      if (payload === undefined) return false;
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      entry = { key: cacheKey, revisions, payload, contentType, etag, variants: {}, used: false, bytes: 0 };
      entry.bytes = entryBytes(cacheKey, payload, etag);
      // Full: the least recently used entries go. Clearing them all, as long ago, made a catalogue larger than
      // the bound rebuild every entry again and again (bench/api at 100×).
      this.store.set(cacheKey, entry);
    }
    const answer = this.answer(entry, request.headers['if-none-match'], request.headers['accept-encoding']);
    // Awaited: a handler resolving before the reply is sent makes Fastify send again with no body.
    await reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    return true;
  }
}
