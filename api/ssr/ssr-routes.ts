/**
 * HTML pages (DESIGN §4 "Server-side rendering"): public routes are rendered on the server from the same React
 * route modules (dist/server/entry-server.js) into the built index.html; admin routes get the same page without
 * server-rendered content (client-only). Registered only when the web app has been built.
 *
 * Rendered pages are kept in PageCache (page-cache.ts) per origin + URL while the data they show is unchanged,
 * pre-compressed, with an ETag; repeat requests for a kept page are answered by the raw fast path in front of
 * Fastify (pageFastPath below), like the public JSON reads (api/http/public-read-fast-path.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CachedAnswer } from '../http/json-cache';
import { singleRawHeaders, writeCachedAnswer, type RawRequestHandler } from '../http/public-read-fast-path';
import { securityHeaderSets } from '../plugins/security';
import { PROJECT_ROOT, WEB_BUILD_DIR } from '../plugins/static-files';
import { originFromHost, siteOrigin } from '../routes/site';
import { inlineStylesheets } from './inline-styles';
import { MAX_CACHED_URL_LENGTH, PageCache } from './page-cache';
import { routePreloads, withRoutePreloads } from './route-preloads';
import { createStorageReader } from './storage-reader';
import { withoutTrackingParameters } from './tracking-parameters';

const SERVER_ENTRY = path.join(PROJECT_ROOT, 'dist', 'server', 'entry-server.js');
const TEMPLATE = path.join(WEB_BUILD_DIR, 'index.html');

interface RenderResult {
  status: number;
  redirect?: string;
  head: string;
  htmlAttributes: string;
  html: string;
  dataScript: string;
  routeIds: string[];
  /** A loader's unexpected failure (logged here; the page shows a generic text). */
  error?: unknown;
}
type Render = (url: string, origin: string, reader: ReturnType<typeof createStorageReader>) => Promise<RenderResult>;

export const PUBLIC_PAGE_PATHS = ['/', '/communities', '/contact', '/community/:id', '/listing/:id', '/legal/:page'];

/**
 * Public pages a shared cache (CDN, proxy) may keep for a minute and serve stale for five more while it
 * revalidates; browsers revalidate every time (max-age=0, a 304 with the ETag). A visitor never waits for a
 * render during a crowd at the CDN, and an edit shows everywhere within a minute. Only routed pages answered 200:
 * 404s (a page about to be created), the Not Found handler's other pages (favourites: the visitor's own list),
 * admin and kiosk never get it.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** Pages made of the visitor's own data in the browser (favourites, admin, kiosk): no shared cache may keep them. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';
/** 404 pages: anyone may keep them, but must revalidate (the record may be created a moment later). */
export const NOT_FOUND_PAGE_CACHE_CONTROL = 'no-cache';

export function webAppIsBuilt(): boolean {
  return existsSync(SERVER_ENTRY) && existsSync(TEMPLATE);
}

/**
 * The template holds a public page's first paint until the parser reaches its footer (web/index.html, decisions.md).
 * The admin and kiosk shells have no footer: Chromium would hold theirs until parsing ends and warn on every load
 * that the element never came.
 */
export const withoutFooterWait = (html: string) =>
  html.replace(/(?:[ \t]*<!--[^\n]*-->\n)?[ \t]*<link rel="expect"[^\n]*\n/, '');

const sameRevisions = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((revision, index) => revision === b[index]);

