/**
 * Support for the admin offline-sync e2e tests: the super admin's writes over the API (to set up and read back
 * server state), the audit trail, logging in through the form, waiting for the service worker, and reading or
 * filling the app's outbox in IndexedDB.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Community, Listing, Property } from '../../../domain';
import { adminGet, adminToken } from './api';
import { e2eEnv, siteUrl } from './env';
import { localDb } from './local-db';

/** A write as the super admin; fails with the server's answer unless it is the expected status. */
export async function adminSend<T>(method: 'POST' | 'PUT' | 'DELETE', pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(siteUrl(`/api${pathname}`), {
    method,
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} /api${pathname} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Unique per call: the server is shared by every e2e file, so each test works on records of its own. */
export const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

export const createCommunity = (name: string) =>
  adminSend<Community>('POST', '/communities', {
    name,
    location: 'Katy, TX',
    description: 'A community made by the admin offline-sync e2e test.',
  });

export const createListing = (communityId: string, title: string, price = 400_000) =>
  adminSend<Listing>('POST', '/listings', {
    title,
    communityId,
    address: `1 ${title} Way, Katy, TX 77494`,
    price,
    bedrooms: 3,
    bathrooms: 2,
    sqft: 2000,
  });

export const createProperty = (title: string, price = 300_000) =>
  adminSend<Property>('POST', '/properties', {
    title,
    address: `2 ${title} St`,
    city: 'Houston',
    state: 'TX',
    zipCode: '77008',
    price,
  });

export async function serverRecord<T extends { id: string }>(
  collection: 'communities' | 'listings' | 'properties',
  id: string,
): Promise<T | undefined> {
  return (await adminGet<T[]>(`/${collection}`)).find((record) => record.id === id);
}

export interface AuditEntry {
  at: string;
  action: string;
  entity: string;
  entityId: string | null;
  actorEmail: string;
}

/** The audit entries about these records, oldest first (the API lists newest first). */
export async function auditOf(entityIds: readonly string[]): Promise<AuditEntry[]> {
  const wanted = new Set(entityIds);
  const { entries } = await adminGet<{ total: number; entries: AuditEntry[] }>('/audit?limit=500');
  return entries.filter((entry) => entry.entityId !== null && wanted.has(entry.entityId)).reverse();
}

/** A context like support/browser newContext, on another base URL (the flaky proxy's port). */
export async function newContextAt(
  browser: Browser,
  baseURL: string,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    serviceWorkers,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  });
}

export const sidebarNav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** Logs in through the form at /admin/login as the first super admin and waits for the dashboard. */
export async function loginThroughForm(page: Page): Promise<void> {
  const { adminEmail, adminPassword } = e2eEnv();
  await page.goto('/admin/login', { waitUntil: 'load' });
  await page.getByRole('heading', { name: 'Admin Login', exact: true }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard$/, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ timeout: 15_000 });
}

/** Opens an admin section through the sidebar (client-side navigation, so it also works offline). */
export async function openSection(page: Page, label: string, heading: string): Promise<void> {
  await sidebarNav(page).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 15_000 });
}

/** Resolves true once a service worker controls the page (so the shell can be served offline), false after 30 s. */
export async function serviceWorkerControls(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(
        () =>
          new Promise<boolean>((resolve) => {
            if (navigator.serviceWorker.controller) return resolve(true);
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
          }),
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]),
  );
}

/** The sidebar's sync indicator (layout/sync-indicator.tsx). */
export const syncIndicator = (page: Page) => page.getByRole('region', { name: 'Sync status' });

/** A queued write as the outbox stores it (web/src/data/outbox-policy.ts OutboxEntry). */
export interface StoredOutboxEntry {
  id: string;
  entity: 'listings' | 'properties';
  op: 'update';
  entityId: string;
  method: 'PUT';
  path: string;
  payload: Record<string, unknown>;
  baseVersion: number;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: 'pending';
  lastStatus: 'network';
  lastError: string;
}

/** Every row of the app's outbox, in IndexedDB order (by id). */
export function readOutbox(page: Page): Promise<Record<string, unknown>[]> {
  return localDb(page, { store: 'outbox', op: 'getAll' });
}

/**
 * Adds rows to the app's outbox table (the database must exist: the app created it on its first load). Used to
 * queue many edits at once, in the shape the app itself stores after an offline save whose first try found no
 * network (attempts 1, lastStatus 'network', waiting out its backoff).
 */
export function addToOutbox(page: Page, entries: StoredOutboxEntry[]): Promise<void> {
  return localDb(page, { store: 'outbox', op: 'add', rows: entries });
}
