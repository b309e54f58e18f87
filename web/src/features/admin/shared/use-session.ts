/** The stored admin session, kept current across login, logout, 401s and other tabs (web/src/data/session.ts). */
import { useSyncExternalStore } from 'react';
import { getSessionUser, getToken, subscribeSession } from '@/data/session';
import type { AdminUser } from '@domain/schemas/admin-user';

// useSyncExternalStore needs a stable snapshot: re-read only when the stored strings change.
let cachedKey: string | null | undefined;
let cachedUser: AdminUser | null = null;

function snapshot(): AdminUser | null {
  const token = getToken();
  const user = token ? getSessionUser() : null;
  const key = token && user ? `${token}|${user.id}|${user.role}|${user.email}` : null;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedUser = user;
  }
  return cachedUser;
}

function subscribe(onChange: () => void): () => void {
  return subscribeSession(() => onChange());
}

export function useAdminSession(): { user: AdminUser | null } {
  const user = useSyncExternalStore(subscribe, snapshot, () => null);
  return { user };
}
