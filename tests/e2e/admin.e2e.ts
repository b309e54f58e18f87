/**
 * The admin back office (SPEC §2 "Admin routes", "Admin login", "Dashboard", "Admin listings page", §8 "Admin
 * messages"; DESIGN §5 offline writes): logging in through the form, the dashboard's counts, the Admin Users entry
 * shown to SUPER_ADMIN only (and the API's 403 for an ADMIN), a listing created, validated and deleted through the
 * modal with the SPEC's texts, and a price edited offline that survives offline reloads and reaches the server
 * exactly once when the network returns.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Community, Listing, Property } from '../../domain';
import { apiLogin, loginThroughForm, preferCardView, sidebarNav } from './support/admin';
import { adminGet, adminToken, sleep } from './support/api';
import { newContext, newPage } from './support/browser';
import { e2eEnv, siteUrl } from './support/env';
import { usd } from './support/html';
import { browserSuite } from './support/suite';

const suite = browserSuite();

async function openTab(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Page> {
  const tab = await suite.newTab({ serviceWorkers: options.serviceWorkers ?? 'block' });
  // The listing tests read the record cards; the table view has its own tests (admin-tables.e2e.ts).
  await preferCardView(tab.page);
  return tab.page;
}

/** The value shown in the dashboard's stat card with this label. */
const statValue = (page: Page, label: string) =>
  page
    .locator('.admin-stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.admin-stat__value');

const listingsByTitle = async (title: string) =>
  (await adminGet<Listing[]>('/listings')).filter((listing) => listing.title === title);

