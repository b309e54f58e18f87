/**
 * The open-house kiosk's data (domain/schemas/open-house.ts): the kiosk mode this device is in, the pass that
 * vouches for it, and visitors' sign-ins, which go through the outbox like every visitor's inquiry: stored first,
 * sent at once when possible, otherwise delivered by the sync worker when the network returns. Each sign-in's id
 * is its lead id and the Idempotency-Key of every send, so no retry can create a second lead.
 */
import { requestBackgroundDelivery } from '../background-delivery';
import { STORAGE_KEY_KIOSK_MODE } from '@domain/constants';
import type { KioskPass, KioskSignInInput } from '@domain/schemas/open-house';
import type { PasswordHash } from '@/utils/password-hash';
import { ApiError, InquiryRejectedError, NetworkUnreachableError } from '../http-errors';
import { sendJson } from '../http-client';
import { localDb, META_KEYS } from '../local-db';
import { removeOutboxEntry } from '../outbox';
import { clearSession, getSessionUser, getToken, setSession } from '../session';
import { deliverClaimed, enqueueClaimedWithin, type Delivery } from '../outbox-delivery';
import { startSyncWorker } from '../sync';
import { newUuid } from '../uuid';
import { watchVisitorQueue, type VisitorQueue } from '../visitor-queue';
import type { AdminUser, LoginResponse } from '@domain/schemas/admin-user';

export const KIOSK_SIGN_IN_PATH = 'public/kiosk/sign-ins';

/** What this device remembers while it is a kiosk (localStorage: read synchronously at start, see kiosk-lock). */
export interface KioskMode {
  communityId: string;
  communitySlug: string;
  communityName: string;
  pass: string;
  passExpiresAt: string;
  /** The admin who started kiosk mode; their password ends it. */
  adminEmail: string;
  /** A salted hash of that password for the offline check; null where WebCrypto is unavailable (plain http). */
  passwordHash: PasswordHash | null;
  startedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export function readKioskMode(): KioskMode | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY_KIOSK_MODE);
    const mode = raw ? (JSON.parse(raw) as Partial<KioskMode>) : null;
    return mode && typeof mode.communitySlug === 'string' && typeof mode.pass === 'string' ? (mode as KioskMode) : null;
  } catch {
    return null;
  }
}

export function saveKioskMode(mode: KioskMode): void {
  const store = storage();
  if (!store) throw new Error('This browser cannot keep kiosk mode (storage is disabled)');
  store.setItem(STORAGE_KEY_KIOSK_MODE, JSON.stringify(mode));
}

export function clearKioskMode(): void {
  storage()?.removeItem(STORAGE_KEY_KIOSK_MODE);
}

/** The signed-in admin's email, to fill the start form. */
export function signedInAdminEmail(): string | null {
  return getToken() ? (getSessionUser()?.email ?? null) : null;
}

/**
 * Signs in when needed (the start form takes email and password), then asks the server for a kiosk pass, which
 * also proves the password right. Throws ApiError / NetworkUnreachableError: starting kiosk mode needs the server.
 */
export async function requestKioskPass(email: string, password: string, community: string): Promise<KioskPass> {
  const signedIn = getSessionUser();
  if (!getToken() || signedIn?.email.toLowerCase() !== email.trim().toLowerCase()) {
    const answer = await sendJson<LoginResponse>('POST', 'admin/login', { email: email.trim(), password });
    setSession(answer.token, answer.admin);
  }
  return sendJson<KioskPass>('POST', 'admin/kiosk-passes', { communityId: community, password });
}

/**
 * Signs the admin out of this device once the kiosk runs: a visitor who got past the kiosk screen must not find
 * the back office open. The device's copies of what only staff may read go too (the leads, the properties, the
 * admins a lead may be assigned to): the tablet is handed to the public for days, and its browser's storage can be
 * read by anyone holding it. Queued admin edits stay in the outbox for the next login (DESIGN §5); the public
 * copies (communities, listings, settings) stay for the kiosk's offline use.
 */
export async function signOutForKiosk(): Promise<void> {
  const token = getToken();
  clearSession();
  // The tablet goes to the public: the admin's token is ended on the server too, not only forgotten here (best
  // effort, as admin/auth.ts's logout: offline, it ends at its expiry). Not that module's revokeToken: importing
  // it would make a chunk shared by the kiosk and the back office, named in every public page's preload list.
  if (token) void sendJson('POST', 'admin/logout', undefined, { bearerToken: token }).catch(() => undefined);
  try {
    const db = localDb();
    await db.transaction('rw', [db.contacts, db.properties, db.meta], () =>
      Promise.all([
        db.contacts.clear(),
        db.properties.clear(),
        db.meta.bulkDelete([META_KEYS.leadOwners, META_KEYS.propertiesOrder]),
      ]),
    );
  } catch (error) {
    // No IndexedDB (blocked, private mode): there is no copy to remove.
    console.warn('Could not clear the admin copies on this device', error);
  }
}

