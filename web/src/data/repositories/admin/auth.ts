/**
 * Admin sign-in (SPEC §4 "Session", §7 "Admin authentication", §8): login stores the token and the admin user,
 * logout and any 401 clear both, a failed token verification logs out. Neither ever touches the outbox: edits
 * queued on this device wait for the next login (DESIGN §5).
 */
import { MESSAGES } from '@domain/messages';
import type { AdminUser, LoginResponse } from '@domain/schemas/admin-user';
import { ApiError, isServerUnavailable, NetworkUnreachableError } from '../../http-errors';
import { getJson, sendJson } from '../../http-client';
import { localDb } from '../../local-db';
import { persistStorage } from '../../offline-pack';
import { clearSession, clearSessionIfStill, getSessionUser, getToken, setSession } from '../../session';
import { startSyncWorker } from '../../sync';
import { toAdminActionError } from './errors';

export { getSession, getSessionUser, getToken, isLoggedIn, subscribeSession } from '../../session';
export type { Session } from '../../session';

/** A token check should not keep an admin in a dead zone waiting: past this, the stored session stands. */
export const VERIFY_TIMEOUT_MS = 5000;

/**
 * Signs in. Resolves the admin user; throws AdminActionError whose message is the server's ("Invalid email or
 * password", the rate-limit text...) or "Login failed" (followed by why when the server could not be reached).
 */
export async function login(email: string, password: string): Promise<AdminUser> {
  let answer: LoginResponse;
  try {
    answer = await sendJson<LoginResponse>('POST', 'admin/login', { email, password });
  } catch (error) {
    throw toAdminActionError(error, MESSAGES.loginFailed);
  }
  if (!answer?.token || !answer.admin) throw toAdminActionError(new Error('No token in the answer'), MESSAGES.loginFailed);
  // The worker listens for logins: it lifts a 401 pause and sends the edits that waited for this login.
  startSyncWorker();
  setSession(answer.token, answer.admin);
  // DESIGN §5: ask the browser to keep this site's storage (the outbox) once an admin signs in.
  void persistStorage().catch(() => undefined);
  return answer.admin;
}

/**
 * Checks the stored token with the server (SPEC §4 "A failed token verification logs the user out").
 * - No token: throws Error("No token available").
 * - 401: the HTTP client has cleared the session; throws ApiError "Authentication expired. Please login again."
 * - Another refusal (403...): clears the session and throws the ApiError.
 * - The server cannot answer now (unreachable, timeout, 5xx, 429, an answer cut off or without the admin):
 *   resolves the stored user, so an admin offline keeps working; the next verification online decides.
 * Only the server's refusal of this very token signs out: a login stored meanwhile (here or in another tab)
 * stands whatever the answer (clearSessionIfStill).
 * A good answer refreshes the stored user (a changed role shows at once).
 */
export async function verifySession(): Promise<AdminUser> {
  const token = getToken();
  if (!token) throw new Error(MESSAGES.noToken);
  try {
    const answer = await getJson<{ valid?: boolean; admin?: AdminUser }>('admin/verify', {
      timeoutMs: VERIFY_TIMEOUT_MS,
    });
    const admin = answer?.admin;
    // An OK answer without the admin is not the server saying no (it says no with 401): no usable answer.
    if (!admin) throw new NetworkUnreachableError('failed', { cause: new Error('No admin in the verify answer') });
    // Only when it changed: session subscribers re-render on every setSession.
    if (getToken() === token && JSON.stringify(getSessionUser()) !== JSON.stringify(admin)) setSession(token, admin);
    return admin;
  } catch (error) {
    if (isServerUnavailable(error)) {
      const stored = getSessionUser();
      if (stored) return stored;
      throw error;
    }
    if (error instanceof ApiError) clearSessionIfStill(token);
    throw error;
  }
}

/**
 * Logout (SPEC §4): the token and the user go at once; queued edits stay for the next login. The server is told to
 * refuse the token from now on (revokeToken), without waiting: the page goes to the login after 100 ms whatever
 * the network does.
 */
export function logout(): void {
  const token = getToken();
  clearSession();
  if (token) void revokeToken(token);
}

/**
 * Asks the server to refuse `token` from now on (POST /api/admin/logout), so a copy of it left on a shared device
 * stops working. Best effort: offline, or with the server unreachable, the token ends at its expiry (12 h).
 */
