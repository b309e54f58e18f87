/**
 * The open-house kiosk (domain/schemas/open-house.ts):
 * - POST /api/admin/kiosk-passes: a signed-in admin confirms their password and gets a pass for one community.
 * - POST /api/public/kiosk/sign-ins: one visitor's sign-in, stored as a lead (source 'open-house').
 *
 * Why a pass: ten visitors signing in on one tablet, or a morning of sign-ins queued offline and delivered at once,
 * would meet the public contact limit (20 per IP per 15 min) and the fill-time spam check. With a genuine pass the
 * sign-ins are counted per kiosk under a higher limit and the fill-time check is skipped; a pass exists only because
 * an admin asked for it, so this is no open door. Without a valid pass (expired, forged, or its admin removed) a
 * sign-in is still stored, never lost, but counted per IP like any public contact.
 */
import type { FastifyInstance } from 'fastify';
import {
  kioskPassRequestSchema,
  kioskSignInSchema,
  type Lead,
  type KioskPass,
  type KioskPassRequest,
  type KioskSignIn,
  MESSAGES,
  salesDay,
} from '../../domain';
import { HttpError } from '../http/http-error';
import { runWrite } from '../http/idempotent-write';
import { clientTimeOf, onServerClockTime, plausibleSubmittedAt, spamReason } from '../leads/lead-intake';
import { KioskPassSigner } from '../security/kiosk-pass';
import { recheckAdminAccess } from '../security/admin-access';
import { clientAddressKey } from '../security/client-address';
import { verifyPassword } from '../security/passwords';
import { limitBeforeBody } from '../security/rate-limiter';
import type { NewRecord } from '../storage/storage';
import { findCommunityByIdOrSlug } from './find-community';

/**
 * Sign-ins one kiosk may send per 15 minutes. A person needs well over 30 s at the tablet (about 30 per window);
 * the margin is for a day's queue delivered at once when the network returns (the rest is retried after
 * Retry-After by the tablet's outbox).
 */
export const KIOSK_SIGN_INS_PER_WINDOW = 300;
/**
 * Sign-ins one address may send per 15 minutes, counted before the body is read (the pass is in the body): room for
 * three kiosks of one sales office behind one address, and a bound on what an anonymous flood costs to parse.
 */
export const KIOSK_SIGN_INS_PER_ADDRESS = 3 * KIOSK_SIGN_INS_PER_WINDOW;

export const WRONG_PASSWORD = 'Wrong password';

