/**
 * Whether a signed-in admin's access still stands: the account exists, is active, and still has the credential
 * version their token was signed with (a password change, a role change or a deletion changes it). Checked when a
 * request arrives (api/plugins/auth.ts) and again inside every admin write's transaction: a request already past
 * the first check (hashing a password, decoding an upload) must not commit after its admin was deleted or signed
 * out everywhere meanwhile.
 */
import { HttpError } from '../http/http-error';
import type { StoredAdminUser, Transaction } from '../storage/storage';

export const ACCOUNT_GONE = 'This account no longer has access';
export const SESSION_REVOKED = 'Your sign-in is no longer valid (password or access changed). Please sign in again.';

/** Throws 401 unless `stored` is an active account at `tokenVersion`. */
export function checkAdminAccess(stored: StoredAdminUser | undefined, tokenVersion: number | undefined): void {
  if (!stored || !stored.isActive) throw new HttpError(401, ACCOUNT_GONE);
  // A token without a version (signed before versions existed) is refused too: one sign-in more, once.
  if (tokenVersion !== stored.version) throw new HttpError(401, SESSION_REVOKED);
}

export const SIGNED_OUT = 'You signed out. Please sign in again.';

/**
 * The same check against the write's own transaction, for the admin `authenticate` let in (its `version`), and
 * that their token (`tokenId`, its jti) was not logged out meanwhile.
 */
export function recheckAdminAccess(
  tx: Transaction,
  admin: { id: string; version: number },
  tokenId: string | undefined,
): void {
  checkAdminAccess(tx.get('adminUsers', admin.id), admin.version);
  if (tokenId && tx.get('revokedTokens', tokenId)) throw new HttpError(401, SIGNED_OUT);
}
