/**
 * Site files for crawlers (DESIGN §4): robots.txt keeps /admin out of search engines; sitemap.xml lists every
 * indexable public page, with lastmod where a record's updatedAt can tell when the page last changed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HttpError } from '../http/http-error';
import { WEB_BUILD_DIR } from '../plugins/static-files';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );
}

/**
 * A Host header this server will put into absolute URLs: a DNS name or an IPv4 address (letters, digits, hyphens,
 * dots), or a bracketed IPv6 address, with an optional port 1-65535. Anything else (spaces, `x:99999`, `a/b`,
 * userinfo) is refused rather than passed to `new URL`, which threw and made every page a 500 (issue 13).
 */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** `protocol://host` for a well-formed Host header, else undefined. */
export function originFromHost(protocol: 'http' | 'https', host: string | undefined): string | undefined {
  if (!host || host.length > 260) return undefined;
  const match = HOST_HEADER.exec(host);
  if (!match) return undefined;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535)) return undefined;
  const origin = `${protocol}://${host.toLowerCase()}`;
  try {
    new URL(origin);
  } catch {
    return undefined;
  }
  return origin;
}

export const BAD_HOST_MESSAGE = 'The Host header is missing or malformed.';

/**
 * The public origin of absolute URLs (canonical, og:url, og:image, JSON-LD, sitemap.xml, robots.txt): PUBLIC_URL
 * when set (production must set it: README); else the request's Host if well-formed, and a 400 if not.
 */
export function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const origin = originFromHost(request.protocol, request.host);
  if (!origin) throw new HttpError(400, BAD_HOST_MESSAGE);
  return origin;
}

/** Shown at / until the web app is built, so a newcomer's first `npm start` shows where things are. */
const API_ONLY_HOME = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Houston New Home Communities: API</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>Houston New Home Communities</h1>
<p>The API is running with its example data. The web app is not built yet.</p>
<ul>
<li><a href="/api/public/communities">/api/public/communities</a></li>
<li><a href="/api/public/listings">/api/public/listings</a></li>
<li><a href="/sitemap.xml">/sitemap.xml</a></li>
</ul>
</body></html>
`;

/**
 * Public pages that show no record of their own (the routes in web/src/app/routes, the legal pages in
 * routes/public/legal.tsx). They carry no lastmod, nor do / and /communities: a deleted community or listing
 * changes those two but leaves no updatedAt behind, so the newest remaining record's would move them backwards.
 */
const STATIC_PAGES = [
  '/',
  '/communities',
  '/search',
  '/contact',
  '/legal/privacy-policy',
  '/legal/brokerage-services',
  '/legal/consumer-protection',
];

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.serveWebApp === false || !existsSync(path.join(WEB_BUILD_DIR, 'index.html'))) {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(API_ONLY_HOME));
  }

  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /api/public/\n\nSitemap: ${siteOrigin(app, request)}/sitemap.xml\n`;
  });

  // Built once per change of the communities or listings, kept compressed with an ETag (a crawler revalidates with
  // a 304) in the public reads' cache: at 100x the records it is 5,600 URLs, 734 KB, and building and compressing
  // it on every request answered 91 req/s with a p99 of 1.78 s under 50 connections, the event loop held for
  // every other visitor meanwhile.
  app.get('/sitemap.xml', { compress: false }, async (request, reply) => {
    const origin = siteOrigin(app, request);
    await app.publicReadCache.sendText(
      request,
      reply,
      `sitemap.xml ${origin}`,
      ['communities', 'listings'],
      'application/xml; charset=utf-8',
      () => sitemap(app, origin),
    );
  });
}

/** The sitemap's XML: the static pages, then every community and listing page with its lastmod. */
async function sitemap(app: FastifyInstance, origin: string): Promise<string> {
  const [communities, listings] = await Promise.all([app.storage.list('communities'), app.storage.list('listings')]);
  // A community's page lists its homes: it changes when one of them is added or edited, not only itself.
  const newestListing = new Map<string, string>();
  for (const listing of listings) {
    const newest = newestListing.get(listing.communityId);
    if (newest === undefined || listing.updatedAt > newest) newestListing.set(listing.communityId, listing.updatedAt);
  }
  const entries: { loc: string; lastmod?: string }[] = [
    ...STATIC_PAGES.map((loc) => ({ loc })),
    ...communities.map((community) => {
      const newest = newestListing.get(community.id);
      return {
        loc: `/community/${community.slug}`,
        lastmod: newest !== undefined && newest > community.updatedAt ? newest : community.updatedAt,
      };
    }),
    ...listings.map((listing) => ({ loc: `/listing/${listing.id}`, lastmod: listing.updatedAt })),
  ];
  const urls = entries
    .map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeXml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
