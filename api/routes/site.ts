/**
 * Site files for crawlers (DESIGN §4): robots.txt keeps /admin out of search engines; sitemap.xml lists every
 * public page with lastmod from the record's updatedAt.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
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