async function ssrRoutes(app: FastifyInstance): Promise<void> {
  // React picks its build from NODE_ENV when first loaded (by the server entry, just below), and `npm start` does
  // not set it: the development build rendered the community page in 24 ms instead of 7. Tests set NODE_ENV=test
  // and keep theirs.
  if (process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';
  const template = inlineStylesheets(readFileSync(TEMPLATE, 'utf8'), WEB_BUILD_DIR);
  const { render } = (await import(pathToFileURL(SERVER_ENTRY).href)) as { render: Render };
  const reader = createStorageReader(app.storage);
  const cache = new PageCache(app.storage);
  cache.siteOrigin = app.config.publicUrl;
  app.decorate('pageCache', cache);

  const preloadsOf = routePreloads(WEB_BUILD_DIR);
  const fill = (parts: {
    head: string;
    htmlAttributes?: string;
    html: string;
    dataScript: string;
    routeIds?: string[];
  }) =>
    withRoutePreloads(template, preloadsOf(parts.routeIds ?? []))
      // Attributes the page sets on <html> (a community's theme), so hydration finds them in place.
      .replace(/<html([^>]*)>/, (_element, attributes: string) => `<html${attributes}${parts.htmlAttributes ?? ''}>`)
      // Replacer functions: a string replacement would expand `$&`, `$'` and the like in the page's own text
      // (a community named "Lakes $' Trails" would pull the rest of the template into the page).
      .replace('<!--app-head-->', () => parts.head)
      .replace('<!--app-html-->', () => parts.html)
      .replace('<!--app-data-->', () => parts.dataScript);

  const sendAnswer = (reply: FastifyReply, answer: CachedAnswer) =>
    reply.code(answer.statusCode).headers(answer.headers).send(answer.body);

  /**
   * `routed`: through a public page route (cacheable by a CDN when 200, servable by the fast path), or false from
   * the Not Found handler (unknown paths, and client-side pages such as /favorites).
   */
  async function renderPage(request: FastifyRequest, reply: FastifyReply, routed: boolean) {
    // Absolute URLs in the page come from this origin; a malformed Host is a 400 here (siteOrigin).
    const origin = siteOrigin(app, request);
    // Rendered and kept without the ad click ids no page reads (tracking-parameters.ts): every click of a
    // campaign is the one kept page, not a render of its own.
    const url = withoutTrackingParameters(request.url);
    // Keyed by origin too: without PUBLIC_URL, a page rendered for one Host must never be served to another.
    const key = origin + url;
    const keep = url.length <= MAX_CACHED_URL_LENGTH;
    const ifNoneMatch = request.headers['if-none-match'];
    const acceptEncoding = request.headers['accept-encoding'];
    const kept = keep ? cache.fresh(key) : undefined;
    if (kept) return sendAnswer(reply, cache.answer(kept, ifNoneMatch, acceptEncoding));

    // One render per page at a time: a crowd arriving on a page that is not kept (a shared link right after an
    // edit) waits for the render in flight instead of rendering it 50 times over (measured with wrk: p99 of the
    // first second 126-197 ms before, every request rendering on its own). A request joins a render only if no
    // write landed since it started, so nothing rendered before a write is answered after it.
    const revisions = cache.revisions();
    let flight = keep ? inFlight.get(key) : undefined;
    if (!flight || !sameRevisions(flight.revisions, revisions)) {
      flight = { revisions, outcome: renderOnce(url, origin, key, revisions, routed, keep) };
      if (keep) {
        const started = flight;
        inFlight.set(key, started);
        void started.outcome.finally(() => inFlight.get(key) === started && inFlight.delete(key));
      }
    }
    const outcome = await flight.outcome;
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, outcome.status);
    if (outcome.kind === 'uncached') {
      // A loader failed (500): answered as rendered, never kept.
      return reply
        .code(outcome.status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(outcome.html);
    }
    // Server-Timing: how long the render took, for the request that waited on it (bench:pages reads it).
    reply.header('server-timing', `render;dur=${outcome.renderMs.toFixed(1)}`);
    return sendAnswer(reply, cache.answer(outcome.entry, ifNoneMatch, acceptEncoding));
  }

  type RenderOutcome =
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'uncached'; status: number; html: string }
    | { kind: 'kept'; entry: ReturnType<PageCache['add']>; renderMs: number };
  const inFlight = new Map<string, { revisions: number[]; outcome: Promise<RenderOutcome> }>();

  async function renderOnce(
    url: string,
    origin: string,
    key: string,
    revisions: number[],
    routed: boolean,
    keep: boolean,
  ): Promise<RenderOutcome> {
    const started = performance.now();
    const result = await render(url, origin, reader);
    const renderMs = performance.now() - started;
    if (result.redirect) return { kind: 'redirect', status: result.status, location: result.redirect };
    if (result.status !== 200 && result.status !== 404) {
      if (result.error !== undefined) app.log.error({ err: result.error, url }, 'a page loader failed');
      return { kind: 'uncached', status: result.status, html: fill(result) };
    }
    const cacheControl =
      result.status === 404
        ? NOT_FOUND_PAGE_CACHE_CONTROL
        : routed
          ? PUBLIC_PAGE_CACHE_CONTROL
          : PRIVATE_PAGE_CACHE_CONTROL;
    const entry = cache.add(
      key,
      revisions,
      { statusCode: result.status, html: fill(result), cacheControl, routed },
      keep,
    );
    return { kind: 'kept', entry, renderMs };
  }

  // Answers are compressed by PageCache: the compress plugin's hook is not needed on them.
  const pageRoute = { compress: false as const };
  const renderRoutedPage = (request: FastifyRequest, reply: FastifyReply) => renderPage(request, reply, true);
  for (const url of PUBLIC_PAGE_PATHS) app.get(url, pageRoute, renderRoutedPage);
  // The search page (web/src/features/search): rendered from the filters in its URL.
  app.get('/search', pageRoute, renderRoutedPage);

  // The admin back office renders in the browser only; it is never indexed.
  const adminShell = withoutFooterWait(
    fill({
      head: '<title>Admin</title>\n    <meta name="robots" content="noindex">',
      html: '',
      dataScript: '',
    }),
  );
  const sendAdminShell = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL).send(adminShell);
  app.get('/admin', sendAdminShell);
  app.get('/admin/*', sendAdminShell);

  // The open-house kiosk renders in the browser only too: it runs from the device's copy (IndexedDB, kiosk pass).
  const kioskShell = withoutFooterWait(
    fill({
      head: '<title>Open house sign-in</title>\n    <meta name="robots" content="noindex">',
      html: '',
      dataScript: '',
    }),
  );
  app.get('/kiosk/*', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL).send(kioskShell),
  );

  // Unknown pages that a browser asks for get the site's Not Found page (with a 404) from plugins/error-responses.ts.
  app.renderHtmlNotFound = (request, reply) => renderPage(request, reply, false);

  app.decorate('pageFastPath', pageFastPath(cache, app.config.publicUrl, securityHeaderSets().pageHeaders));
}

