/**
 * Authentication and roles (DESIGN §4 "Auth"): HS256 JWTs for 12 h carrying the user id and role, and on every
 * protected request a fresh check that the user still exists and is active, so deleting an admin revokes
 * access at once. Roles are enforced here, on the server.
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, type AdminRole, type AdminUser } from '../../domain';
import { HttpError } from '../http/http-error';
import type { StoredAdminUser } from '../storage/storage';

export const TOKEN_LIFETIME = '12h';

export interface TokenPayload {
  sub: string;
  role: AdminRole;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook (runs before body parsing and validation): 401 unless a valid token of an active admin is sent. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: authenticate, then 403 unless the admin is a SUPER_ADMIN. */
    requireSuperAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (user: StoredAdminUser) => string;
  }
  interface FastifyRequest {
    /** The signed-in admin, set by `authenticate`. */
    admin: AdminUser | null;
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
  app.decorate('signToken', (user: StoredAdminUser) => app.jwt.sign({ sub: user.id, role: user.role }));

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s+\S+$/i.test(header)) throw new HttpError(401, MESSAGES.unauthorized);
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch {
      throw new HttpError(401, 'Invalid or expired token');
    }
    const user = await app.storage.get('adminUsers', payload.sub);
    if (!user || !user.isActive) throw new HttpError(401, 'This account no longer has access');
    // The role comes from the stored user, not the token, so a demotion applies at once.
    request.admin = publicAdmin(user);
  }

  app.decorate('authenticate', async (request: FastifyRequest) => authenticate(request));
  app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
    await authenticate(request);
    if (request.admin?.role !== 'SUPER_ADMIN') throw new HttpError(403, MESSAGES.superAdminRequired);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
