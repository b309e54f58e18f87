/**
 * Sign-in, token verification, logout and password change (SPEC §7 "Admin authentication"). Password checks share the
 * limits of api/security/password-attempts.ts (failures per address and per account; an address out of tries is
 * refused before its body is parsed); successful sign-ins are audited one line each, refused ones counted and
 * sampled (api/security/refusal-audit.ts); failures say only "Invalid email or password" and take as long for an
 * unknown email as for a wrong password.
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

export default async function adminAuthRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: LoginInput }>(
    '/admin/login',
    { onRequest: app.passwordAttempts.addressRefusal('admin.login'), schema: { body: loginInputSchema } },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const attempt = await app.passwordAttempts.begin(request, 'admin.login', email);
      // A password changed or an account deactivated on another instance counts here at once (storage.ts).
      await app.storage.upToDate?.();
      const user = await app.storage.findOne('adminUsers', 'email', email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), request.body.password);
      if (!user || !user.isActive || !passwordOk) {
        await attempt.failed(
          user?.id ?? null,
          !user ? 'unknown email' : !user.isActive ? 'inactive account' : 'wrong password',
        );
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      await attempt.succeeded();
      await app.storage.transact((tx) =>
        tx.insert('audit', {
          at: new Date().toISOString(),
          actorId: user.id,
          actorEmail: email,
          action: 'admin.login',
          entity: 'session',
          entityId: user.id,
          ip: request.ip,
          outcome: 'success',
        }),
      );
      return { token: app.signToken(user), admin: publicAdmin(user) };
    },
  );

  app.get('/admin/verify', { onRequest: app.authenticate }, async (request) => ({ valid: true, admin: request.admin }));

  /**
   * Logout: this token is refused from now on, on every instance (a record in `revokedTokens`, kept until the token
   * would have expired), so a token copied from a shared tablet's storage stops working when its admin signs out.
   * The admin's other sessions stand. A token without an id (signed before ids existed) ends at its expiry.
   */
  app.post('/admin/logout', { onRequest: app.authenticate }, async (request) => {
    const { jti, exp } = request.token!;
    const admin = request.admin!;
    await app.storage.transact((tx) => {
      if (jti && exp && !tx.get('revokedTokens', jti)) {
        tx.insert('revokedTokens', { id: jti, adminId: admin.id, expiresAt: new Date(exp * 1000).toISOString() });
      }
      tx.insert('audit', {
        at: new Date().toISOString(),
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'admin.logout',
        entity: 'session',
        entityId: admin.id,
        ip: request.ip,
        outcome: 'success',
      });
    });
    return { success: true };
  });

  app.post<{ Body: ChangePasswordInput }>(
    '/admin/change-password',
    {
      onRequest: [app.authenticate, app.passwordAttempts.addressRefusal('admin.confirm-password')],
      schema: { body: changePasswordInputSchema },
    },
    async (request, reply) => {
      const adminId = request.admin!.id;
      // The same limits as the login: a stolen token must not be a way to guess its admin's password.
      const attempt = await app.passwordAttempts.begin(request, 'admin.confirm-password', request.admin!.email);
      const stored = await app.storage.get('adminUsers', adminId);
      // A wrong current password is a 400, not a 401: a 401 would sign the admin out (SPEC §4).
      if (!stored || !(await verifyPassword(stored.passwordHash, request.body.currentPassword))) {
        await attempt.failed(adminId, 'wrong password (change password)');
        throw new HttpError(400, MESSAGES.currentPasswordWrong, [
          { path: 'currentPassword', message: MESSAGES.currentPasswordWrong },
        ]);
      }
      await attempt.succeeded();
      const passwordHash = await hashPassword(request.body.newPassword);
      // The update bumps the record's version, which every token carries: all of this admin's tokens, this one
      // included, stop working (the admin signs in again with the new password).
      await runWrite(
        request,
        reply,
        ({ tx }) => {
          tx.update('adminUsers', adminId, { passwordHash });
          return { statusCode: 200, body: { success: true, message: MESSAGES.passwordChanged } };
        },
        // recordId: the route has no :id, and without the record read before the write the audit would take
        // this for a new account and record its role as granted.
        { action: 'admin.change-password', entity: 'adminUsers', entityId: () => adminId, recordId: adminId },
      );
    },
  );
}
