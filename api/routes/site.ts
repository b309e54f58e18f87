/**
 * Site files for crawlers (DESIGN §4): robots.txt keeps /admin out of search engines; sitemap.xml lists every
 * public page with lastmod from the record's updatedAt.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_BUILD_DIR } from '../plugins/static-files';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );
}

/** The public origin: PUBLIC_URL when set, else the request's own host. */
export function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
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

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.serveWebApp === false || !existsSync(path.join(WEB_BUILD_DIR, 'index.html'))) {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(API_ONLY_HOME));
  }

  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /api/public/\n\nSitemap: ${siteOrigin(app, request)}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = siteOrigin(app, request);
    const [communities, listings] = await Promise.all([app.storage.list('communities'), app.storage.list('listings')]);
    const newest = [...communities, ...listings].reduce(
      (latest, record) => (record.updatedAt > latest ? record.updatedAt : latest),
      '',
    );
    const entries: { loc: string; lastmod?: string }[] = [
      { loc: '/', lastmod: newest || undefined },
      { loc: '/communities', lastmod: newest || undefined },
      { loc: '/contact' },
      ...communities.map((community) => ({ loc: `/community/${community.slug}`, lastmod: community.updatedAt })),
      ...listings.map((listing) => ({ loc: `/listing/${listing.id}`, lastmod: listing.updatedAt })),
    ];
    const urls = entries
      .map(
        ({ loc, lastmod }) =>
          `  <url><loc>${escapeXml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    reply.type('application/xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });
}
