/**
 * Security headers and compression for every response (DESIGN §4).
 *
 * The header set is helmet's (a curated, maintained list) with a CSP that allows only this origin (styles may be
 * inline because server-rendered theme colours are style attributes; the colours themselves are validated as
 * #RRGGBB). helmet is run ONCE at start-up against a recording response and the resulting headers are set with a
 * single hook: running its middleware per request rebuilt the CSP string every time and cost about 15 % of the
 * server's CPU on public reads (bench/api). JSON answers get only the headers that mean something for JSON.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

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

/** The headers for pages and for API answers (also used by the public-read fast path in front of Fastify). */
export function securityHeaderSets(): { pageHeaders: Record<string, string>; apiHeaders: Record<string, string> } {
  const pageHeaders = computeSecurityHeaders();
  const apiHeaders = {
    ...Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => JSON_HEADER_NAMES.includes(name))),
    // A JSON answer opened as a document may load nothing and be framed by nobody.
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  return { pageHeaders, apiHeaders };
}

async function securityPlugin(app: FastifyInstance): Promise<void> {
  const { pageHeaders, apiHeaders } = securityHeaderSets();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export default fp(securityPlugin, { name: 'security' });
