/**
 * Offline admin editing and its sync (DESIGN §5 "Outbox and sync worker"; issue 4 item 10, issue 6 item 3), in
 * Chromium against the real server:
 * 1. offline: a listing created, a community edited and a property deleted, two offline reloads, then online →
 *    the server holds exactly those three changes, once each (records, versions, counts, audit trail);
 * 2. conflict: two browser contexts edit the same listing while one is offline → exactly one conflict, shown
 *    field by field; 'Keep mine' puts the offline edit on the server, 'Take theirs' keeps the online one, also
 *    in the offline device's copy;
 * 3. three tabs of one profile → each queued change reaches the server once (counted at a TCP proxy);
 * 4. a flaky network (tests/e2e/support/flaky-proxy.ts: seeded resets, lost requests, lost answers, delays)
 *    while 100 queued edits sync → each applied exactly once and in order; the app works on the proxy's
 *    origin (another port: service worker, CSP).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Community, type Listing, type Property } from '../../domain';
import { adminGet, sleep } from './support/api';
import {
  addToOutbox,
  adminSend,
  auditOf,
  createCommunity,
  createListing,
  createProperty,
  loginThroughForm,
  newContextAt,
  openSection,
  readOutbox,
  serverRecord,
  serviceWorkerControls,
  stamp,
  syncIndicator,
  type StoredOutboxEntry,
} from './support/admin-sync';
import { preferCardView } from './support/admin';
import { describeProblems, launchBrowser, newContext, newPage, type E2ePage } from './support/browser';
import { localDb } from './support/local-db';
import { e2eEnv } from './support/env';
import { FlakyProxy } from './support/flaky-proxy';
import { usd } from './support/html';

let browser: Browser;
const contexts: BrowserContext[] = [];
const proxies: FlakyProxy[] = [];
/** A community of this file's own (the server is shared with the other e2e files). */
let community: Community;

beforeAll(async () => {
  browser = await launchBrowser();
  community = await createCommunity(`E2E Sync Community ${stamp()}`);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  for (const proxy of proxies) await proxy.stop();
});

async function trackedPage(context: BrowserContext): Promise<E2ePage> {
  if (!contexts.includes(context)) {
    contexts.push(context);
    // These tests read and edit the record cards; the table view has its own tests.
    await preferCardView(context);
  }
  return newPage(context);
}

const recordItem = (page: Page, id: string) => page.locator(`li[data-record-id="${id}"]`);

