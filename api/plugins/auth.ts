/**
 * Authentication and roles (DESIGN §4 "Auth"): HS256 JWTs for 12 h carrying the user id, role and the account's
 * credential version, and on every protected request a fresh check that the user still exists, is active and
 * still has that version, so deleting an admin, changing their password or their role revokes every token issued
 * before at once. Each token also has an id (`jti`): a logout revokes that one token (api/routes/admin-auth.ts),
 * checked on every protected request too. Roles are enforced here, on the server. Also the limits and audit shared
 * by every password check (api/security/password-attempts.ts).
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { MESSAGES, type AdminRole, type AdminUser } from '../../domain';
import { HttpError } from '../http/http-error';
import { checkAdminAccess, SIGNED_OUT } from '../security/admin-access';
import { PasswordAttempts } from '../security/password-attempts';
import { RefusalAudit } from '../security/refusal-audit';
import type { StoredAdminUser } from '../storage/storage';

export const TOKEN_LIFETIME = '12h';

export interface TokenPayload {
  sub: string;
  role: AdminRole;
  /**
   * The account's credential version when the token was signed: the admin record's `version`. An admin record
   * changes only when its credentials or access do (password change, role change, deactivation, reactivation),
   * so any change revokes the tokens signed before it; the check costs nothing beyond the user lookup every
   * protected request already makes.
   */
  ver: number;
  /**
   * The token's own id, so a logout can revoke this token and no other session of the admin's (a record in
   * `revokedTokens` until its expiry). Tokens signed before ids existed have none: they end at their expiry.
   */
  jti?: string;
  /** Expiry, in seconds since the epoch (set by @fastify/jwt). */
  exp?: number;
}

export { SESSION_REVOKED, SIGNED_OUT } from '../security/admin-access';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook (runs before body parsing and validation): 401 unless a valid token of an active admin is sent.
     * Marks the answer `Cache-Control: no-store` (a route may set its own).
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: authenticate, then 403 unless the admin is a SUPER_ADMIN. */
    requireSuperAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (user: StoredAdminUser) => string;
    /** Limits and audit of password checks (login, change-password, kiosk passes). */
    passwordAttempts: PasswordAttempts;
  }
  interface FastifyRequest {
    /** The signed-in admin, set by `authenticate`. */
    admin: AdminUser | null;
    /** The verified token of the signed-in admin, set by `authenticate`. */
    token: TokenPayload | null;
  }
}

/** What the API shows of a stored admin: never the password hash. */
export function publicAdmin(user: StoredAdminUser): AdminUser {
  const { passwordHash: _hidden, ...visible } = user;
  return visible;
}

async function authPlugin(app: FastifyInstance, options: { secret: string }): Promise<void> {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
    // Only HS256: a token with `alg: none` or another algorithm is refused.
    verify: { algorithms: ['HS256'] },
  });

  app.decorateRequest('admin', null);
  app.decorateRequest('token', null);
  app.decorate('signToken', (user: StoredAdminUser) =>
    app.jwt.sign({ sub: user.id, role: user.role, ver: user.version, jti: randomUUID() }),
  );

  const refusalAudit = new RefusalAudit(
    async (entry) => {
      await app.storage.transact((tx) => tx.insert('audit', entry));
    },
    (error) => app.log.warn({ err: error }, 'could not write the audit line of a refused password attempt'),
  );
  refusalAudit.start();
  app.addHook('onClose', async () => refusalAudit.stop());
  app.decorate(
    'passwordAttempts',
    new PasswordAttempts(app.config.loginRateLimit, app.config.rateLimitWindowMs, refusalAudit, app.rateLimits),
  );

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // An answer to a signed-in admin (leads with names and phones, admins, the audit trail) is never kept in the
    // browser's HTTP cache: a kiosk tablet's back office is signed out and handed to the public, and its disk cache
    // would outlive the sign-out. Set first so a route may still send its own Cache-Control.
    reply.header('Cache-Control', 'no-store');
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s+\S+$/i.test(header)) throw new HttpError(401, MESSAGES.unauthorized);
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch {
      throw new HttpError(401, 'Invalid or expired token');
    }
    // With several instances, a demotion or removal made on another one must apply here at once, not after the
    // change reaches this instance's mirror (tens of milliseconds by NOTIFY, a second at worst by the timer).
    await app.storage.upToDate?.();
    const user = await app.storage.get('adminUsers', payload.sub);
    checkAdminAccess(user, payload.ver);
    // Logged out: the one lookup more, in the same in-memory copy as the user's (both adapters).
    if (payload.jti && (await app.storage.get('revokedTokens', payload.jti))) {
      throw new HttpError(401, SIGNED_OUT);
    }
    // The role comes from the stored user, not the token, so a demotion applies at once. Writes check the account
    // again inside their transaction (runWrite), against this version.
    request.admin = publicAdmin(user!);
    request.token = payload;
  }

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => authenticate(request, reply));
  app.decorate('requireSuperAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (request.admin?.role !== 'SUPER_ADMIN') throw new HttpError(403, MESSAGES.superAdminRequired);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
