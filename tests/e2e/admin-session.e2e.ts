/**
 * The admin login, shell and dashboard end to end (SPEC §2 "Admin login", "Dashboard", §4 "Session", §5 login,
 * §8 transport and admin messages): the form's messages (required fields, the server's message, 'Login failed'),
 * 'Clear stored data and reload', a stored token going straight to the dashboard, logout, a 401 that clears the
 * session with 'Authentication expired. Please login again.' while the queued change survives and is sent after
 * the next login, and the dashboard's counts, refresh, error and empty states.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Community, Lead, Listing, Property } from '../../domain';
import {
  apiLogin,
  createAdmin,
  expectFieldError,
  expectToast,
  field,
  injectSession,
  sidebarNav,
  superApi,
  unique,
} from './support/admin';
import { adminGet } from './support/api';
import { e2eEnv, siteUrl } from './support/env';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const blankTab = async (): Promise<Page> => (await suite.newTab({ serviceWorkers: 'block' })).page;

const storedSession = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('adminToken'), user: localStorage.getItem('adminUser') }));

const statValue = (page: Page, label: string) =>
  page
    .locator('.admin-stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.admin-stat__value');

describe('admin login', () => {
  it("shows the required-field messages, the server's message, and 'Login failed' when the answer carries none", async () => {
    const page = await blankTab();
    await page.goto('/admin/login', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Admin Login', exact: true }).waitFor({ timeout: 15_000 });
    const email = field(page, 'Email');
    const password = field(page, 'Password');
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    // Not in demo mode: nothing is pre-filled.
    expect(await email.inputValue()).toBe('');
    expect(await password.inputValue()).toBe('');
    await signIn.click();
    await expectFieldError(email, 'Email is required');
    await expectFieldError(password, 'Password is required');

    await email.fill(e2eEnv().adminEmail);
    await password.fill('not-the-password');
    await signIn.click();
    await page.getByRole('alert').getByText('Invalid email or password', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await storedSession(page)).toEqual({ token: null, user: null });

    // A proxy in front of the server answering with its own error page: no server message to show.
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
    );
    await password.fill(e2eEnv().adminPassword);
    await signIn.click();
    await page.getByRole('alert').getByText('Login failed', { exact: true }).waitFor({ timeout: 10_000 });
    await page.unroute('**/api/admin/login');

    await signIn.click();
    await page.waitForURL(/\/admin\/dashboard$/, { timeout: 15_000 });
    const stored = await storedSession(page);
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user!)).toMatchObject({ email: e2eEnv().adminEmail, role: 'SUPER_ADMIN' });
  });

  it('a stored token goes straight to the dashboard; logout clears the session, returns to login and ends the token on the server', async () => {
    const tab = await suite.newTab({ serviceWorkers: 'block' });
    const page = tab.page;
    // A session of its own: the logout ends it on the server, and the suite's session serves the other tests.
    const own = await apiLogin(e2eEnv().adminEmail, e2eEnv().adminPassword);
    const verifyOwn = () =>
      fetch(siteUrl('/api/admin/verify'), { headers: { authorization: `Bearer ${own.token}` } }).then(
        (response) => response.status,
      );
    expect(await verifyOwn()).toBe(200);
    await injectSession(page, own);
    await page.goto('/admin/login', { waitUntil: 'load' });
    await page.waitForURL(/\/admin\/dashboard$/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL(/\/admin\/login/, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Admin Login', exact: true }).waitFor();
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    // A copy of the token (left on a shared tablet, taken from its storage) no longer works.
    await expect.poll(verifyOwn, { timeout: 10_000 }).toBe(401);
    // The protected pages now send to login.
    await page.goto('/admin/listings', { waitUntil: 'load' });
    await page.waitForURL(/\/admin\/login/, { timeout: 10_000 });
  });

  it("offline, the site's offline pill leaves Logout in sight: past the sidebar, and under the phone menu", async () => {
    const tab = await suite.newTab({ serviceWorkers: 'block' });
    const page = tab.page;
    await injectSession(page, suite.session);
    await page.goto('/admin/dashboard', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page.locator('#pwa-offline-indicator').waitFor({ state: 'attached', timeout: 20_000 });
    await page.context().setOffline(true);
    try {
      await page.getByText('Offline — showing saved pages', { exact: true }).waitFor({ timeout: 15_000 });
      // The pill lets clicks through (pointer-events: none), so a hit test would not see it: let it take them.
      const onTopOfLogout = () =>
        page.evaluate(() => {
          const pill = [...document.querySelectorAll<HTMLElement>('[role="status"] span')].find((span) =>
            span.textContent?.startsWith('Offline'),
          )!;
          pill.style.pointerEvents = 'auto';
          const logout = [...document.querySelectorAll('button')].find(
            (button) => button.textContent?.trim() === 'Logout',
          )!;
          const box = logout.getBoundingClientRect();
          const covering = [box.left + 8, box.left + box.width / 2, box.right - 8]
            .map((x) => document.elementFromPoint(x, box.top + box.height / 2))
            .filter((element) => !logout.contains(element))
            .map((element) => element?.outerHTML.slice(0, 80) ?? 'nothing');
          pill.style.pointerEvents = '';
          return covering;
        });
      await page.setViewportSize({ width: 1024, height: 730 });
      expect(await onTopOfLogout(), 'what covers Logout beside the sidebar').toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: /^Menu/ }).click();
      await page.locator('.admin-sidebar__close').waitFor();
      await page.waitForTimeout(300); // the drawer slides in (0.2 s)
      expect(await onTopOfLogout(), 'what covers Logout in the phone menu').toEqual([]);
    } finally {
      await page.context().setOffline(false);
    }
  });

  it("a stored token the server no longer accepts shows the form; 'Clear stored data and reload' reloads signed out", async () => {
    const page = await blankTab();
    await injectSession(page, { ...suite.session, token: 'not-a-valid-token' });
    await page.goto('/admin/login', { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 15_000 });
    expect(page.url()).toMatch(/\/admin\/login$/);
    expect((await storedSession(page)).token).toBeNull();

    await page.evaluate(() => localStorage.setItem('adminUser', '{"email":"left@example.com"}'));
    await page.getByRole('button', { name: 'Clear stored data and reload', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear stored data?' });
    await confirm.waitFor();
    const reloaded = page.waitForEvent('load');
    await confirm.getByRole('button', { name: 'Clear and reload', exact: true }).click();
    await reloaded;
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 15_000 });
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });

  it("a 401 clears the session with 'Authentication expired. Please login again.' and keeps the queued change", async () => {
    const agent = await createAdmin('ADMIN', 'expired');
    const property = await superApi<Property>('POST', '/properties', {
      title: unique('E2E Queued Property'),
      address: '9 Queue Ln',
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
      price: 300000,
    });
    const tab = await suite.openAdmin('/admin/properties?view=cards', 'Properties', agent);
    const page = tab.page;
    const row = page.locator(`li[data-record-id="${property.id}"]`);
    await row.waitFor({ timeout: 15_000 });

    // Offline: the edit is queued on the device.
    await tab.context.setOffline(true);
    await row.getByRole('button', { name: `Edit ${property.title}`, exact: true }).click();
    const form = page.getByRole('region', { name: 'Edit Property' });
    await field(form, 'Price').fill('312000');
    await form.getByRole('button', { name: 'Update Property', exact: true }).click();
    await expectToast(page, 'Property saved on this device; will sync when online');

    // The admin loses access meanwhile; back online the queued write meets a 401.
    await superApi('DELETE', `/admin/users/${agent.admin.id}`);
    await tab.context.setOffline(false);
    await page.waitForURL(/\/admin\/login/, { timeout: 20_000 });
    await page
      .getByRole('alert')
      .getByText('Authentication expired. Please login again.', { exact: true })
      .waitFor({ timeout: 10_000 });
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    expect((await adminGet<Property[]>('/properties')).find((p) => p.id === property.id)?.price).toBe(300000);

    // The change waited in the outbox. Another admin's login does not send it under their name: it is held for the
    // admin who made it, and sent by the super admin only on purpose ("Send as me"), once.
    await field(page, 'Email').fill(e2eEnv().adminEmail);
    await field(page, 'Password').fill(e2eEnv().adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 15_000 });
    await page.goto('/admin/sync', { waitUntil: 'load' });
    const held = page.getByRole('region', { name: /Waiting for another admin/ });
    await held.getByText(`Made by ${agent.email}.`).waitFor({ timeout: 15_000 });
    expect((await adminGet<Property[]>('/properties')).find((p) => p.id === property.id)?.price).toBe(300000);
    await held.getByRole('button', { name: 'Send as me', exact: true }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Send as me', exact: true }).click();
    await expect
      .poll(async () => (await adminGet<Property[]>('/properties')).find((p) => p.id === property.id), {
        timeout: 20_000,
      })
      .toMatchObject({ price: 312000, version: property.version + 1 });
    await superApi('DELETE', `/properties/${property.id}`);
  }, 60_000);
});

