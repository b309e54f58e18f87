/**
 * Security headers and compression for every response (DESIGN §4).
 *
 * The header set is helmet's (a curated, maintained list) with a CSP that allows only this origin (styles may be
 * inline because server-rendered theme colours are style attributes; the colours themselves are validated as
 * #RRGGBB). helmet is run ONCE at start-up against a recording response and the resulting headers are set with a
 * single hook: running its middleware per request rebuilt the CSP string every time and cost about 15 % of the
 * server's CPU on public reads (bench/api). JSON answers get only the headers that mean something for JSON, and
 * public pages all but the two that isolate a document (domain/constants/document-isolation.ts).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DOCUMENT_ISOLATION_HEADERS, isIsolatedDocument } from '../../domain';

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
  // Images an admin links from a builder's https site must still load; cross-origin isolation is not needed.
  crossOriginEmbedderPolicy: false,
  // Sent only with the back office and the kiosk, from domain/constants/document-isolation.ts (shared with the
  // service worker's offline shell), so helmet leaves them out of the common set.
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // Set by the TLS terminator in front of this process, not on plain HTTP.
  strictTransportSecurity: false,
};

/** The headers helmet would set, computed once. */
export function computeSecurityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously; security headers would be missing');
  return headers;
}

/** For JSON: no CSP or frame rules (they apply to documents), only what guards a JSON answer. */
const JSON_HEADER_NAMES = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
];

export interface SecurityHeaderSets {
  /** Public pages and static files. */
  pageHeaders: Record<string, string>;
  /**
   * The back office and the kiosk: the page set plus DOCUMENT_ISOLATION_HEADERS. Public pages go without those:
   * a document that sets them cannot share a renderer with the page a visitor came from, so a phone starts a cold
   * renderer on every arrival from a search or a shared link, and its setup runs as long tasks on the page's main
   * thread (Lighthouse mobile-slow, community page with its JS blocked: TBT median 21 ms without them, 107 ms with
   * Cross-Origin-Opener-Policy, 182 ms with both). Public pages hold nothing private; CSP with
   * frame-ancestors 'none', nosniff and the other headers stay on every page.
   */
  isolatedPageHeaders: Record<string, string>;
  apiHeaders: Record<string, string>;
}

const only = (headers: Record<string, string>, keep: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => keep(name)));

/** The header sets for pages and for API answers (also used by the fast paths in front of Fastify). */
export function securityHeaderSets(): SecurityHeaderSets {
  const pageHeaders = computeSecurityHeaders();
  const isolatedPageHeaders = { ...pageHeaders, ...DOCUMENT_ISOLATION_HEADERS };
  const apiHeaders = {
    ...only(pageHeaders, (name) => JSON_HEADER_NAMES.includes(name)),
    // A JSON answer opened as a document may load nothing and be framed by nobody.
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  return { pageHeaders, isolatedPageHeaders, apiHeaders };
}

/** The set a request's answer carries, by its URL: API answers, back office and kiosk documents, the rest. */
export function securityHeadersFor(url: string, sets: SecurityHeaderSets): Record<string, string> {
  if (url.startsWith('/api/')) return sets.apiHeaders;
  return isIsolatedDocument(url) ? sets.isolatedPageHeaders : sets.pageHeaders;
}

async function securityPlugin(app: FastifyInstance): Promise<void> {
  const sets = securityHeaderSets();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url, sets));
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export default fp(securityPlugin, { name: 'security' });