export async function revokeToken(token: string): Promise<boolean> {
  try {
    await sendJson('POST', 'admin/logout', undefined, { bearerToken: token, timeoutMs: VERIFY_TIMEOUT_MS });
    return true;
  } catch {
    return false;
  }
}

export interface PublicConfig {
  demoMode: boolean;
  demoCredentials?: { email: string; password: string };
}

/**
 * What the login form may pre-fill (DESIGN §4: demo credentials only in demo mode). A nicety: any failure
 * (offline, an old server) answers `{ demoMode: false }` instead of breaking the login page.
 */
export async function getPublicConfig(): Promise<PublicConfig> {
  try {
    const config = await getJson<PublicConfig>('public/config', { timeoutMs: VERIFY_TIMEOUT_MS });
    return { demoMode: config?.demoMode === true, ...(config?.demoCredentials ? { demoCredentials: config.demoCredentials } : {}) };
  } catch {
    return { demoMode: false };
  }
}

/**
 * Settings → Password (SPEC §5, §8). Throws AdminActionError with the server's message ("Current password is
 * incorrect", with `details`) or "Failed to change password".
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  try {
    await sendJson('POST', 'admin/change-password', { currentPassword, newPassword });
  } catch (error) {
    throw toAdminActionError(error, MESSAGES.passwordChangeFailed);
  }
  // The change ends every session of this admin, this one included (its token carries the old credential
  // version), so that a token stolen before the change stops working. Sign in again with the new password, so the
  // admin who just changed it stays signed in; if that fails, the next request signs them out as any 401 does.
  const email = getSessionUser()?.email;
  if (email) await login(email, newPassword).catch(() => undefined);
}

// ---- "Clear stored data and reload" ----

export interface ClearStoredDataResult {
  /** Changes made on this device that the server does not have yet, kept in the outbox. */
  keptUnsentChanges: number;
  /** What to tell the admin, or null when nothing was kept. */
  message: string | null;
}

const NOTICE_KEY = 'adminClearedDataNotice';

function noticeStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null;
  }
}

export function keptChangesMessage(count: number): string {
  const changes = count === 1 ? '1 change' : `${count} changes`;
  return (
    `Stored data cleared, except ${changes} made on this device that the server does not have yet. ` +
    `${count === 1 ? 'It is' : 'They are'} kept, and sent once this device is online (an admin's change after ` +
    `that admin logs in).`
  );
}

/**
 * The login page's "Clear stored data and reload": removes the session and the local copies of the data, then
 * reloads. What this device made that the server does not have yet is NOT removed (DESIGN §5: queued entries are
 * never lost): the outbox (visitors' messages and sign-ins, admins' changes), the images waiting for a change
 * (pending uploads) and the visitor's favourites stay; a notice counting the kept changes is left for the
 * reloaded page (takeClearedDataNotice) and returned.
 *
 * The count and the clearing are one transaction over every table, so a message another tab queues meanwhile
 * waits for it and is then kept; and the database itself is never deleted. When the database cannot be read,
 * nothing is cleared and this throws (the page says to close other tabs and try again): a failed count once read
 * as "nothing unsent" and deleted the whole database, outbox included.
 * `reload` replaces location.reload (tests).
 */
export async function clearStoredDataAndReload(
  options: { reload?: () => void } = {},
): Promise<ClearStoredDataResult> {
  clearSession();
  const db = localDb();
  const copies = [db.communities, db.listings, db.properties, db.contacts, db.settings, db.meta];
  const kept = await db.transaction('rw', db.tables, async () => {
    const unsent = await db.outbox.count();
    await Promise.all(copies.map((table) => table.clear()));
    return unsent;
  });
  const message = kept ? keptChangesMessage(kept) : null;
  if (message) {
    try {
      noticeStorage()?.setItem(NOTICE_KEY, message);
    } catch {
      // No session storage: the returned message is all there is.
    }
  }
  const reload = options.reload ?? (() => (typeof location !== 'undefined' ? location.reload() : undefined));
  reload();
  return { keptUnsentChanges: kept, message };
}

/** The notice clearStoredDataAndReload left for the reloaded login page, once; null when there is none. */
export function takeClearedDataNotice(): string | null {
  try {
    const storage = noticeStorage();
    const notice = storage?.getItem(NOTICE_KEY) ?? null;
    if (notice) storage?.removeItem(NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
}

