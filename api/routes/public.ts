/**
 * Public routes (SPEC §7 "Public"): no token, never contacts, users or the audit log. Reads are answered
 * from JsonResponseCache; contact posts are rate-limited per IP and spam-checked.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  communityListQuerySchema,
  leadInputSchema,
  DEFAULT_SITE_SETTINGS,
  MESSAGES,
  toCommunityListItem,
  type CommunityListQuery,
  type SiteSettings,
} from '../../domain';
import { idParamsSchema } from '../http/crud-routes';
import { HttpError } from '../http/http-error';
import { runWrite } from '../http/idempotent-write';
import { publicReads } from '../http/public-reads';
import { clientTimeOf, insertVisitorLead, visitorSubmission, type LeadSubmission } from '../leads/lead-intake';
import { limitBeforeBody } from '../security/rate-limiter';
import type { Storage } from '../storage/storage';
import { findCommunityByIdOrSlug } from './find-community';

export const SETTINGS_ID = 'site';

/** The stored settings without record fields, or the defaults before anyone saved them. */
export async function readSiteSettings(storage: Storage): Promise<SiteSettings> {
  const stored = await storage.get('settings', SETTINGS_ID);
  if (!stored) return DEFAULT_SITE_SETTINGS;
  return { general: stored.general, appearance: stored.appearance, seo: stored.seo };
}

export default async function publicRoutes(app: FastifyInstance): Promise<void> {
  const cache = app.publicReadCache;

  const findCommunity = (idOrSlug: string) => findCommunityByIdOrSlug(app.storage, idOrSlug);

  // Cached answers are precompressed by JsonResponseCache: the compress plugin's hook is not needed on them.
  const cached = { compress: false as const };

  // Pages of whole records (the offline pack), or of list items (CommunityListItem) with view=list.
  app.get<{ Querystring: CommunityListQuery }>(
    '/public/communities',
    { ...cached, schema: { querystring: communityListQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      const { cacheKey, dependsOn } = publicReads.communities(query);
      await cache.send(request, reply, cacheKey, dependsOn, async () => {
        const page = (await app.storage.list('communities')).slice(query.offset, query.offset + query.limit);
        return query.view === 'full' ? page : page.map(toCommunityListItem);
      });
    },
  );

  // Accepts an id or a slug (DESIGN §6).
  app.get<{ Params: { id: string } }>(
    '/public/communities/:id',
    { ...cached, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const { cacheKey, dependsOn } = publicReads.community(request.params.id);
      const found = await cache.send(request, reply, cacheKey, dependsOn, () => findCommunity(request.params.id));
      if (!found) throw new HttpError(404, MESSAGES.communityNotFound);
    },
  );

  app.get<{ Querystring: { communityId?: string } }>(
    '/public/listings',
    { ...cached, schema: { querystring: z.object({ communityId: z.string().max(100).optional() }) } },
    async (request, reply) => {
      const communityId = request.query.communityId;
      const { cacheKey, dependsOn } = publicReads.listings(communityId);
      await cache.send(request, reply, cacheKey, dependsOn, async () => {
        if (!communityId) return app.storage.list('listings');
        const community = await findCommunity(communityId);
        return community ? app.storage.list('listings', { communityId: community.id }) : [];
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/public/listings/:id',
    { ...cached, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const { cacheKey, dependsOn } = publicReads.listing(request.params.id);
      const found = await cache.send(request, reply, cacheKey, dependsOn, () =>
        app.storage.get('listings', request.params.id),
      );
      if (!found) throw new HttpError(404, MESSAGES.listingNotFound);
    },
  );

  app.get('/public/settings', cached, async (request, reply) => {
    const { cacheKey, dependsOn } = publicReads.settings();
    await cache.send(request, reply, cacheKey, dependsOn, () => readSiteSettings(app.storage));
  });

  // Lets the login form pre-fill demo credentials only when the server runs in demo mode (SPEC §2, DESIGN §4).
  app.get('/public/config', async () => ({
    demoMode: app.config.demoMode,
    ...(app.config.demoMode && app.demoCredentials
      ? { demoCredentials: { email: app.demoCredentials.email, password: app.demoCredentials.password } }
      : {}),
  }));

  async function createContact(
    request: FastifyRequest<{ Body: LeadSubmission }>,
    reply: FastifyReply,
    defaultSource: LeadSubmission['source'],
  ) {
    // The visitor's form names its source (popup, listing, visit...); what only the kiosk or staff set is dropped.
    const submission = visitorSubmission(request.body, defaultSource, new Date(), clientTimeOf(request.headers));
    await runWrite(request, reply, ({ tx }) => {
      const lead = insertVisitorLead(tx, submission, defaultSource);
      // Spam gets the same answer as a real inquiry.
      return { statusCode: 201, body: { success: true, id: lead.id, submittedAt: lead.submittedAt } };
    });
  }

  // Counted per IP in onRequest, before the body is read: a client over its limit costs no parsing (issue 13).
  const limited = { onRequest: limitBeforeBody(app.contactLimiter), schema: { body: leadInputSchema } };
  app.post<{ Body: LeadSubmission }>('/public/contacts', limited, (request, reply) =>
    createContact(request, reply, 'popup'),
  );
  // The contact page's own call (SPEC §7 "Other direct calls").
  app.post<{ Body: LeadSubmission }>('/contact', limited, (request, reply) =>
    createContact(request, reply, 'contact-page'),
  );
}