export type ServerPasswordCheck =
  | { outcome: 'right'; admin: AdminUser }
  | { outcome: 'wrong'; message: string }
  | { outcome: 'throttled'; message: string }
  | { outcome: 'unreachable' };

/**
 * Asks the server whether `password` is the admin's (the login call: rate-limited and audited there). A right
 * password signs the admin back in on this device, since kiosk mode ends.
 */
export async function checkPasswordWithServer(email: string, password: string): Promise<ServerPasswordCheck> {
  try {
    const answer = await sendJson<LoginResponse>('POST', 'admin/login', { email, password });
    setSession(answer.token, answer.admin);
    return { outcome: 'right', admin: answer.admin };
  } catch (error) {
    if (error instanceof NetworkUnreachableError) return { outcome: 'unreachable' };
    if (error instanceof ApiError) {
      if (error.status === 401 || error.status === 400) return { outcome: 'wrong', message: error.serverMessage };
      if (error.status === 429) return { outcome: 'throttled', message: error.serverMessage };
      return { outcome: 'unreachable' };
    }
    throw error;
  }
}

export interface KioskSignInFields {
  name: string;
  email: string;
  phone: string;
  buyingTimeline: KioskSignInInput['buyingTimeline'];
  workingWithAgent: boolean;
  consentText: string;
  /** The honeypot's value, sent only when something filled it. */
  website?: string;
}

/**
 * Stores one visitor's sign-in in the outbox and tries to send it. Resolves 'sent' or 'queued' (no network, or
 * the server failing: a visitor who has walked on cannot try again, so the tablet keeps trying). Throws
 * InquiryRejectedError when the server refuses the fields (400), which only a bug could cause.
 */
export async function submitKioskSignIn(
  mode: KioskMode,
  fields: KioskSignInFields,
  now: Date = new Date(),
  storeTimeLimitMs?: number,
): Promise<{ status: 'sent' | 'queued'; id: string }> {
  const id = newUuid();
  const payload: KioskSignInInput = {
    ...fields,
    id,
    kioskPass: mode.pass,
    consent: true,
    openHouseDate: localDate(now),
    submittedAt: now.toISOString(),
    communityId: mode.communityId,
  };
  const requestKey = newUuid();
  let stored = false;
  let delivery: Delivery;
  try {
    delivery = await enqueueClaimedWithin(
      { id: requestKey, entity: 'contacts', op: 'create', entityId: id, method: 'POST', path: KIOSK_SIGN_IN_PATH, payload },
      (claimed) => {
        stored = true;
        return deliverClaimed(claimed);
      },
      storeTimeLimitMs,
    );
  } catch (storageError) {
    if (stored) throw storageError;
    // The tablet's storage failed or stopped answering (storage-time-limit.ts): with a signal, the sign-in goes to
    // the server now rather than being lost; without one, the error reaches the form, which keeps what was typed
    // and asks the visitor to see the staff.
    console.warn('Outbox unavailable, sending the sign-in directly', storageError);
    try {
      await sendJson('POST', KIOSK_SIGN_IN_PATH, payload, { idempotencyKey: requestKey });
    } catch (sendError) {
      if (sendError instanceof ApiError && sendError.status === 400) {
        throw new InquiryRejectedError(sendError.serverMessage, sendError.status, sendError.details);
      }
      throw sendError;
    }
    return { status: 'sent', id };
  }
  if (delivery.outcome === 'done') return { status: 'sent', id };
  if (delivery.outcome === 'failed' || delivery.outcome === 'conflict') {
    await removeOutboxEntry(requestKey);
    const status = typeof delivery.result.status === 'number' ? delivery.result.status : 400;
    throw new InquiryRejectedError(delivery.result.message ?? 'Invalid input', status, delivery.result.details);
  }
  startSyncWorker();
  requestBackgroundDelivery();
  return { status: 'queued', id };
}

/** The tablet's calendar date (the open house's day where it takes place), as YYYY-MM-DD. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Calls `listener` with how many sign-ins still wait on this device and how many the server refused, now and on
 * every change (shown discreetly, so staff know whether everything reached the office before they wipe or pack the
 * tablet).
 */
export function watchWaitingSignIns(listener: (queue: VisitorQueue) => void): () => void {
  return watchVisitorQueue(listener, undefined, [KIOSK_SIGN_IN_PATH]);
}
