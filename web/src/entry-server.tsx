/**
 * Server rendering of public routes (DESIGN §4): runs the route loaders with the reader the server provides,
 * renders to HTML, and returns the head tags, the status (404 when a loader says notFound) and the loader data
 * for hydration. Built by `vite build --ssr` into dist/server and called by api/ssr.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router-dom';
import type { SiteSettings } from '@domain/schemas/settings';
import { defaultHead, documentStyleAttribute, renderHeadHtml, scriptJson, type RouteHandle } from './app/head';
import { providePublicReader, type PublicReader } from '@/data/public-reader';
import { routes } from './app/routes';

export interface RenderResult {
  status: number;
  /** Set when a loader redirected. */
  redirect?: string;
  head: string;
  /** Attributes for the <html> element (with a leading space), e.g. a community's theme; '' when none. */
  htmlAttributes: string;
  html: string;
  /** A <script type="application/json"> with the hydration data (not executed, so the CSP allows it). */
  dataScript: string;
  /** The ids of the routes the page matched, outermost first (the server preloads their page code). */
  routeIds: string[];
  /** A loader's unexpected failure (the page is a 500): for the server's log, never for the page. */
  error?: unknown;
}

/**
 * What the error page says of a loader's unexpected failure. Its own message (a storage error naming a database
 * host, a bug's text) is for the server's log, not for anonymous visitors; a route's error response (its status
 * text) is the page's to show (SPEC §8).
 */
const UNEXPECTED_FAILURE_TEXT = 'Something went wrong on our side. Please try again in a moment.';

const handler = createStaticHandler(routes);

export async function render(url: string, origin: string, reader: PublicReader): Promise<RenderResult> {
  providePublicReader(reader);
  const request = new Request(new URL(url, origin), { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      status: context.status,
      redirect: context.headers.get('Location') ?? '/',
      head: '',
      htmlAttributes: '',
      html: '',
      dataScript: '',
      routeIds: [],
    };
  }
  const unexpected = Object.values(context.errors ?? {}).find((error) => !isRouteErrorResponse(error));
  if (context.errors && unexpected !== undefined) {
    for (const routeId of Object.keys(context.errors)) {
      if (!isRouteErrorResponse(context.errors[routeId])) context.errors[routeId] = new Error(UNEXPECTED_FAILURE_TEXT);
    }
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );

  const loaderData = context.loaderData as Record<string, unknown>;
  const settings = (loaderData.root as { settings: SiteSettings }).settings;
  const pathname = new URL(url, origin).pathname;
  const headContext = { settings, origin, pathname };
  // An error page has the site's default head: a route's head reads its loader's data, which a failed load lacks.
  const routesWithData = context.errors ? [] : [...context.matches].reverse();
  const match = routesWithData.find((candidate) => (candidate.route.handle as RouteHandle | undefined)?.head);
  const head = match
    ? await (match.route.handle as RouteHandle).head!(loaderData[match.route.id], headContext)
    : defaultHead(headContext);
  const styled = routesWithData.find((candidate) => (candidate.route.handle as RouteHandle | undefined)?.documentStyle);
  const documentStyle = styled
    ? (styled.route.handle as RouteHandle).documentStyle!(loaderData[styled.route.id])
    : undefined;
  const notFound = Object.values(loaderData).some((data) => (data as { notFound?: boolean } | null)?.notFound === true);
  const status = context.errors ? 500 : notFound ? 404 : context.statusCode;

  const hydration = { loaderData: context.loaderData, actionData: context.actionData };
  return {
    status,
    head: renderHeadHtml(head, headContext),
    htmlAttributes: documentStyleAttribute(documentStyle),
    html,
    dataScript: `<script type="application/json" id="hydration-data">${scriptJson(hydration)}</script>`,
    routeIds: context.matches.map((match) => match.route.id),
    ...(unexpected !== undefined ? { error: unexpected } : {}),
  };
}
