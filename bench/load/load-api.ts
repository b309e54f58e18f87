/**
 * bench:load's reads through the API: JSON requests with or without the admin token, the stored lead and property
 * ids, and the check that every acknowledged write is stored (and nothing appeared that nobody wrote).
 */
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './load-settings';

export async function api<T>(base: string, pathname: string, init: RequestInit = {}, token?: string): Promise<T> {
  const response = await fetch(`${base}${pathname}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function login(base: string): Promise<string> {
  const body = await api<{ token: string }>(base, '/api/admin/login', {
    method: 'POST',
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return body.token;
}

/** Every stored lead id, whatever its status (the inbox leaves SPAM out unless asked for it). */
export async function storedContactIds(base: string, token: string): Promise<Set<string>> {
  const [inbox, spam] = await Promise.all([
    api<{ id: string }[]>(base, '/api/contacts', {}, token),
    api<{ id: string }[]>(base, '/api/contacts?status=SPAM', {}, token),
  ]);
  return new Set([...inbox, ...spam].map((lead) => lead.id));
}

export async function storedPropertyIds(base: string, token: string): Promise<Set<string>> {
  return new Set((await api<{ id: string }[]>(base, '/api/properties', {}, token)).map((property) => property.id));
}

/** The stored ids of both kinds of write, read with a fresh admin login. */
export async function storedWrites(base: string, at: string) {
  const adminToken = await login(base);
  const contacts = await storedContactIds(base, adminToken);
  const properties = await storedPropertyIds(base, adminToken);
  return { at, contacts, properties };
}

export interface WriteIds {
  contacts: Set<string>;
  properties: Set<string>;
}

export interface PresenceCheck {
  when: string;
  contacts: { acknowledged: number; stored: number; missing: number };
  properties: { acknowledged: number; stored: number; missing: number };
}

export function presence(when: string, acked: WriteIds, stored: WriteIds): PresenceCheck {
  const count = (ids: Set<string>, inStore: Set<string>) => {
    const found = [...ids].filter((id) => inStore.has(id)).length;
    return { acknowledged: ids.size, stored: found, missing: ids.size - found };
  };
  return {
    when,
    contacts: count(acked.contacts, stored.contacts),
    properties: count(acked.properties, stored.properties),
  };
}