export default async function kioskRoutes(app: FastifyInstance): Promise<void> {
  const signer = new KioskPassSigner(app.config.jwtSecret!);
  const { rateLimitWindowMs: windowMs, contactRateLimit } = app.config;
  const perKiosk = app.rateLimits.limiter('kiosk-sign-ins:kiosk', KIOSK_SIGN_INS_PER_WINDOW, windowMs);
  // A sign-in without a valid pass is an anonymous lead like a contact form's: it counts against the same
  // per-address limit (app.contactLimiter), so this route is not a second allowance beside the contact calls.
  const perIp = app.contactLimiter;
  const perAddress = app.rateLimits.limiter(
    'kiosk-sign-ins:address',
    contactRateLimit === 0 ? 0 : KIOSK_SIGN_INS_PER_ADDRESS,
    windowMs,
  );

  const findCommunity = (idOrSlug: string) => findCommunityByIdOrSlug(app.storage, idOrSlug);

  app.post<{ Body: KioskPassRequest }>(
    '/admin/kiosk-passes',
    {
      onRequest: [app.authenticate, app.passwordAttempts.addressRefusal('admin.confirm-password')],
      schema: { body: kioskPassRequestSchema },
    },
    async (request, reply) => {
      // The login's limits and audit: a stolen token must not be a way to guess its admin's password.
      const attempt = await app.passwordAttempts.begin(request, 'admin.confirm-password', request.admin!.email);
      const admin = await app.storage.get('adminUsers', request.admin!.id);
      // A 400, not a 401: the client signs out on any 401 (as for a wrong current password).
      if (!admin || !(await verifyPassword(admin.passwordHash, request.body.password))) {
        await attempt.failed(request.admin!.id, 'wrong password (kiosk pass)');
        throw new HttpError(400, WRONG_PASSWORD, [{ path: 'password', message: WRONG_PASSWORD }]);
      }
      await attempt.succeeded();
      const community = await findCommunity(request.body.communityId);
      if (!community) throw new HttpError(404, MESSAGES.communityNotFound);
      const { pass, claims } = signer.issue(admin, community.id);
      // A pass lets a tablet file leads for 14 days: who started which kiosk is on the record (never the pass).
      await app.storage.transact((tx) => {
        // The password check took a while: an admin deleted meanwhile gets no pass.
        recheckAdminAccess(tx, request.admin!, request.token?.jti);
        tx.insert('audit', {
          at: new Date().toISOString(),
          actorId: admin.id,
          actorEmail: admin.email,
          action: 'kiosk-pass.issue',
          entity: 'communities',
          entityId: community.id,
          ip: request.ip,
          outcome: 'success',
          detail: `kiosk ${claims.kioskId}, valid until ${new Date(claims.expiresAt).toISOString()}`,
        });
      });
      const body: KioskPass = { pass, communityId: community.id, expiresAt: new Date(claims.expiresAt).toISOString() };
      return reply.code(201).header('Cache-Control', 'no-store').send(body);
    },
  );

  app.post<{ Body: KioskSignIn }>(
    '/public/kiosk/sign-ins',
    { onRequest: limitBeforeBody(perAddress), schema: { body: kioskSignInSchema } },
    async (request, reply) => {
      const claims = signer.verify(request.body.kioskPass);
      const issuer = claims ? await app.storage.get('adminUsers', claims.adminId) : undefined;
      // Vouched for while its admin is active and has not changed their password since (a pass from before
      // versions were put in passes is taken on the admin being active, until it expires).
      const vouched =
        claims !== null &&
        issuer?.isActive === true &&
        (claims.adminVersion === undefined || claims.adminVersion === issuer.version);
      const decision = vouched ? await perKiosk.hit(claims.kioskId) : await perIp.hit(clientAddressKey(request.ip));
      if (!decision.allowed) {
        throw new HttpError(429, MESSAGES.tooManyRequests, undefined, {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
      const communityRef = vouched ? claims.communityId : request.body.communityId;
      const community = communityRef ? await findCommunity(communityRef) : undefined;
      const { kioskPass: _pass, consent: _consent, communityId: _claimed, website, ...fields } = request.body;
      // The honeypot decides with or without a pass, as on the public forms (api/leads/lead-intake.ts).
      const spam = spamReason({ website });
      const now = new Date();
      const onServerClock = onServerClockTime(fields.submittedAt, clientTimeOf(request.headers), now);
      const submittedAt = plausibleSubmittedAt(onServerClock, now);
      const clockWrong = submittedAt !== fields.submittedAt;
      // The open-house date is the tablet's day too: with its clock found wrong, the day of the time on the
      // server's clock replaces it (a flat battery dated every sign-in 2020-01-01, in the message, the lead page
      // and the CSV).
      const openHouseDate = clockWrong ? salesDay(new Date(submittedAt)) : fields.openHouseDate;
      const notes = [
        vouched ? '' : 'Kiosk pass no longer valid when this sign-in arrived.',
        clockWrong
          ? `The tablet's clock read ${fields.submittedAt} (open house ${fields.openHouseDate}) when this was made; the time and day on the server's clock are kept instead.`
          : '',
      ].filter(Boolean);
      const lead: NewRecord<Lead> = {
        ...fields,
        submittedAt,
        openHouseDate,
        message: `Signed in at the ${community?.name ?? 'community'} open house on ${openHouseDate}.`,
        interest: 'community',
        source: 'open-house',
        ...(community ? { communityId: community.id } : {}),
        status: spam ? 'SPAM' : 'NEW',
        notes: notes.join(' '),
        ...(spam ? { spamReason: spam } : {}),
      };
      await runWrite(request, reply, ({ tx }) => {
        // The lead id is chosen on the tablet: a delivery repeated after the idempotency record expired (a tablet
        // offline for days) finds the lead and gets the same answer instead of a second lead.
        const stored = tx.get('contacts', fields.id) ?? tx.insert('contacts', lead);
        return { statusCode: 201, body: { success: true, id: stored.id, submittedAt: stored.submittedAt } };
      });
    },
  );
}
