/**
 * Admin accounts (SPEC §2 "Admin Users page", §6, §7, §8). SUPER_ADMIN only on the server. These calls need the
 * server's answer (who may do what, the password set now), so they are online only: no outbox, no local copy.
 * Every failure is an AdminActionError whose message is the server's ("Super admin access required", "Cannot
 * delete your own account", "An admin user with this email already exists"...) or the SPEC fallback; the
 * screen maps the delete texts to SPEC §8's sentences.
 */
import { MESSAGES } from '@domain/messages';
import type { AdminRole, AdminUser } from '@domain/schemas/admin-user';
import { getJson, sendJson } from '../../http-client';
import { newUuid } from '../../uuid';
import { toAdminActionError } from './errors';

export interface CreateAdminUserInput {
  email: string;
  password: string;
  /**
   * ADMIN or SUPER_ADMIN, case-insensitive on the server (the form's initial `admin` is ADMIN, SPEC §3);
   * anything else is a 400 with a `role` detail. Defaults to ADMIN.
   */
  role?: AdminRole | Lowercase<AdminRole> | (string & {});
}

/** The active admin users. Throws AdminActionError ("Failed to load admin users" unless the server said why). */
export async function listAdminUsers(): Promise<AdminUser[]> {
  try {
    return await getJson<AdminUser[]>('admin/users');
  } catch (error) {
    throw toAdminActionError(error, MESSAGES.adminUsersLoadFailed);
  }
}

/** Creates an admin. Throws AdminActionError with the server's message and field `details`, or "Failed to create admin". */
export async function createAdminUser(input: CreateAdminUserInput): Promise<AdminUser> {
  try {
    return await sendJson<AdminUser>(
      'POST',
      'admin/users',
      { email: input.email, password: input.password, role: input.role ?? 'ADMIN' },
      { idempotencyKey: newUuid() },
    );
  } catch (error) {
    throw toAdminActionError(error, MESSAGES.adminCreateFailed);
  }
}

/** Deletes (deactivates) an admin. Throws AdminActionError carrying the server's message. */
export async function deleteAdminUser(id: string): Promise<void> {
  try {
    await sendJson('DELETE', `admin/users/${encodeURIComponent(id)}`, undefined, { idempotencyKey: newUuid() });
  } catch (error) {
    throw toAdminActionError(error, 'The admin user could not be deleted', (unreachable) =>
      unreachable.reason === 'offline'
        ? 'You are offline. Try again once the connection is back.'
        : 'The server could not be reached. Try again in a moment.',
    );
  }
}

/**
 * The SPEC §8 text for a failed admin delete: the two known refusals get their own sentence, anything else
 * "Failed to delete admin: {message}".
 */
export function adminDeleteErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes(MESSAGES.superAdminRequired)) return MESSAGES.adminDeleteNotSuperAdmin;
  if (message.includes(MESSAGES.cannotDeleteOwnAccount)) return MESSAGES.adminDeleteOwnAccount;
  return `Failed to delete admin: ${message}`;
}
