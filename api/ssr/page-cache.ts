/**
 * Rendered public pages, kept like the JSON reads (api/http/json-cache.ts, whose RevisionedStore it shares): a
 * page's HTML depends only on the data it shows, the settings and the build, so the filled HTML is kept per
 * origin + URL with the storage revisions it was rendered from, and is used only while those are unchanged (the
 * first request after any write renders again: never stale). The build is fixed for the life of the process
 * (dist/ is read once at start), so it needs no key of its own.
 *
 * Compression: a cold page is compressed on the request path at a cheap level (brotli 4, gzip 5: under a
 * millisecond for 55 KB, less than the render); once the page is asked for again, brotli 11 and gzip 9 are built
 * on libuv's thread pool (off the event loop) and swapped in. Pages asked for once (a crawler's walk) never pay
 * for the expensive levels.
 *
 * Memory: two byte-bounded stores. Plain URLs answered 200 (the pages visitors share) get 48 MiB; URLs with a
 * query (filters, tracking parameters) and 404 pages get 16 MiB of their own, so a crawler walking endless
 * query values or unknown paths only churns its own store and never pushes the shared pages out.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { houstonYear } from '../../domain/houston-year';
import { preferredEncoding } from '../http/accept-encoding';
import { entryBytes, RevisionedStore, type CachedAnswer, type RevisionedEntry } from '../http/json-cache';
import type { CollectionName, Storage } from '../storage/storage';

/**
 * What any public page reads (api/ssr/storage-reader.ts): communities, listings and the settings (the root loader
 * reads the settings for every page). One list for every page: writes are rare (admins), reads are many, and a
 * page keyed on less than it reads would be served stale.
 */
export const PAGE_DEPENDS_ON: readonly CollectionName[] = ['communities', 'listings', 'settings'];

export const PAGE_CACHE_MAX_BYTES = 48 * 1024 * 1024;
export const PAGE_CACHE_OTHER_MAX_BYTES = 16 * 1024 * 1024;
/** Longer URLs are rendered every time and never kept (no visitor's link is this long; a key costs its length). */
export const MAX_CACHED_URL_LENGTH = 512;

const BROTLI_COLD_QUALITY = 4;
const GZIP_COLD_LEVEL = 5;
const BROTLI_CACHED_QUALITY = 11;
const GZIP_CACHED_LEVEL = 9;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PageEntry extends RevisionedEntry {
  key: string;
  statusCode: 200 | 404;
  payload: Buffer;
  etag: string;
  cacheControl: string;
  /** Rendered through a page route (not the Not Found handler), so the raw fast path may serve it. */
  routed: boolean;
  br?: Buffer;
  gzip?: Buffer;
  /** Brotli 11 and gzip 9 are in place (or being built). */
  refined: boolean;
  answers: Partial<Record<'identity' | 'br' | 'gzip' | 'notModified', CachedAnswer>>;
}

