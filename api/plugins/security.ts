/**
 * Security headers and compression for every response (DESIGN §4): a CSP that allows only this origin
 * (styles may be inline because server-rendered theme colours are style attributes; the colours themselves
 * are validated as #RRGGBB), and brotli/gzip for text over 1 KB.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function securityPlugin(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
    // Uploaded images are fetched by this origin only; cross-origin isolation is not needed and would block
    // https images an admin links from a builder's site.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: false, // set by the TLS terminator in front of this process, not on plain HTTP
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export default fp(securityPlugin, { name: 'security' });
