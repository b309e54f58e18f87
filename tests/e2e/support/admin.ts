/**
 * Shared steps of the admin e2e tests: logging in through the form or over the API, opening an admin page with a
 * session injected the way a login stores it (SPEC §9 storage keys adminToken and adminUser), creating throw-away
 * admins, calling the API with a given token, and locators the admin screens share (sidebar, toasts, dialogs).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AdminUser } from '../../../domain';
import { adminToken } from './api';
import { newPage, type E2ePage } from './browser';
import { siteUrl } from './env';

export interface ApiSession {
  token: string;
  admin: AdminUser;
}

/** POST /api/admin/login; fails the test unless it answers 200. */
export async function apiLogin(email: string, password: string): Promise<ApiSession> {
  const response = await fetch(siteUrl('/api/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, `POST /api/admin/login as ${email}`).toBe(200);
  return (await response.json()) as ApiSession;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** One API call with this token (or none), JSON in and out; never throws on a non-2xx status. */
export async function apiCall<T = unknown>(
  token: string | null,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(siteUrl(`/api${pathname}`), {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (e.g. CSV): the text is the body.
  }
  return { status: response.status, body: parsed as T };
}

/** An API call as the first super admin; fails the test unless the status is 2xx. */
export async function superApi<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T> {
  const answer = await apiCall<T>(await adminToken(), method, pathname, body);
  expect(answer.status, `${method} /api${pathname}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** A label no other test run uses. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface CreatedAdmin extends ApiSession {
  email: string;
  password: string;
}

/** A new admin (created by the first super admin), logged in over the API. */
export async function createAdmin(role: 'ADMIN' | 'SUPER_ADMIN', label = 'agent'): Promise<CreatedAdmin> {
  const email = `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = `e2e-${label}-password-1`;
  await superApi('POST', '/admin/users', { email, password, role });
  return { ...(await apiLogin(email, password)), email, password };
}

/** Logs in through the form at /admin/login and waits for the dashboard. */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login', { waitUntil: 'load' });
  await page.getByRole('heading', { name: 'Admin Login', exact: true }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard$/, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ timeout: 15_000 });
}

/**
 * Stores this session in the page's localStorage before its first script runs, as a login would have, once per
 * tab: sessionStorage remembers that it was done, so a logout in the test is not undone by the next reload.
 */
export async function injectSession(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(
    ({ token, admin }) => {
      if (sessionStorage.getItem('e2e-session-injected')) return;
      localStorage.setItem('adminToken', token);
      localStorage.setItem('adminUser', JSON.stringify(admin));
      sessionStorage.setItem('e2e-session-injected', '1');
    },
    { token: session.token, admin: session.admin },
  );
}

/** A fresh tab (own context, service workers blocked) logged in as `session`, showing `pathname`. */
export async function openAdminPage(
  browser: Browser,
  session: ApiSession,
  pathname: string,
  heading: string,
): Promise<E2ePage> {
  const tab = await newPage(browser, { serviceWorkers: 'block' });
  await injectSession(tab.page, session);
  await tab.page.goto(pathname, { waitUntil: 'load' });
  await tab.page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor({ timeout: 20_000 });
  return tab;
}

export const sidebarNav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** A toast with exactly this text (success toasts are role=status, errors role=alert). */
export const toast = (page: Page, text: string): Locator =>
  page.locator('.admin-toast').filter({ has: page.getByText(text, { exact: true }) });

/** Waits until a toast with exactly this text is shown. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await toast(page, text).first().waitFor({ state: 'visible', timeout: 20_000 });
}

/** The confirmation dialog showing exactly this message. */
export const confirmDialog = (page: Page, message: string): Locator =>
  page.getByRole('dialog').filter({ has: page.getByText(message, { exact: true }) });

/** A field's inline error: the element its aria-describedby names, holding exactly this text. */
export async function expectFieldError(field: Locator, text: string): Promise<void> {
  await expect
    .poll(async () => ((await field.getAttribute('aria-invalid')) === 'true' ? await describedText(field) : ''), {
      timeout: 5_000,
    })
    .toContain(text);
}

/** The texts of the elements a field's aria-describedby points to. */
export async function describedText(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' | '),
  );
}

/** A form control by its label text, with or without the required marker (" *", hidden from screen readers). */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/**
 * Makes the content pages open in their card view in this page or context, as an admin who chose Cards would
 * (web/src/features/admin/content/table/view-preference.ts). For tests written against the cards (offline sync,
 * sessions), at desktop widths where the table is the default; the table has its own tests (admin-tables.e2e.ts).
 */
export async function preferCardView(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => localStorage.setItem('admin-record-view', 'cards'));
}
