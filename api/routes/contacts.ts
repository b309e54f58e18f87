/** Admin lead routes (SPEC §7 /contacts, plus PATCH and CSV export for the lead inbox). */
import type { FastifyInstance } from 'fastify';
import {
  leadInputSchema,
  leadPatchSchema,
  countLeads,
  leadChanges,
  MESSAGES,
  salesDay,
  type LeadPatch,
  type LeadCounts,
} from '../../domain';
import { currentForWrite, idParamsSchema } from '../http/crud-routes';
import { HttpError } from '../http/http-error';
import { auditedWrite } from '../http/idempotent-write';
import { leadsToCsv } from '../leads/csv';
import { filterLeads, leadFilterSchema, type LeadFilter } from '../leads/lead-filter';
import { leadRecord, type LeadSubmission } from '../leads/lead-intake';
import { resolveCommunityId } from './listings';

/** A lead's owner must be an admin who can sign in. */
export const LEAD_OWNER_INVALID = 'Choose an active admin as the owner';

export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.authenticate };

  app.get<{ Querystring: LeadFilter }>(
    '/contacts',
    { ...auth, schema: { querystring: leadFilterSchema } },
    async (request) => filterLeads(await app.storage.list('contacts'), request.query, { adminId: request.admin!.id }),
  );

  // How many leads each status holds: the inbox shows the Spam count beside its filter, so nothing is filed
  // where no admin will look without saying so.
  app.get('/contacts/counts', auth, async (): Promise<LeadCounts> => countLeads(await app.storage.list('contacts')));

  // One lead, whatever the inbox's filter: a lead's own address (/admin/leads/:id) opens it from a link or a reload.
  app.get<{ Params: { id: string } }>(
    '/contacts/:id',
    { ...auth, schema: { params: idParamsSchema } },
    async (request) => {
      const lead = await app.storage.get('contacts', request.params.id);
      if (!lead) throw new HttpError(404, MESSAGES.notFound);
      return lead;
    },
  );

  app.get<{ Querystring: LeadFilter }>(
    '/contacts/export.csv',
    { ...auth, schema: { querystring: leadFilterSchema } },
    async (request, reply) => {
      const leads = filterLeads(await app.storage.list('contacts'), request.query, { adminId: request.admin!.id });
      const [communities, listings, admins] = await Promise.all([
        app.storage.list('communities'),
        app.storage.list('listings'),
        app.storage.list('adminUsers'),
      ]);
      const adminEmails = new Map(admins.map((admin) => [admin.id, admin.email]));
      const communityNames = new Map(communities.map((community) => [community.id, community.name]));
      const listingTitles = new Map(listings.map((listing) => [listing.id, listing.title]));
      // The sales team's day (Central Time), as the inbox's dates: UTC's would name an evening export for tomorrow.
      const date = salesDay();
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="leads-${date}.csv"`)
        .header('Cache-Control', 'no-store');
      return leadsToCsv(leads, {
        communityName: (id) => communityNames.get(id),
        listingTitle: (id) => listingTitles.get(id),
        adminEmail: (id) => adminEmails.get(id),
      });
    },
  );

  // Staff can record a lead taken by phone or in person. The community may be named by id or slug and is stored
  // as the id, so the community filter and the CSV find the lead; an unknown one is a 400 on the field, as for a
  // listing (staff can correct it, unlike a visitor whose lead is kept without it).
  app.post<{ Body: LeadSubmission }>(
    '/contacts',
    { ...auth, schema: { body: leadInputSchema } },
    auditedWrite({ action: 'contact.create', entity: 'contacts' }, (request, { tx }) => {
      const { communityId } = request.body;
      const submission = communityId
        ? { ...request.body, communityId: resolveCommunityId(tx, communityId) }
        : request.body;
      return { statusCode: 201, body: tx.insert('contacts', leadRecord(submission, 'admin')) };
    }),
  );

  app.patch<{ Params: { id: string }; Body: LeadPatch }>(
    '/contacts/:id',
    { ...auth, schema: { params: idParamsSchema, body: leadPatchSchema } },
    auditedWrite({ action: 'contact.update', entity: 'contacts' }, (request, { tx, expectedVersion }) => {
      const current = currentForWrite(tx, 'contacts', request.params.id, expectedVersion);
      const { ownerId } = request.body;
      if (ownerId && !tx.get('adminUsers', ownerId)?.isActive) {
        throw new HttpError(400, LEAD_OWNER_INVALID, [{ path: 'ownerId', message: LEAD_OWNER_INVALID }]);
      }
      const admin = request.admin!;
      const changes = leadChanges(
        current,
        request.body,
        { id: admin.id, email: admin.email },
        (id) => tx.get('adminUsers', id)?.email,
        new Date(),
      );
      return { statusCode: 200, body: tx.update('contacts', current.id, changes) };
    }),
  );

  app.delete<{ Params: { id: string } }>(
    '/contacts/:id',
    { ...auth, schema: { params: idParamsSchema } },
    auditedWrite(
      { action: 'contact.delete', entity: 'contacts', named: 'route' },
      (request, { tx, expectedVersion }) => {
        // If-Match as for any record: a delete decided on a lead a colleague has since worked (status, notes) is a
        // 412 with the lead as it is now, not a silent loss of that work.
        currentForWrite(tx, 'contacts', request.params.id, expectedVersion);
        tx.remove('contacts', request.params.id);
        return { statusCode: 204, body: null };
      },
    ),
  );
}
