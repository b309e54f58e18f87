/**
 * The admin session (SPEC §3, §4): `adminToken` and `adminUser` in localStorage. Login stores both; logout and
 * any 401 clear both. Clearing never touches IndexedDB: edits queued in the outbox wait for the next login
 * instead of being lost (DESIGN §5 "Outbox").
 */
import { STORAGE_KEY_ADMIN_TOKEN, STORAGE_KEY_ADMIN_USER } from '@domain/constants';
import type { AdminUser } from '@domain/schemas/admin-user';

export interface Session {
  token: string;
  /** Null when the stored user is missing or unreadable; the token alone still authorises calls. */
  user: AdminUser | null;
}

export type SessionListener = (session: Session | null) => void;

/**
 * localStorage when the page has one that works (Safari's private mode and some embedded views throw on
 * access); otherwise an in-memory stand-in, which is also what Node tests get.
 */
function createMemoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

let fallbackStorage: ReturnType<typeof createMemoryStorage> | undefined;

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined' && localStorage) return localStorage;
  } catch {
    // Access itself throws when storage is disabled.
  }
  return (fallbackStorage ??= createMemoryStorage());
}

const listeners = new Set<SessionListener>();

function notify(): void {
  const session = getSession();
  for (const listener of [...listeners]) listener(session);
}

export function getToken(): string | null {
  try {
    return storage().getItem(STORAGE_KEY_ADMIN_TOKEN) || null;
  } catch {
    return null;
  }
}

export function getSessionUser(): AdminUser | null {
  try {
    const raw = storage().getItem(STORAGE_KEY_ADMIN_USER);
    return raw ? (JSON.parse(raw) as AdminUser) : null;
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  const token = getToken();
  return token ? { token, user: getSessionUser() } : null;
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

/** After a successful login: stores the token and the admin user, then tells subscribers. */
export function setSession(token: string, user: AdminUser): void {
  storage().setItem(STORAGE_KEY_ADMIN_TOKEN, token);
  storage().setItem(STORAGE_KEY_ADMIN_USER, JSON.stringify(user));
  notify();
}

/** Logout or a 401: removes the token and the user, nothing else (the outbox stays). */
export function clearSession(): void {
  const hadSession = getToken() !== null || getSessionUser() !== null;
  try {
    storage().removeItem(STORAGE_KEY_ADMIN_TOKEN);
    storage().removeItem(STORAGE_KEY_ADMIN_USER);
  } catch {
    // Nothing stored that could be removed.
  }
  if (hadSession) notify();
}

/**
 * Clears the session only while `token` is still the stored one. A refusal answers the token a request carried:
 * when a login (in this tab or another) stored a new token while that request was on its way, the refusal says
 * nothing about the new session, which must not be signed out by it.
 */
export function clearSessionIfStill(token: string | null): boolean {
  if (token === null || getToken() !== token) return false;
  clearSession();
  return true;
}

let storageEventsAttached = false;

/** Another tab logging in or out changes localStorage there; the `storage` event tells this tab. */
function attachStorageEvents(): void {
  if (storageEventsAttached || typeof window === 'undefined' || !window.addEventListener) return;
  storageEventsAttached = true;
  window.addEventListener('storage', (event: StorageEvent) => {
    // key === null means the other tab called localStorage.clear().
    if (event.key === null || event.key === STORAGE_KEY_ADMIN_TOKEN || event.key === STORAGE_KEY_ADMIN_USER) {
      notify();
    }
  });
}

/** Calls `listener` with the new session (or null) after every login or logout, in this tab or another. */
export function subscribeSession(listener: SessionListener): () => void {
  attachStorageEvents();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