/** If-None-Match holds this ETag: exactly, in a list, or weakened by a proxy that compressed it (W/"..."). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag || ifNoneMatch === '*') return true;
  if (!ifNoneMatch.includes(etag)) return false;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export class PageCache {
  private readonly plain: RevisionedStore<PageEntry>;
  private readonly other: RevisionedStore<PageEntry>;
  /** Counters for tests and the bench (a hit is a request answered without rendering). */
  hits = 0;
  renders = 0;

  constructor(
    storage: Storage,
    maxBytes = PAGE_CACHE_MAX_BYTES,
    otherMaxBytes = PAGE_CACHE_OTHER_MAX_BYTES,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.plain = new RevisionedStore<PageEntry>(storage, maxBytes);
    this.other = new RevisionedStore<PageEntry>(storage, otherMaxBytes);
  }

  /** Bytes held by both stores (never above maxBytes + otherMaxBytes). */
  get bytes(): number {
    return this.plain.bytes + this.other.bytes;
  }

  get maxBytes(): number {
    return this.plain.maxBytes + this.other.maxBytes;
  }

  get size(): number {
    return this.plain.size + this.other.size;
  }

  /**
   * What a page is rendered from, read before rendering: the revisions of PAGE_DEPENDS_ON, then the year (every
   * page's footer shows the current year's ©, and a page kept from 31 December must not be served on 1 January).
   */
  revisions(): number[] {
    return [...this.plain.revisions(PAGE_DEPENDS_ON), houstonYear(this.now().getTime())];
  }

  /** The page kept for `key` if the data it shows has not changed since it was rendered, nor the year. */
  fresh(key: string): PageEntry | undefined {
    const kept = this.plain.fresh(key, PAGE_DEPENDS_ON) ?? this.other.fresh(key, PAGE_DEPENDS_ON);
    const entry = kept?.revisions[PAGE_DEPENDS_ON.length] === houstonYear(this.now().getTime()) ? kept : undefined;
    if (entry) {
      this.hits += 1;
      // Asked for at least twice: worth the expensive compression, built off the request path.
      if (!entry.refined) this.refine(entry);
    }
    return entry;
  }

  /**
   * A page rendered from `revisions` (read before rendering, so a write landing meanwhile leaves an entry that
   * is already stale); kept when `keep` (a cacheable URL and status), else used for this answer only.
   */
  add(
    key: string,
    revisions: number[],
    page: { statusCode: 200 | 404; html: string; cacheControl: string; routed: boolean },
    keep: boolean,
  ): PageEntry {
    this.renders += 1;
    const payload = Buffer.from(page.html);
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    const entry: PageEntry = {
      key,
      revisions,
      statusCode: page.statusCode,
      payload,
      etag,
      cacheControl: page.cacheControl,
      routed: page.routed,
      refined: false,
      answers: {},
      used: false,
      bytes: entryBytes(key, payload, etag, page.cacheControl),
    };
    if (keep) this.storeFor(entry).set(key, entry);
    return entry;
  }

  /** The status, headers and body for `entry`, given the request's If-None-Match and Accept-Encoding. */
  answer(entry: PageEntry, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): CachedAnswer {
    const common = { etag: entry.etag, 'cache-control': entry.cacheControl, vary: 'Accept-Encoding' };
    if (etagMatches(ifNoneMatch, entry.etag)) {
      return (entry.answers.notModified ??= { statusCode: 304, headers: common });
    }
    const encoding = preferredEncoding(acceptEncoding);
    const variant = encoding ?? 'identity';
    const cached = entry.answers[variant];
    if (cached) return cached;
    const headers: Record<string, string> = { ...common, 'content-type': 'text/html; charset=utf-8' };
    let body: Buffer = entry.payload;
    if (encoding === 'br') {
      if (!entry.br) {
        entry.br = brotliCompressSync(entry.payload, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_COLD_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.payload.length,
          },
        });
        this.storeFor(entry).grow(entry.key, entry, entry.br.length);
      }
      body = entry.br;
      headers['content-encoding'] = 'br';
    } else if (encoding === 'gzip') {
      if (!entry.gzip) {
        entry.gzip = gzipSync(entry.payload, { level: GZIP_COLD_LEVEL });
        this.storeFor(entry).grow(entry.key, entry, entry.gzip.length);
      }
      body = entry.gzip;
      headers['content-encoding'] = 'gzip';
    }
    return (entry.answers[variant] = { statusCode: entry.statusCode, headers, body });
  }

  /** Resolves once every refinement started so far has been swapped in (tests and the bench wait on it). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private readonly pending = new Set<Promise<void>>();

  /**
   * The origin whose pages share the plain store: PUBLIC_URL's (ssr-routes sets it), else the first one a page is
   * kept for. Pages for another Host go to the other store, as do percent-encoded paths
   * (`/community/%61ustin-point` renders the same page under a new key): a client cycling through Hosts or
   * encodings pushed the site's real pages out of the shared store, as query strings cannot.
   */
  siteOrigin: string | undefined;

  private storeFor(entry: PageEntry): RevisionedStore<PageEntry> {
    const { key } = entry;
    if (entry.statusCode !== 200 || key.includes('?') || key.includes('%')) return this.other;
    const origin = key.slice(0, key.indexOf('/', key.indexOf('//') + 2));
    this.siteOrigin ??= origin;
    return origin === this.siteOrigin ? this.plain : this.other;
  }

  /** Brotli 11 and gzip 9, on the thread pool after this request is answered; then swapped in. */
  private refine(entry: PageEntry): void {
    entry.refined = true;
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() =>
        Promise.all([
          brotliAsync(entry.payload, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_CACHED_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.payload.length,
            },
          }),
          gzipAsync(entry.payload, { level: GZIP_CACHED_LEVEL }),
        ]),
      )
      .then(([br, gzipped]) => {
        const store = this.storeFor(entry);
        const delta = br.length + gzipped.length - (entry.br?.length ?? 0) - (entry.gzip?.length ?? 0);
        entry.br = br;
        entry.gzip = gzipped;
        // The next request builds its answer (and the fast path its header list) from the new bytes.
        delete entry.answers.br;
        delete entry.answers.gzip;
        store.grow(entry.key, entry, delta);
      })
      // Compression of an in-memory buffer does not fail in practice; if it did, the cheap bytes stay in use.
      .catch(() => undefined)
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }
}
