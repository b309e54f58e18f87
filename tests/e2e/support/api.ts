/**
 * Server state for the e2e tests, read over HTTP from the server under test: the public data the pages are
 * built from, and the leads an admin would see (GET /api/contacts with the first super admin's token).
 */
import type { Community, Lead, Listing, SiteSettings } from '../../../domain';
import { e2eEnv, siteUrl } from './env';

let cachedToken: string | undefined;

async function readJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function publicGet<T>(pathname: string): Promise<T> {
  return readJson<T>(await fetch(siteUrl(`/api${pathname}`)), `GET /api${pathname}`);
}

/** The first page of whole records (every community of the example data), as the offline pack reads them. */
export const publicCommunities = () => publicGet<Community[]>('/public/communities');
export const publicCommunity = (idOrSlug: string) => publicGet<Community>(`/public/communities/${idOrSlug}`);
export const publicListings = (communityId?: string) =>
  publicGet<Listing[]>(`/public/listings${communityId ? `?communityId=${encodeURIComponent(communityId)}` : ''}`);
export const publicSettings = () => publicGet<SiteSettings>('/public/settings');

/** The first super admin's token (logged in once per test file). */
export async function adminToken(): Promise<string> {
  if (cachedToken) return cachedToken;
  const { adminEmail, adminPassword } = e2eEnv();
  const response = await fetch(siteUrl('/api/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const body = await readJson<{ token: string }>(response, 'POST /api/admin/login');
  cachedToken = body.token;
  return cachedToken;
}

export async function adminGet<T>(pathname: string): Promise<T> {
  const response = await fetch(siteUrl(`/api${pathname}`), {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  return readJson<T>(response, `GET /api${pathname}`);
}

/**
 * Every lead stored with this email, whatever its status: the inbox's default view leaves out SPAM (a form
 * filled faster than a person could type), so both views are read.
 */
export async function leadsByEmail(email: string): Promise<Lead[]> {
  const q = encodeURIComponent(email);
  const [inbox, spam] = await Promise.all([
    adminGet<Lead[]>(`/contacts?q=${q}`),
    adminGet<Lead[]>(`/contacts?q=${q}&status=SPAM`),
  ]);
  return [...inbox, ...spam].filter((lead) => lead.email.toLowerCase() === email.toLowerCase());
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until at least `count` leads with this email are stored (up to `timeoutMs`), then keeps watching for
 * `settleMs` more so a duplicate delivered a moment later is seen too. Returns the leads found.
 */
export async function waitForLeads(
  email: string,
  { count = 1, timeoutMs = 15_000, settleMs = 2_000 }: { count?: number; timeoutMs?: number; settleMs?: number } = {},
): Promise<Lead[]> {
  const deadline = Date.now() + timeoutMs;
  let leads = await leadsByEmail(email);
  while (leads.length < count && Date.now() < deadline) {
    await sleep(250);
    leads = await leadsByEmail(email);
  }
  if (leads.length >= count && settleMs > 0) {
    await sleep(settleMs);
    leads = await leadsByEmail(email);
  }
  return leads;
}

/** A unique address for one test's inquiry, so the lead can be found and counted. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
