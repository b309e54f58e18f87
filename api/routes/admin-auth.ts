/**
 * Sign-in, token verification and password change (SPEC §7 "Admin authentication"). Login is rate-limited per
 * IP (all attempts) and per email (failures); every attempt is audited; failures say only
 * "Invalid email or password" and take as long for an unknown email as for a wrong password.
 */
import type { FastifyInstance } from 'fastify';
import {
  changePasswordInputSchema,
  loginInputSchema,
  MESSAGES,
  type ChangePasswordInput,
  type LoginInput,
} from '../../domain';
import { publicAdmin } from '../plugins/auth';
import { HttpError } from '../http/http-error';
import { runWrite } from '../http/idempotent-write';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../security/passwords';
import { FixedWindowRateLimiter } from '../security/rate-limiter';

export default async function adminAuthRoutes(app: FastifyInstance): Promise<void> {
  const perIp = new FixedWindowRateLimiter(app.config.loginRateLimit, app.config.rateLimitWindowMs);
  const perEmail = new FixedWindowRateLimiter(app.config.loginRateLimit, app.config.rateLimitWindowMs);

  async function audit(
    email: string,
    actorId: string | null,
    outcome: 'success' | 'failure',
    ip: string,
    detail?: string,
  ) {
    await app.storage.transact((tx) =>
      tx.insert('audit', {
        at: new Date().toISOString(),
        actorId,
        actorEmail: email,
        action: 'admin.login',
        entity: 'session',
        entityId: actorId,
        ip,
        outcome,
        ...(detail ? { detail } : {}),
      }),
    );
  }

  app.post<{ Body: LoginInput }>('/admin/login', { schema: { body: loginInputSchema } }, async (request) => {
    const email = request.body.email.toLowerCase();
    const ipDecision = perIp.hit(request.ip);
    const emailDecision = perEmail.isBlocked(email);
    if (!ipDecision.allowed || !emailDecision.allowed) {
      await audit(email, null, 'failure', request.ip, 'rate limited');
      const retryAfter = Math.max(ipDecision.retryAfterSeconds, emailDecision.retryAfterSeconds);
      throw new HttpError(429, MESSAGES.tooManyRequests, undefined, { 'Retry-After': String(retryAfter) });
    }
    const user = await app.storage.findOne('adminUsers', 'email', email);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), request.body.password);
    if (!user || !user.isActive || !passwordOk) {
      perEmail.hit(email);
      await audit(
        email,
        user?.id ?? null,
        'failure',
        request.ip,
        !user ? 'unknown email' : !user.isActive ? 'inactive account' : 'wrong password',
      );
      throw new HttpError(401, MESSAGES.invalidCredentials);
    }
    perEmail.reset(email);
    await audit(email, user.id, 'success', request.ip);
    return { token: app.signToken(user), admin: publicAdmin(user) };
  });

  app.get('/admin/verify', { onRequest: app.authenticate }, async (request) => ({ valid: true, admin: request.admin }));

  app.post<{ Body: ChangePasswordInput }>(
    '/admin/change-password',
    { onRequest: app.authenticate, schema: { body: changePasswordInputSchema } },
    async (request, reply) => {
      const adminId = request.admin!.id;
      const stored = await app.storage.get('adminUsers', adminId);
      // A wrong current password is a 400, not a 401: a 401 would sign the admin out (SPEC §4).
      if (!stored || !(await verifyPassword(stored.passwordHash, request.body.currentPassword))) {
        throw new HttpError(400, MESSAGES.currentPasswordWrong, [
          { path: 'currentPassword', message: MESSAGES.currentPasswordWrong },
        ]);
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      await runWrite(
        request,
        reply,
        ({ tx }) => {
          tx.update('adminUsers', adminId, { passwordHash });
          return { statusCode: 200, body: { success: true, message: MESSAGES.passwordChanged } };
        },
        { action: 'admin.change-password', entity: 'adminUsers', entityId: () => adminId },
      );
    },
  );
}