describe('a session that ends while a form holds unsaved changes', () => {
  it('keeps the page and what was typed, says so, and saves once a sign-in in another tab brings a session', async () => {
    const agent = await createAdmin('ADMIN', 'mid-edit');
    const property = await superApi<Property>('POST', '/properties', {
      title: unique('E2E Mid-edit Property'),
      address: '10 Session Ln',
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
      price: 300000,
    });
    const tab = await suite.openAdmin('/admin/properties?view=cards', 'Properties', agent);
    const { page } = tab;
    const row = page.locator(`li[data-record-id="${property.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: `Edit ${property.title}`, exact: true }).click();
    const form = page.getByRole('region', { name: 'Edit Property' });
    await field(form, 'Price').fill('333000');

    // The session ends meanwhile: here a logout in another tab (an expired token, a changed password do the same).
    const other = await tab.context.newPage();
    await other.goto('/admin/dashboard', { waitUntil: 'load' });
    await other.getByRole('button', { name: 'Logout', exact: true }).click();
    await other.waitForURL(/\/admin\/login/, { timeout: 15_000 });

    const ended = page.getByRole('alert').filter({ hasText: 'Your session has ended.' });
    await ended.waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(`/admin/properties/${property.id}`);
    expect(await field(form, 'Price').inputValue()).toBe('333000');

    // Signing in again in the other tab gives this one its session back: the notice goes and the save goes through.
    await other.getByLabel('Email').fill(agent.email);
    await other.getByLabel('Password').fill(agent.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await ended.waitFor({ state: 'detached', timeout: 15_000 });
    await form.getByRole('button', { name: 'Update Property', exact: true }).click();
    await expectToast(page, 'Property updated successfully');
    expect((await adminGet<Property>(`/properties/${property.id}`)).price).toBe(333000);
    await other.close();
    await superApi('DELETE', `/properties/${property.id}`);
  }, 60_000);
});

describe('dashboard', () => {
  it('counts, new leads, the last-updated time, refresh after a change, and the recent activity', async () => {
    const [communities, listings, properties, leads] = await Promise.all([
      adminGet<Community[]>('/communities'),
      adminGet<Listing[]>('/listings'),
      adminGet<Property[]>('/properties'),
      adminGet<Lead[]>('/contacts'),
    ]);
    const tab = await suite.openAdmin('/admin/dashboard', 'Dashboard');
    const page = tab.page;
    await expect
      .poll(() => statValue(page, 'Total items').textContent(), { timeout: 15_000 })
      .toBe(String(communities.length + listings.length + properties.length));
    expect(await statValue(page, 'Communities').textContent()).toBe(String(communities.length));
    expect(await statValue(page, 'New leads').textContent()).toBe(
      String(leads.filter((lead) => lead.status === 'NEW').length),
    );
    await page.getByText(/^Last updated /).waitFor();
    const activity = page.getByRole('region', { name: 'Recent activity' }).locator('li');
    expect(await activity.count()).toBeLessThanOrEqual(5);

    const title = unique('E2E Dashboard Property');
    const created = await superApi<Property>('POST', '/properties', {
      title,
      address: '5 Refresh Rd',
      city: 'Houston',
      state: 'TX',
      zipCode: '77003',
      price: 250000,
    });
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect
      .poll(() => statValue(page, 'Properties').textContent(), { timeout: 10_000 })
      .toBe(String(properties.length + 1));
    expect(await statValue(page, 'Total items').textContent()).toBe(
      String(communities.length + listings.length + properties.length + 1),
    );
    await page.getByRole('region', { name: 'Recent activity' }).getByText(title).first().waitFor();
    expect(await activity.count()).toBeLessThanOrEqual(5);
    expect(await sidebarNav(page).getByRole('link', { name: 'Admin Users', exact: true }).count()).toBe(1);
    await superApi('DELETE', `/properties/${created.id}`);
  });

  it("the SPEC's error text when a list fails, and the welcome when there is nothing yet", async () => {
    const tab = await suite.openAdmin('/admin/settings', 'Settings');
    const page = tab.page;
    // A server failing on one of the three lists (the real server cannot be made to fail on demand).
    await page.route('**/api/listings', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }),
    );
    await sidebarNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('Failed to load dashboard data. Please try again.', { exact: true })
      .waitFor({ timeout: 15_000 });
    await page.unroute('**/api/listings');

    // The lists as the server answers them once everything is deleted (the shared server keeps its seed).
    for (const list of ['communities', 'listings', 'properties']) {
      await page.route(`**/api/${list}`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
      );
    }
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome to your back office', exact: true }).waitFor({ timeout: 10_000 });
    expect(await statValue(page, 'Total items').textContent()).toBe('0');
  });
});
