/**
 * buildApp: the whole server as a Fastify instance, without listening (server.ts listens; tests use inject).
 * Storage is passed in, so tests run on memory storage and the server on the file database.
 */
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppConfig } from './config';
import { defaultConnectionGuards, guardConnections, type ConnectionGuards } from './http/connection-guards';
import { JsonResponseCache } from './http/json-cache';
import { publicReadFastPath, type RawRequestHandler } from './http/public-read-fast-path';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/error-responses';
import securityPlugin, { securityHeaderSets } from './plugins/security';
import staticFilesPlugin from './plugins/static-files';
import { CONTACTS_PER_NETWORK_FACTOR, withNetworkLimit } from './security/contact-limits';
import { depthLimitedJsonParser } from './security/json-body';
import { memoryRateLimitStore, type RateLimiter, type RateLimitStore } from './security/rate-limiter';
import adminAuthRoutes from './routes/admin-auth';
import adminUserRoutes from './routes/admin-users';
import auditRoutes from './routes/audit';
import communityRoutes from './routes/communities';
import healthRoutes from './routes/health';
import contactRoutes from './routes/contacts';
import contactFormPostRoutes from './routes/contact-form-post';
import kioskRoutes from './routes/kiosk';
import listingRoutes from './routes/listings';
import propertyRoutes from './routes/properties';
import publicRoutes from './routes/public';
import settingsRoutes from './routes/settings';
import siteRoutes from './routes/site';
import ssrRoutes, { webAppIsBuilt } from './ssr/ssr-routes';
import uploadRoutes from './routes/upload';
import type { Storage } from './storage/storage';

export interface DemoCredentials {
  email: string;
  password: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    storage: Storage;
    /** Shown on the login form only in demo mode. */
    demoCredentials: DemoCredentials | null;
    /** Serialised public reads (api/routes/public.ts builds them; the fast path answers repeats from them). */
    publicReadCache: JsonResponseCache;
    /** Where rate limits and password-failure counts live (in the database when instances share one). */
    rateLimits: RateLimitStore;
    /**
     * Visitors' lead posts per address: one count shared by the JSON contact calls (routes/public.ts) and the
     * contact page's form post (routes/contact-form-post.ts), so neither is a way around the other's limit.
     */
    contactLimiter: RateLimiter;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  storage: Storage;
  demoCredentials?: DemoCredentials;
  /**
   * Rate limit counts: in this process by default; server.ts passes the PostgreSQL store with STORAGE=postgres so
   * that every instance counts against the same limits.
   */
  rateLimits?: RateLimitStore;
  /** Connection timeouts and the per-address cap (api/http/connection-guards.ts); tests shorten them. */
  connectionGuards?: Partial<ConnectionGuards>;
}

export async function buildApp({
  config,
  storage,
  demoCredentials,
  rateLimits = memoryRateLimitStore(),
  connectionGuards,
}: BuildAppOptions): Promise<FastifyInstance> {
  const guards = { ...defaultConnectionGuards(config.trustProxy !== undefined), ...connectionGuards };
  const apiHeadersForFrameworkErrors = securityHeaderSets().apiHeaders;
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (server.ts creates one in DATA_DIR/secret)');
  const publicReadCache = new JsonResponseCache(storage);
  // Set once the routes exist; until then (and for anything it does not know) requests go to Fastify.
  const fastPath: { handle?: RawRequestHandler } = {};
  const app = Fastify({
    // Repeat public reads are answered from the cache before Fastify (api/http/public-read-fast-path.ts).
    // app.inject() bypasses the server, so inject tests exercise the routes; the fast path has its own tests.
    serverFactory: (handler) => {
      const server = createServer({ connectionsCheckingInterval: guards.checkIntervalMs }, (request, response) => {
        if (!fastPath.handle?.(request, response)) handler(request, response);
      });
      guardConnections(server, guards);
      // Fastify's own default, which it applies only to servers it creates: longer than the 60 s idle timeout
      // of common load balancers, so they never reuse a connection this server has just closed.
      server.keepAliveTimeout = 72_000;
      return server;
    },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.currentPassword', 'req.body.newPassword'],
    },
    // One line per request at 50 connections costs more than the request; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // No per-request child logger: with request logging off, creating one for every request cost more than the
    // public reads themselves (bench/api); error logs carry the method and URL explicitly instead.
    childLoggerFactory: (logger) => logger,
    bodyLimit: 1024 * 1024,
    // A URL Fastify cannot decode (/community/%ZZ) is refused before any hook runs: answered here in the API's one
    // error shape with the security headers, instead of Fastify's body echoing the URL without them.
    frameworkErrors: (error, _request, frameworkReply) => {
      const status = error.statusCode ?? 400;
      (frameworkReply as unknown as FastifyReply)
        .code(status)
        .headers(apiHeadersForFrameworkErrors)
        .send({ error: status === 400 ? 'Malformed request.' : 'Request failed.' });
    },
    // Off unless TRUST_PROXY names the load balancers: X-Forwarded-For is then read only from them.
    trustProxy: config.trustProxy ?? false,
  });
  // JSON bodies nesting deeper than 64 levels are refused before JSON.parse (api/security/json-body.ts).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    depthLimitedJsonParser(app.getDefaultJsonParser('error', 'error')),
  );
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('demoCredentials', demoCredentials ?? null);
  app.decorate('publicReadCache', publicReadCache);
  app.decorate('rateLimits', rateLimits);
  app.decorate(
    'contactLimiter',
    withNetworkLimit(
      rateLimits.limiter('contact:address', config.contactRateLimit, config.rateLimitWindowMs),
      rateLimits.limiter(
        'contact:network',
        config.contactRateLimit * CONTACTS_PER_NETWORK_FACTOR,
        config.rateLimitWindowMs,
      ),
    ),
  );
  app.addHook('onClose', async () => rateLimits.close());
  if (config.trustProxy === undefined) warnOnceAboutForwardedFor(app);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin, { secret: config.jwtSecret });

  await app.register(
    async (api) => {
      const routes = [
        healthRoutes,
        publicRoutes,
        adminAuthRoutes,
        adminUserRoutes,
        communityRoutes,
        listingRoutes,
        propertyRoutes,
        contactRoutes,
        kioskRoutes,
        settingsRoutes,
        auditRoutes,
        uploadRoutes,
      ];
      for (const plugin of routes) await api.register(plugin);
    },
    { prefix: '/api' },
  );
  await app.register(siteRoutes);
  await app.register(contactFormPostRoutes);
  await app.register(staticFilesPlugin);
  if (config.serveWebApp !== false && webAppIsBuilt()) await app.register(ssrRoutes);

  await app.ready();
  fastPath.handle = publicReadFastPath(publicReadCache, securityHeaderSets().apiHeaders, app.pageFastPath);
  return app;
}

/** What the log says, once, when a proxy seems to be in front without TRUST_PROXY. */
export const FORWARDED_FOR_WITHOUT_TRUST_PROXY =
  'A request came with X-Forwarded-For, but TRUST_PROXY is not set: if a proxy or load balancer is in front, every visitor counts as its address (one contact limit and one login lockout for the whole site). Set TRUST_PROXY to its address (docs/scaling.md).';

/**
 * Behind a proxy without TRUST_PROXY, every visitor is the proxy's address: the whole site shares one contact
 * quota and one login lockout, and nothing said so. The header itself is still ignored (it may be a client's own).
 */
function warnOnceAboutForwardedFor(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(FORWARDED_FOR_WITHOUT_TRUST_PROXY);
    }
    done();
  });
}