/** Opens a listing's edit modal, sets the price and saves; waits for the toast. */
async function editListingPrice(page: Page, listing: Listing, price: number, toast: string): Promise<void> {
  const card = recordItem(page, listing.id);
  await card.waitFor({ state: 'visible', timeout: 15_000 });
  await card.getByRole('button', { name: `Edit ${listing.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
  await dialog.waitFor({ state: 'visible', timeout: 5_000 });
  await dialog.getByLabel('Price').fill(String(price));
  await dialog.getByRole('button', { name: 'Update Listing', exact: true }).click();
  await page.getByText(toast, { exact: true }).last().waitFor({ state: 'visible', timeout: 10_000 });
  await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
}

/**
 * What a tab did, kept for the description below: its navigations, the API answers that were not OK, the API
 * requests that got no answer, and every removal of the stored session (with the stack that removed it).
 */
const tabLogs = new WeakMap<Page, string[]>();

/** Starts the log of `tab` (call before its first navigation); the context's pages share the session watch. */
async function watchTab(tab: E2ePage, name: string): Promise<void> {
  const log: string[] = [];
  tabLogs.set(tab.page, log);
  const at = () => new Date().toISOString().slice(11, 23);
  tab.page.on('framenavigated', (frame) => {
    if (frame === tab.page.mainFrame()) log.push(`${at()} navigated to ${frame.url()}`);
  });
  tab.page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      log.push(`${at()} ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  tab.page.on('requestfailed', (request) => {
    if (request.url().includes('/api/'))
      log.push(`${at()} no answer (${request.failure()?.errorText}) ${request.method()} ${request.url()}`);
  });
  tab.page.on('console', (message) => {
    if (message.text().startsWith('[session-removed]')) log.push(`${at()} ${message.text()}`);
  });
  await tab.page.addInitScript(() => {
    const removeItem = Storage.prototype.removeItem;
    Storage.prototype.removeItem = function (this: Storage, key: string) {
      if (key === 'adminToken' && this.getItem(key) !== null)
        console.warn(`[session-removed] ${new Error('stack').stack?.split('\n').slice(1, 8).join(' <- ')}`);
      return removeItem.call(this, key);
    };
  });
  log.push(`${at()} ${name} opened`);
}

/**
 * Waits for a record's card on an admin list. Once in CI a tab of a fresh profile never
 * showed the list within 30 s while it takes about 1 s here; the cause did not show in the CI log. So this
 * prints what the tab shows (address, headings, alerts, console errors) and reloads once: a tab that still
 * fails after the reload fails the test with that description. In a later CI run both attempts found the tab
 * on the login page with no answer refused, so the description now has the tab's log (watchTab) and whether the
 * session is stored.
 */
async function showsRecordAfterOneReload(tab: E2ePage, id: string): Promise<void> {
  const card = recordItem(tab.page, id);
  const shown = () =>
    card.waitFor({ state: 'visible', timeout: 20_000 }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
  const firstTry = await shown();
  if (!firstTry) return;
  const firstState = await describeTab(tab);
  console.warn(`[admin-offline-sync] the record did not show in 20 s; reloading once. The tab showed:\n${firstState}`);
  tab.resetProblems();
  await tab.page.reload({ waitUntil: 'load' });
  const secondTry = await shown();
  if (secondTry)
    throw new Error(`${secondTry.message}\nBefore the reload:\n${firstState}\nAfter:\n${await describeTab(tab)}`);
}

async function describeTab(tab: E2ePage): Promise<string> {
  const texts = (selector: string) =>
    tab.page
      .locator(selector)
      .allInnerTexts()
      .then((list) => list.map((text) => text.trim().slice(0, 200)).join(' | '))
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
  const stored = await tab.page
    .evaluate(() => ({
      token: localStorage.getItem('adminToken') !== null,
      user: localStorage.getItem('adminUser') !== null,
    }))
    .then((keys) => `token ${keys.token ? 'stored' : 'absent'}, user ${keys.user ? 'stored' : 'absent'}`)
    .catch((error: unknown) => `(unreadable: ${String(error)})`);
  return [
    `url: ${tab.page.url()}`,
    `headings: ${await texts('h1, h2')}`,
    `alerts and status: ${await texts('[role="alert"], [role="status"]')}`,
    `record cards: ${await tab.page.locator('li[data-record-id]').count()}`,
    `session: ${stored}`,
    `log:\n  ${(tabLogs.get(tab.page) ?? ['(not watched)']).join('\n  ')}`,
    describeProblems(tab.problems),
  ].join('\n');
}

const QUEUED_LISTING = 'Listing saved on this device; will sync when online';

describe('offline create, edit and delete', () => {
  it('reach the server exactly once each after two offline reloads', async () => {
    const property = await createProperty(`E2E Sync Property ${stamp()}`);
    const newTitle = `E2E Offline Listing ${stamp()}`;
    const newDescription = `Edited offline ${stamp()}`;

    const context = await newContext(browser);
    const tab = await trackedPage(context);
    const page = tab.page;
    await loginThroughForm(page);
    expect(await serviceWorkerControls(page), 'a service worker controls the admin page within 30 s').toBe(true);
    // Each section once online, so this device has its copy of every list.
    await openSection(page, 'Properties', 'Properties');
    await page.locator(`li[data-record-id="${property.id}"]`).waitFor({ timeout: 15_000 });
    await openSection(page, 'Listings', 'Property Listings');
    await openSection(page, 'Communities', 'Communities');
    await recordItem(page, community.id).waitFor({ timeout: 15_000 });

    const [listingsBefore, propertiesBefore, communitiesBefore] = await Promise.all([
      adminGet<Listing[]>('/listings'),
      adminGet<Property[]>('/properties'),
      adminGet<Community[]>('/communities'),
    ]);
    const communityBefore = communitiesBefore.find((record) => record.id === community.id)!;

    await context.setOffline(true);

    // 1. Edit the community.
    await recordItem(page, community.id)
      .getByRole('button', { name: `Edit ${community.name}`, exact: true })
      .click();
    const communityDialog = page.getByRole('dialog', { name: 'Edit Community' });
    await communityDialog.waitFor({ state: 'visible', timeout: 5_000 });
    await communityDialog.getByRole('textbox', { name: 'Description', exact: true }).fill(newDescription);
    await communityDialog.getByRole('button', { name: 'Update Community', exact: true }).click();
    await page
      .getByText('Community saved on this device; will sync when online', { exact: true })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await communityDialog.waitFor({ state: 'hidden', timeout: 5_000 });

    // 2. Create a listing in it.
    await openSection(page, 'Listings', 'Property Listings');
    await page.getByRole('button', { name: 'Add Listing', exact: true }).click();
    const listingDialog = page.getByRole('dialog', { name: 'Add Listing' });
    await listingDialog.waitFor({ state: 'visible', timeout: 5_000 });
    await expect
      .poll(() => listingDialog.getByLabel('Community').locator('option').allTextContents(), { timeout: 10_000 })
      .toContain(community.name);
    await listingDialog.getByLabel('Property Title').fill(newTitle);
    await listingDialog.getByLabel('Community').selectOption({ label: community.name });
    await listingDialog.getByLabel('Address').fill('77 Offline Lane, Katy, TX 77494');
    await listingDialog.getByLabel('Price').fill('455000');
    await listingDialog.getByLabel('Bedrooms').fill('4');
    await listingDialog.getByLabel('Bathrooms').fill('3');
    await listingDialog.getByLabel('Square Feet').fill('2600');
    await listingDialog.getByRole('button', { name: 'Create Listing', exact: true }).click();
    await page.getByText(QUEUED_LISTING, { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
    await listingDialog.waitFor({ state: 'hidden', timeout: 5_000 });

    // 3. Delete the property, after the SPEC's confirmation.
    await openSection(page, 'Properties', 'Properties');
    const row = page.locator(`li[data-record-id="${property.id}"]`);
    await row.getByRole('button', { name: `Delete ${property.title}`, exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: MESSAGES.propertyDeleteConfirm });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByText('Property deleted on this device; will sync when online', { exact: true })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await row.waitFor({ state: 'detached', timeout: 10_000 });

    await expect.poll(() => syncIndicator(page).textContent()).toContain('3 changes pending');
    expect((await readOutbox(page)).map((entry) => `${entry.op} ${entry.entity}`)).toEqual(
      expect.arrayContaining(['update communities', 'create listings', 'delete properties']),
    );

    // Two offline reloads: the service worker serves the shell, the queue and the local copy survive.
    for (let reload = 1; reload <= 2; reload += 1) {
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Properties', exact: true }).waitFor({ timeout: 20_000 });
      await expect.poll(() => syncIndicator(page).textContent(), { timeout: 10_000 }).toContain('3 changes pending');
      expect(await row.count(), `reload ${reload}: the deleted property stays hidden`).toBe(0);
    }
    await openSection(page, 'Listings', 'Property Listings');
    await page.getByRole('button', { name: newTitle, exact: true }).waitFor({ timeout: 10_000 });

    // Nothing has reached the server yet.
    expect((await serverRecord<Community>('communities', community.id))?.version).toBe(communityBefore.version);
    expect(await serverRecord<Property>('properties', property.id)).toBeDefined();
    expect((await adminGet<Listing[]>('/listings')).length).toBe(listingsBefore.length);

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const [listings, properties, communities] = await Promise.all([
            adminGet<Listing[]>('/listings'),
            adminGet<Property[]>('/properties'),
            adminGet<Community[]>('/communities'),
          ]);
          const edited = communities.find((record) => record.id === community.id)!;
          return {
            created: listings.filter((listing) => listing.title === newTitle).length,
            propertyGone: !properties.some((record) => record.id === property.id),
            description: edited.description,
          };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual({ created: 1, propertyGone: true, description: newDescription });
    await expect.poll(() => syncIndicator(page).textContent(), { timeout: 10_000 }).toContain('No pending changes');

    // A moment later: still once each (no replay), and nothing else changed.
    await sleep(3_000);
    const [listings, properties, communities] = await Promise.all([
      adminGet<Listing[]>('/listings'),
      adminGet<Property[]>('/properties'),
      adminGet<Community[]>('/communities'),
    ]);
    const created = listings.filter((listing) => listing.title === newTitle);
    expect(created, 'the new listing exists exactly once').toHaveLength(1);
    expect(created[0]).toMatchObject({
      communityId: community.id,
      address: '77 Offline Lane, Katy, TX 77494',
      price: 455_000,
      bedrooms: 4,
      bathrooms: 3,
      sqft: 2600,
      version: 1,
    });
    expect(listings.length).toBe(listingsBefore.length + 1);
    expect(properties.length).toBe(propertiesBefore.length - 1);
    expect(communities.length).toBe(communitiesBefore.length);
    const edited = communities.find((record) => record.id === community.id)!;
    expect(edited).toMatchObject({ description: newDescription, version: communityBefore.version + 1 });
    expect(edited.name).toBe(communityBefore.name);

    const audit = await auditOf([community.id, property.id, created[0]!.id]);
    expect(audit.map((entry) => `${entry.action} ${entry.entityId}`)).toEqual([
      `community.create ${community.id}`,
      `property.create ${property.id}`,
      // The queue's order: the community edit, the listing, the delete.
      `community.update ${community.id}`,
      `listing.create ${created[0]!.id}`,
      `property.delete ${property.id}`,
    ]);
    expect(describeProblems({ ...tab.problems, consoleErrors: [] })).toBe('');
  }, 120_000);
});

describe('an edit conflict between two devices', () => {
  let mine: E2ePage;
  let theirs: E2ePage;

  beforeAll(async () => {
    mine = await trackedPage(await newContext(browser, { serviceWorkers: 'block' }));
    theirs = await trackedPage(await newContext(browser, { serviceWorkers: 'block' }));
    await loginThroughForm(mine.page);
    await loginThroughForm(theirs.page);
  });

  for (const resolution of ['Keep mine', 'Take theirs'] as const) {
    it(`shows exactly one conflict, field by field, and '${resolution}' leaves the expected server state`, async () => {
      const listing = await createListing(community.id, `E2E Conflict ${resolution} ${stamp()}`, 400_000);
      const myPrice = 411_111;
      const theirPrice = 422_222;

      for (const device of [mine.page, theirs.page]) {
        await device.goto('/admin/listings', { waitUntil: 'load' });
        await recordItem(device, listing.id).waitFor({ state: 'visible', timeout: 15_000 });
      }

      await mine.context.setOffline(true);
      await editListingPrice(mine.page, listing, myPrice, QUEUED_LISTING);
      await editListingPrice(theirs.page, listing, theirPrice, MESSAGES.listingUpdated);
      expect(await serverRecord<Listing>('listings', listing.id)).toMatchObject({ price: theirPrice, version: 2 });

      await mine.context.setOffline(false);
      const conflictLink = syncIndicator(mine.page).getByRole('link', { name: '1 conflict to resolve', exact: true });
      await conflictLink.waitFor({ state: 'visible', timeout: 30_000 });
      await conflictLink.click();
      await mine.page.getByRole('heading', { name: 'Conflicts (1)', exact: true }).waitFor({ timeout: 10_000 });
      const conflicts = mine.page.getByRole('article', { name: /^Conflict: / });
      expect(await conflicts.count(), 'exactly one conflict is shown').toBe(1);
      const conflict = conflicts.first();
      expect(await conflict.getAttribute('aria-label')).toBe(`Conflict: ${listing.title}`);
      expect(await conflict.textContent()).toContain(
        'Your change was based on version 1; the server now has version 2',
      );
      // Both versions of the changed field, side by side.
      const table = conflict.getByRole('table', { name: 'Your version and theirs, field by field' });
      expect(await table.getByRole('columnheader').allTextContents()).toEqual([
        'Field',
        'Mine (this device)',
        'Theirs (server)',
      ]);
      const priceRow = table.getByRole('row').filter({ has: mine.page.getByRole('rowheader', { name: /^Price/ }) });
      expect(await priceRow.getByRole('cell').allTextContents()).toEqual([String(myPrice), String(theirPrice)]);
      expect(await priceRow.getAttribute('data-differs')).toBe('true');
      // The server still has their edit, once.
      expect(await serverRecord<Listing>('listings', listing.id)).toMatchObject({ price: theirPrice, version: 2 });

      await conflict.getByRole('button', { name: resolution, exact: true }).click();
      const question =
        resolution === 'Keep mine'
          ? 'Send your version again? It replaces the fields you changed in the version on the server.'
          : 'Discard your change and keep the version on the server?';
      const confirm = mine.page.getByRole('dialog').filter({ hasText: question });
      await confirm.getByRole('button', { name: resolution, exact: true }).click();
      const toast = resolution === 'Keep mine' ? 'Your version will be sent' : 'Kept the version on the server';
      await mine.page.getByText(toast, { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });

      const expected = resolution === 'Keep mine' ? { price: myPrice, version: 3 } : { price: theirPrice, version: 2 };
      await expect
        .poll(
          async () => {
            const now = await serverRecord<Listing>('listings', listing.id);
            return { price: now?.price, version: now?.version };
          },
          { timeout: 15_000, interval: 300 },
        )
        .toEqual(expected);
      await expect
        .poll(() => syncIndicator(mine.page).textContent(), { timeout: 10_000 })
        .toContain('No pending changes');
      await mine.page.getByRole('heading', { name: 'Everything is synced', exact: true }).waitFor({ timeout: 5_000 });
      await sleep(2_000);
      expect(await serverRecord<Listing>('listings', listing.id)).toMatchObject(expected);
      const updates = (await auditOf([listing.id])).filter((entry) => entry.action === 'listing.update');
      expect(updates, 'one update per accepted save').toHaveLength(expected.version - 1);

      // The offline device's own copy shows the version the server kept.
      const localCopy = await localDb<{ price: number; version: number } | undefined>(mine.page, {
        store: 'listings',
        op: 'get',
        key: listing.id,
      });
      expect(localCopy).toMatchObject(expected);
      await openSection(mine.page, 'Listings', 'Property Listings');
      await expect
        .poll(() => recordItem(mine.page, listing.id).getByText(usd(expected.price), { exact: true }).count(), {
          timeout: 10_000,
        })
        .toBe(1);
    }, 90_000);
  }

  it('an edit of a listing a colleague deleted meanwhile is refused: the card says so and shows the change; Discard ends it', async () => {
    const listing = await createListing(community.id, `E2E Deleted Meanwhile ${stamp()}`, 400_000);
    await mine.page.goto('/admin/listings', { waitUntil: 'load' });
    await recordItem(mine.page, listing.id).waitFor({ state: 'visible', timeout: 15_000 });
    await mine.context.setOffline(true);
    await editListingPrice(mine.page, listing, 433_333, QUEUED_LISTING);
    await adminSend('DELETE', `/listings/${listing.id}`);
    await mine.context.setOffline(false);

    const refusedLink = syncIndicator(mine.page).getByRole('link', { name: '1 change refused', exact: true });
    await refusedLink.waitFor({ state: 'visible', timeout: 30_000 });
    await refusedLink.click();
    await mine.page
      .getByRole('heading', { name: 'Refused by the server (1)', exact: true })
      .waitFor({ timeout: 10_000 });
    const card = mine.page.getByRole('article', { name: /^Refused: / });
    // Named as the record was on this device when the change was made.
    expect(await card.getAttribute('aria-label')).toBe(`Refused: ${listing.title}`);
    expect(await card.textContent()).toContain(
      'This record is no longer on the server (someone deleted it after you changed it)',
    );
    // The change itself, so the admin can copy it before discarding it.
    await card.getByText('Your change (1 field)', { exact: true }).click();
    expect(await card.locator('dl').textContent()).toBe('Price433333');
    expect(await serverRecord<Listing>('listings', listing.id)).toBeUndefined();

    await card.getByRole('button', { name: 'Discard', exact: true }).click();
    const confirm = mine.page.getByRole('dialog').filter({ hasText: 'Discard this change?' });
    await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
    await mine.page.getByRole('heading', { name: 'Everything is synced', exact: true }).waitFor({ timeout: 10_000 });
    expect(await serverRecord<Listing>('listings', listing.id)).toBeUndefined();
  }, 90_000);
});

describe('a tablet shared by two admins', () => {
  it("another admin's queued change is held for them, not sent under this login; Discard drops it", async () => {
    const [theirs, mine] = await Promise.all([
      createProperty(`E2E Held Theirs ${stamp()}`, 310_000),
      createProperty(`E2E Held Mine ${stamp()}`, 320_000),
    ]);
    const context = await newContextAt(browser, e2eEnv().baseUrl, 'block');
    const tab = await trackedPage(context);
    const page = tab.page;
    await loginThroughForm(page);
    const me = await page.evaluate(() => JSON.parse(localStorage.getItem('adminUser') ?? '{}') as { id: string });
    const now = Date.now();
    const edit = (record: Property, price: number, queuedBy: { id: string; email: string }) => ({
      id: crypto.randomUUID(),
      entity: 'properties' as const,
      op: 'update' as const,
      entityId: record.id,
      method: 'PUT' as const,
      path: `properties/${record.id}`,
      payload: { price },
      baseVersion: record.version,
      createdAt: now - 1_000,
      attempts: 1,
      nextAttemptAt: now - 1_000,
      state: 'pending' as const,
      lastStatus: 'network' as const,
      lastError: 'The server could not be reached',
      queuedBy,
    });
    await addToOutbox(page, [
      edit(theirs, 311_000, { id: 'an-admin-who-left', email: 'staff.left@example.com' }),
      { ...edit(mine, 321_000, { id: me.id, email: e2eEnv().adminEmail }), createdAt: now - 500 },
    ]);
    await page.goto('/admin/sync', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Sync', exact: true, level: 1 }).waitFor({ timeout: 15_000 });

    // Mine goes; theirs waits, listed apart with who made it.
    await expect
      .poll(async () => (await serverRecord<Property>('properties', mine.id))?.price, { timeout: 20_000 })
      .toBe(321_000);
    const heldSection = page.getByRole('region', { name: /Waiting for another admin/ });
    await heldSection.getByText('Made by staff.left@example.com.').waitFor({ timeout: 10_000 });
    // Nothing this login may send is left: "Sync now" is off, and the drains that ran left theirs on the device.
    expect(await page.getByRole('button', { name: 'Sync now', exact: true }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await sleep(2_000);
    expect((await serverRecord<Property>('properties', theirs.id))?.price, 'not sent under this login').toBe(310_000);

    await heldSection.getByRole('button', { name: 'Discard', exact: true }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByText(/made by staff\.left@example\.com/).waitFor({ timeout: 5_000 });
    await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 10_000 }).toBe(0);
    expect((await serverRecord<Property>('properties', theirs.id))?.price).toBe(310_000);
  }, 90_000);
});

describe('three tabs of one profile', () => {
  it('send each queued change once', async () => {
    const proxy = new FlakyProxy({ targetPort: Number(new URL(e2eEnv().baseUrl).port) });
    proxies.push(proxy);
    const proxyUrl = await proxy.start();
    const listings = await Promise.all(
      [1, 2, 3].map((n) => createListing(community.id, `E2E Three Tabs ${n} ${stamp()}`, 350_000)),
    );

    // No reload happens offline here, so no service worker is needed (and its precache would only slow the tabs).
    const context = await newContextAt(browser, proxyUrl, 'block');
    const tabs = [await trackedPage(context), await trackedPage(context), await trackedPage(context)];
    for (const [index, tab] of tabs.entries()) await watchTab(tab, `tab ${index + 1}`);
    await loginThroughForm(tabs[0]!.page);
    for (const tab of tabs) {
      await tab.page.goto('/admin/listings', { waitUntil: 'load' });
      await showsRecordAfterOneReload(tab, listings[2]!.id);
    }

    await context.setOffline(true);
    for (const [index, tab] of tabs.entries()) {
      await editListingPrice(tab.page, listings[index]!, 360_000 + index, QUEUED_LISTING);
    }
    for (const tab of tabs) {
      await expect
        .poll(() => syncIndicator(tab.page).textContent(), { timeout: 10_000 })
        .toContain('3 changes pending');
    }

    proxy.resetStats();
    const reconnectedAt = Date.now();
    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          Promise.all(
            listings.map(async (listing) => {
              const now = await serverRecord<Listing>('listings', listing.id);
              return [now?.price, now?.version];
            }),
          ),
        { timeout: 30_000, interval: 300 },
      )
      .toEqual([
        [360_000, 2],
        [360_001, 2],
        [360_002, 2],
      ]);
    const appliedMs = Date.now() - reconnectedAt;
    for (const tab of tabs) {
      await expect
        .poll(() => syncIndicator(tab.page).textContent(), { timeout: 10_000 })
        .toContain('No pending changes');
    }
    await sleep(2_000);

    const writes = proxy.stats.requests.filter((request) => request.method !== 'GET' && request.method !== 'HEAD');
    expect(
      writes.map((request) => `${request.method} ${request.path}`).sort(),
      'one PUT per queued change reached the server',
    ).toEqual(listings.map((listing) => `PUT /api/listings/${listing.id}`).sort());
    expect(new Set(writes.map((request) => request.idempotencyKey)).size).toBe(3);
    const audit = await auditOf(listings.map((listing) => listing.id));
    expect(audit.filter((entry) => entry.action === 'listing.update')).toHaveLength(3);
    console.log(
      `[admin-offline-sync] three tabs: 3 queued changes on the server ${appliedMs} ms after reconnecting, ` +
        `${writes.length} write requests ` +
        `(${proxy.stats.requests.length} requests in all after reconnecting)`,
    );
  }, 90_000);
});

describe('a flaky network while 100 queued edits sync', () => {
  const ROUNDS = 5;
  const RECORDS_PER_KIND = 10;
  const SEED = 20_261_121;

  it('applies each edit exactly once and in order', async () => {
    const proxy = new FlakyProxy({
      targetPort: Number(new URL(e2eEnv().baseUrl).port),
      seed: SEED,
      resetOnAcceptRate: 0.1,
      dropRequestRate: 0.04,
      dropAnswerRate: 0.04,
      delayRate: 0.2,
      maxDelayMs: 400,
      dropFirstWriteAnswers: 1,
    });
    proxies.push(proxy);
    const proxyUrl = await proxy.start();
    const id = stamp();
    const listings = await Promise.all(
      Array.from({ length: RECORDS_PER_KIND }, (_, n) => createListing(community.id, `E2E Flaky L${n} ${id}`)),
    );
    const properties = await Promise.all(
      Array.from({ length: RECORDS_PER_KIND }, (_, n) => createProperty(`E2E Flaky P${n} ${id}`)),
    );

    // The admin app on the proxy's origin (same host, another port): it loads, logs in, is controlled by its
    // service worker, and breaks no Content Security Policy rule.
    const context = await newContextAt(browser, proxyUrl);
    const tab = await trackedPage(context);
    const page = tab.page;
    const shell = await page.goto('/admin/login', { waitUntil: 'load' });
    expect(shell?.status()).toBe(200);
    expect(shell?.headers()['content-security-policy']).toContain("connect-src 'self'");
    await loginThroughForm(page);
    expect(await serviceWorkerControls(page), 'a service worker controls the proxied admin page').toBe(true);
    await openSection(page, 'Listings', 'Property Listings');
    await recordItem(page, listings[0]!.id).waitFor({ timeout: 15_000 });
    expect(tab.problems.cspViolations).toEqual([]);

    // Offline: 100 successive edits, 5 rounds over 20 records, in the outbox as the app stores a save whose
    // first try found no network.
    await context.setOffline(true);
    const records = listings.flatMap((listing, n) => [
      { entity: 'listings' as const, record: listing as Listing | Property },
      { entity: 'properties' as const, record: properties[n]! as Listing | Property },
    ]);
    const priceOf = (round: number, index: number) => 600_000 + round * 1_000 + index;
    const now = Date.now();
    const queued: StoredOutboxEntry[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, { entity, record }] of records.entries()) {
        queued.push({
          id: crypto.randomUUID(),
          entity,
          op: 'update',
          entityId: record.id,
          method: 'PUT',
          path: `${entity}/${record.id}`,
          payload: { price: priceOf(round, index), description: `Flaky edit ${round} of ${ROUNDS}` },
          baseVersion: record.version,
          createdAt: now - 60_000 + queued.length,
          attempts: 1,
          nextAttemptAt: now + 60_000,
          state: 'pending',
          lastStatus: 'network',
          lastError: 'The server could not be reached',
        });
      }
    }
    expect(queued).toHaveLength(100);
    await addToOutbox(page, queued);
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Property Listings', exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => syncIndicator(page).textContent(), { timeout: 10_000 }).toContain('100 changes pending');

    proxy.resetStats();
    proxy.setFlaky(true);
    const reconnectedAt = Date.now();
    await context.setOffline(false);
    const finalState = records.map(({ record }, index) => [record.id, priceOf(ROUNDS, index), 1 + ROUNDS]);
    const serverState = async () => {
      const [serverListings, serverProperties] = await Promise.all([
        adminGet<Listing[]>('/listings'),
        adminGet<Property[]>('/properties'),
      ]);
      const byId = new Map<string, Listing | Property>(
        [...serverListings, ...serverProperties].map((record) => [record.id, record]),
      );
      return records.map(({ record }) => [record.id, byId.get(record.id)?.price, byId.get(record.id)?.version]);
    };
    // On this VM the sync takes about 70 s (each lost answer waits out the client's timeout): the bound leaves room
    // for a slower machine, and judges nothing about speed.
    await expect.poll(serverState, { timeout: 110_000, interval: 250 }).toEqual(finalState);
    const appliedMs = Date.now() - reconnectedAt;
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 15_000, interval: 250 }).toBe(0);
    const drainedMs = Date.now() - reconnectedAt;
    proxy.setFlaky(false);

    // Still exactly once a moment later, and in the queue's order: the audit lists the 100 updates in the order
    // they were made (each record's 5 edits in turn, and the rounds one after the other).
    await sleep(2_000);
    expect(await serverState()).toEqual(finalState);
    const audit = (await auditOf(records.map(({ record }) => record.id))).filter((entry) =>
      entry.action.endsWith('.update'),
    );
    expect(audit.map((entry) => entry.entityId)).toEqual(queued.map((entry) => entry.entityId));
    await expect.poll(() => syncIndicator(page).textContent(), { timeout: 10_000 }).toContain('No pending changes');

    const stats = proxy.stats;
    const writes = stats.requests.filter((request) => request.method === 'PUT');
    const reachedServer = writes.filter((request) => request.reachedServer);
    const sendsPerKey = new Map<string, number>();
    for (const request of reachedServer) {
      sendsPerKey.set(request.idempotencyKey ?? '', (sendsPerKey.get(request.idempotencyKey ?? '') ?? 0) + 1);
    }
    // Every PUT carried the key of one queued edit; a resent edit reused its key (the server replayed the answer).
    expect([...sendsPerKey.keys()].sort()).toEqual(queued.map((entry) => entry.id).sort());
    // The run did meet the faults it is about: lost requests, and writes applied whose answer was lost.
    expect(stats.requestsDropped + stats.answersDropped, 'requests or answers dropped').toBeGreaterThan(1);
    expect(writes.filter((request) => request.fate === 'dropped-answer').length).toBeGreaterThan(0);
    expect(
      [...sendsPerKey.values()].some((count) => count > 1),
      'an edit sent again after its answer was lost',
    ).toBe(true);
    console.log(
      `[admin-offline-sync] flaky network (seed ${SEED}): 100 queued edits applied in ${appliedMs} ms, ` +
        `outbox empty after ${drainedMs} ms; ${writes.length} PUT requests sent, ${reachedServer.length} reached ` +
        `the server (${[...sendsPerKey.values()].filter((count) => count > 1).length} edits sent more than once); ` +
        `${stats.requests.length} requests in all over ${stats.connections} connections; faults: ` +
        `${stats.connectionsResetOnAccept} connections reset on accept, ${stats.requestsDropped} requests dropped, ` +
        `${stats.answersDropped} answers dropped, ${stats.requestsDelayed} requests delayed`,
    );
    expect(tab.problems.cspViolations).toEqual([]);
  }, 160_000);
});