/** What a kept page's answer depends on (the site's origin when no PUBLIC_URL is set, and the conditions). */
const PAGE_REQUEST_HEADERS = ['host', 'if-none-match', 'accept-encoding'] as const;

/**
 * Repeat GETs of a kept page, answered before Fastify with the same status, headers and bytes the route sent
 * (PageCache.answer plus the page security headers that plugins/security.ts adds to every page). Only entries a
 * page route rendered (never the Not Found handler's, which depend on Accept), only while fresh; anything else,
 * a malformed Host included, goes to Fastify.
 */
function pageFastPath(
  cache: PageCache,
  publicUrl: string | undefined,
  securityHeaders: Readonly<Record<string, string>>,
): RawRequestHandler {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || !request.url || request.url.startsWith('/api/')) return false;
    const url = withoutTrackingParameters(request.url);
    if (url.length > MAX_CACHED_URL_LENGTH) return false;
    const headers = singleRawHeaders(request.rawHeaders, PAGE_REQUEST_HEADERS);
    if (!headers) return false;
    const origin =
      publicUrl ??
      originFromHost('encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http', headers.host);
    if (!origin) return false;
    const entry = cache.fresh(origin + url);
    if (!entry?.routed) return false;
    const answer = cache.answer(entry, headers['if-none-match'], headers['accept-encoding']);
    return writeCachedAnswer(response, answer, securityHeaders);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the site's Not Found page for unknown paths a browser asks for; null until the web app is built. */
    renderHtmlNotFound: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null;
    /** Rendered pages (absent until the web app is built). */
    pageCache?: PageCache;
    /** Answers repeat page requests before Fastify (absent until the web app is built); app.ts installs it. */
    pageFastPath?: RawRequestHandler;
  }
}

export default fp(ssrRoutes, { name: 'ssr-routes', dependencies: ['errors', 'static-files'] });