describe('admin login, dashboard and roles', () => {
  it('the super admin logs in through the form and sees the counts; an ADMIN has no Admin Users and gets 403', async () => {
    const { adminEmail, adminPassword } = e2eEnv();
    const [communities, listings, properties] = await Promise.all([
      adminGet<Community[]>('/communities'),
      adminGet<Listing[]>('/listings'),
      adminGet<Property[]>('/properties'),
    ]);

    const page = await openTab();
    await loginThroughForm(page, adminEmail, adminPassword);
    await expect
      .poll(() => statValue(page, 'Communities').textContent(), { timeout: 15_000 })
      .toBe(String(communities.length));
    expect(await statValue(page, 'Listings').textContent()).toBe(String(listings.length));
    expect(await statValue(page, 'Properties').textContent()).toBe(String(properties.length));
    expect(await statValue(page, 'Total items').textContent()).toBe(
      String(communities.length + listings.length + properties.length),
    );
    await expect.poll(() => sidebarNav(page).getByRole('link', { name: 'Admin Users', exact: true }).count()).toBe(1);

    // A regular ADMIN, created by the super admin.
    const email = `e2e-agent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'e2e-agent-password-1';
    const created = await fetch(siteUrl('/api/admin/users'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ email, password, role: 'ADMIN' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await created.json()).toMatchObject({ email, role: 'ADMIN', isActive: true });

    const agentPage = await openTab();
    await loginThroughForm(agentPage, email, password);
    const nav = sidebarNav(agentPage);
    await nav.getByRole('link', { name: 'Listings', exact: true }).waitFor({ timeout: 10_000 });
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Admin Users', exact: true }).count()).toBe(0);
    expect(await agentPage.getByRole('link', { name: 'Admin Users', exact: true }).count()).toBe(0);

    const { token: agentToken } = await apiLogin(email, password);
    const refused = await fetch(siteUrl('/api/admin/users'), { headers: { authorization: `Bearer ${agentToken}` } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error?: string }).error).toBe('Super admin access required');
  });
});

describe('admin listings', () => {
  it('creates a listing through the modal (with validation), then deletes it after the SPEC confirmation', async () => {
    const { adminEmail, adminPassword } = e2eEnv();
    const community = (await adminGet<Community[]>('/communities'))[0]!;
    const title = `E2E Listing ${Date.now()}`;

    const page = await openTab();
    await loginThroughForm(page, adminEmail, adminPassword);
    await sidebarNav(page).getByRole('link', { name: 'Listings', exact: true }).click();
    await page.getByRole('heading', { name: 'Property Listings', exact: true }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Add Listing', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Listing' });
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    // The community list arrives with the page; wait until it can be picked.
    await expect
      .poll(() => dialog.getByLabel('Community').locator('option').allTextContents(), { timeout: 10_000 })
      .toContain(community.name);

    // An empty required field: an inline message, and nothing is sent.
    await dialog.getByLabel('Address').fill('100 Validation Way, Houston, TX');
    await dialog.getByRole('button', { name: 'Create Listing', exact: true }).click();
    await dialog.getByText('Property Title is required', { exact: true }).waitFor({ state: 'visible', timeout: 5_000 });
    expect(await dialog.getByLabel('Property Title').getAttribute('aria-invalid')).toBe('true');
    expect(await listingsByTitle(title)).toEqual([]);

    await dialog.getByLabel('Property Title').fill(title);
    await expect.poll(() => dialog.getByText('Property Title is required', { exact: true }).count()).toBe(0);
    await dialog.getByLabel('Community').selectOption({ label: community.name });
    await dialog.getByLabel('Address').fill('123 E2E Lane, Houston, TX 77002');
    await dialog.getByLabel('Description').fill('Created by the admin e2e test.');
    await dialog.getByLabel('Price').fill('512345');
    await dialog.getByLabel('Bedrooms').fill('4');
    await dialog.getByLabel('Bathrooms').fill('2.5');
    await dialog.getByLabel('Square Feet').fill('2345');
    await dialog.getByRole('button', { name: 'Create Listing', exact: true }).click();

    await page
      .getByText('Listing created successfully', { exact: true })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    const card = page
      .locator('li[data-record-id]')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
    await card.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await card.getByText(usd(512345), { exact: true }).count()).toBe(1);

    const stored = await listingsByTitle(title);
    expect(stored, 'the listing is stored exactly once').toHaveLength(1);
    expect(stored[0]).toMatchObject({
      communityId: community.id,
      address: '123 E2E Lane, Houston, TX 77002',
      description: 'Created by the admin e2e test.',
      price: 512345,
      bedrooms: 4,
      bathrooms: 2.5,
      sqft: 2345,
      status: 'AVAILABLE',
    });
    expect(await card.getAttribute('data-record-id')).toBe(stored[0]!.id);

    // Delete, with the SPEC's confirmation text.
    await card.hover();
    await card.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    const confirmText = `Are you sure you want to delete "${title}"? This action cannot be undone.`;
    const confirmDialog = page.getByRole('dialog').filter({ hasText: confirmText });
    await confirmDialog.waitFor({ state: 'visible', timeout: 5_000 });
    await confirmDialog.getByRole('button', { name: 'Delete', exact: true }).click();

    await page
      .getByText('Listing deleted successfully', { exact: true })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => listingsByTitle(title), { timeout: 10_000 }).toEqual([]);
  });
});

describe('admin offline edit', () => {
  it('a price edited offline survives offline reloads and reaches the server exactly once when back online', async () => {
    const { adminEmail, adminPassword } = e2eEnv();
    const before = (await adminGet<Listing[]>('/listings')).find((listing) => listing.status === 'AVAILABLE')!;
    expect(before, 'a seeded listing to edit').toBeDefined();
    const newPrice = (before.price ?? 0) + 1_234;

    const context = await newContext(suite.browser);
    await preferCardView(context);
    const tab = await newPage(context);
    suite.keep({ ...tab, close: async () => context.close().catch(() => {}) });
    const page = tab.page;

    await loginThroughForm(page, adminEmail, adminPassword);
    await sidebarNav(page).getByRole('link', { name: 'Listings', exact: true }).click();
    await page.getByRole('heading', { name: 'Property Listings', exact: true }).waitFor({ timeout: 15_000 });
    const card = page.locator(`li[data-record-id="${before.id}"]`);
    await card.waitFor({ state: 'visible', timeout: 15_000 });

    // The service worker must control the page so the shell can be served offline.
    const controlled = await page.evaluate(() =>
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
    expect(controlled, 'a service worker controls the admin page within 30 s').toBe(true);
    // One online reload under the worker, so the page and its records come from a controlled load.
    await page.reload({ waitUntil: 'load' });
    await card.waitFor({ state: 'visible', timeout: 15_000 });

    await context.setOffline(true);
    await card.getByRole('button', { name: `Edit ${before.title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    await dialog.getByLabel('Price').fill(String(newPrice));
    await dialog.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await page
      .getByText('Listing saved on this device; will sync when online', { exact: true })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    await expect.poll(() => card.getByText(usd(newPrice), { exact: true }).count(), { timeout: 10_000 }).toBe(1);

    // Nothing reached the server while offline.
    const whileOffline = (await adminGet<Listing[]>('/listings')).find((listing) => listing.id === before.id)!;
    expect(whileOffline.price).toBe(before.price);
    expect(whileOffline.version).toBe(before.version);

    // The worker serves the shell offline; the queued change is still shown after each reload.
    for (let reload = 1; reload <= 2; reload += 1) {
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Property Listings', exact: true }).waitFor({ timeout: 20_000 });
      await card.waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => card.getByText(usd(newPrice), { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    }

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const now = (await adminGet<Listing[]>('/listings')).find((listing) => listing.id === before.id)!;
          return { price: now.price, version: now.version };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual({ price: newPrice, version: before.version + 1 });
    // Still applied exactly once a moment later (no replay of the queued change).
    await sleep(3_000);
    const after = (await adminGet<Listing[]>('/listings')).find((listing) => listing.id === before.id)!;
    expect(after).toMatchObject({ price: newPrice, version: before.version + 1 });
  }, 120_000);
});
