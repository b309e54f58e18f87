/**
 * HTML pages (DESIGN §4 "Server-side rendering"): public routes are rendered on the server from the same React
 * route modules (dist/server/entry-server.js) into the built index.html; admin routes get the same page without
 * server-rendered content (client-only). Registered only when the web app has been built.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT, WEB_BUILD_DIR } from '../plugins/static-files';
import { siteOrigin } from '../routes/site';
import { inlineStylesheets } from './inline-styles';
import { createStorageReader } from './storage-reader';

const SERVER_ENTRY = path.join(PROJECT_ROOT, 'dist', 'server', 'entry-server.js');
const TEMPLATE = path.join(WEB_BUILD_DIR, 'index.html');

interface RenderResult {
  status: number;
  redirect?: string;
  head: string;
  htmlAttributes: string;
  html: string;
  dataScript: string;
}
type Render = (url: string, origin: string, reader: ReturnType<typeof createStorageReader>) => Promise<RenderResult>;

export const PUBLIC_PAGE_PATHS = ['/', '/communities', '/contact', '/community/:id', '/listing/:id', '/legal/:page'];

export function webAppIsBuilt(): boolean {
  return existsSync(SERVER_ENTRY) && existsSync(TEMPLATE);
}

async function ssrRoutes(app: FastifyInstance): Promise<void> {
  const template = inlineStylesheets(readFileSync(TEMPLATE, 'utf8'), WEB_BUILD_DIR);
  const { render } = (await import(pathToFileURL(SERVER_ENTRY).href)) as { render: Render };
  const reader = createStorageReader(app.storage);

  const fill = (parts: { head: string; htmlAttributes?: string; html: string; dataScript: string }) =>
    template
      // Attributes the page sets on <html> (a community's theme), so hydration finds them in place.
      .replace(/<html([^>]*)>/, (_element, attributes: string) => `<html${attributes}${parts.htmlAttributes ?? ''}>`)
      // Replacer functions: a string replacement would expand `$&`, `$'` and the like in the page's own text
      // (a community named "Lakes $' Trails" would pull the rest of the template into the page).
      .replace('<!--app-head-->', () => parts.head)
      .replace('<!--app-html-->', () => parts.html)
      .replace('<!--app-data-->', () => parts.dataScript);

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const result = await render(request.url, siteOrigin(app, request), reader);
    if (result.redirect) return reply.redirect(result.redirect, result.status);
    // Pages embed live data: browsers revalidate; the service worker falls back to its cached shell offline.
    return reply
      .code(result.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(fill(result));
  }

  for (const url of PUBLIC_PAGE_PATHS) app.get(url, renderPage);
  // The search page (web/src/features/search): rendered from the filters in its URL.
  app.get('/search', renderPage);

  // The admin back office renders in the browser only; it is never indexed.
  const adminShell = fill({
    head: '<title>Admin</title>\n    <meta name="robots" content="noindex">',
    html: '',
    dataScript: '',
  });
  const sendAdminShell = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(adminShell);
  app.get('/admin', sendAdminShell);
  app.get('/admin/*', sendAdminShell);

  // The open-house kiosk renders in the browser only too: it runs from the device's copy (IndexedDB, kiosk pass).
  const kioskShell = fill({
    head: '<title>Open house sign-in</title>\n    <meta name="robots" content="noindex">',
    html: '',
    dataScript: '',
  });
  app.get('/kiosk/*', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(kioskShell),
  );

  // Unknown pages that a browser asks for get the site's Not Found page (with a 404) from plugins/errors.ts.
  app.renderHtmlNotFound = renderPage;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the site's Not Found page for unknown paths a browser asks for; null until the web app is built. */
    renderHtmlNotFound: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null;
  }
}

export default fp(ssrRoutes, { name: 'ssr-routes', dependencies: ['errors', 'static-files'] });
