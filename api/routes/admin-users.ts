/**
 * Admin accounts (SPEC §7, §6): SUPER_ADMIN only. Deleting deactivates (the audit trail keeps its actors), and
 * every token of the account stops working (its version changes, api/plugins/auth.ts); nobody deletes their own
 * account, and the last active SUPER_ADMIN stays. Creating an account with a deleted one's email makes a new one.
 */
import type { FastifyInstance } from 'fastify';
import { createAdminInputSchema, MESSAGES, type AdminRole } from '../../domain';
import { publicAdmin } from '../plugins/auth';
import { idParamsSchema } from '../http/crud-routes';
import { HttpError } from '../http/http-error';
import { auditedWrite, idOfWritten, runWrite } from '../http/idempotent-write';
import { hashPassword } from '../security/passwords';

export default async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const superAdmin = { onRequest: app.requireSuperAdmin };

  app.get('/admin/users', superAdmin, async () =>
    (await app.storage.list('adminUsers', { isActive: true })).map(publicAdmin),
  );

  // Who may own a lead (issue 18): every signed-in admin chooses among the active admins, so this list, unlike
  // the accounts page above, is open to ADMIN too, and carries only what a choice needs.
  app.get('/admin/owners', { onRequest: app.authenticate }, async () =>
    (await app.storage.list('adminUsers', { isActive: true }))
      .map(({ id, email }) => ({ id, email }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  );

  app.post<{ Body: { email: string; password: string; role: AdminRole } }>(
    '/admin/users',
    { ...superAdmin, schema: { body: createAdminInputSchema } },
    async (request, reply) => {
      const { email, password, role } = request.body;
      const passwordHash = await hashPassword(password);
      await runWrite(
        request,
        reply,
        ({ tx }) => {
          const existing = tx.findOne('adminUsers', 'email', email);
          if (existing?.isActive) {
            throw new HttpError(409, 'An admin user with this email already exists', [
              { path: 'email', message: 'Already in use' },
            ]);
          }
          // A deleted (deactivated) account with this email stays deleted: the new one is a new account with a
          // new id, so nothing issued to the old one (tokens, kiosk passes) can ever work again. The old record
          // keeps its place in the audit trail under a tombstone email that frees the address.
          if (existing) tx.update('adminUsers', existing.id, { email: `${email}#deleted-${existing.id}` });
          const user = tx.insert('adminUsers', { email, passwordHash, role, isActive: true });
          return { statusCode: 201, body: publicAdmin(user) };
        },
        { action: 'admin-user.create', entity: 'adminUsers', entityId: idOfWritten },
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/admin/users/:id',
    { ...superAdmin, schema: { params: idParamsSchema } },
    auditedWrite(
      { action: 'admin-user.delete', entity: 'adminUsers', named: 'route' },
      (request, { tx, expectedVersion }) => {
        const target = tx.get('adminUsers', request.params.id);
        if (!target || !target.isActive) throw new HttpError(404, MESSAGES.notFound);
        // If-Match as on every other delete (DESIGN §4): the account changed since the screen that deletes it loaded.
        if (expectedVersion !== undefined && target.version !== expectedVersion) {
          throw new HttpError(412, MESSAGES.versionConflict, undefined, {}, publicAdmin(target));
        }
        if (target.id === request.admin!.id) throw new HttpError(403, MESSAGES.cannotDeleteOwnAccount);
        if (target.role === 'SUPER_ADMIN') {
          const activeSuperAdmins = tx.list('adminUsers', { role: 'SUPER_ADMIN', isActive: true });
          if (activeSuperAdmins.length <= 1) throw new HttpError(403, MESSAGES.cannotDeleteLastSuperAdmin);
        }
        tx.update('adminUsers', target.id, { isActive: false });
        return { statusCode: 200, body: { success: true, message: MESSAGES.adminDeleted } };
      },
    ),
  );
}
