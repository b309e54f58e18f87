/**
 * What a screen reader is told (the accessibility audit's findings 2, 5, 7 and 8), in Chromium against the real
 * server:
 * - the admin's toasts and the settings' messages go into live regions that are on the page before the message
 *   (a region inserted already holding its text is often not announced);
 * - a dialog is described by its description, and a confirmation by its question (which records it deletes);
 * - the popup's Message field and the consent boxes are required for assistive technology too, and the forms
 *   still answer a send with their own messages (noValidate);
 * - an error shown while the focus stays in the field (Enter in an invalid Email, a wrong kiosk exit password) is
 *   an alert.
 * The two communities it creates are deleted through the page (and over the API if a step fails first).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Community } from '../../domain';
import { MESSAGES } from '../../domain/messages';
import { VISITOR_MESSAGES } from '../../domain/visitor-messages';
import { apiCall, superApi, unique } from './support/admin';
import { adminToken } from './support/api';
import { open } from './support/browser';
import { e2eEnv } from './support/env';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const created: Community[] = [];

afterAll(async () => {
  const token = await adminToken();
  for (const community of created) await apiCall(token, 'DELETE', `/communities/${community.id}`);
});

/** Marks the live regions (role=status, role=alert) now on the page inside `scope`; returns how many. */
const markLiveRegions = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const regions = [...document.querySelectorAll(`${selector} [role="status"], ${selector} [role="alert"]`)];
    for (const region of regions) region.setAttribute('data-e2e-before', region.getAttribute('role')!);
    return regions.length;
  }, scope);

/** The texts now in the live regions marked before, by role. */
const textsInMarked = (page: Page, role: 'status' | 'alert') =>
  page.evaluate(
    (wanted) =>
      [...document.querySelectorAll(`[data-e2e-before="${wanted}"]`)].map((region) => region.textContent ?? ''),
    role,
  );

/** The text of what the element's aria-describedby names ('' without one). */
const description = (element: Locator) =>
  element.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );

/** True when the element is, or is inside, a role=alert. */
const inAlert = (element: Locator) => element.evaluate((node) => node.closest('[role="alert"]') !== null);

describe('admin: messages go into live regions that were there before them', () => {
  it('a bulk delete: the confirmation is described by its question, and the toast lands in the status region', async () => {
    const marker = unique('E2E Announce');
    for (const index of [1, 2]) {
      created.push(
        await superApi<Community>('POST', '/communities', {
          name: `${marker} ${index}`,
          location: 'Katy, TX',
          description: 'Made by the accessibility e2e test; deleted by it.',
        }),
      );
    }
    const { page } = await suite.openAdmin('/admin/communities', 'Communities');
    await page.getByLabel('Search communities').fill(marker);
    await expect.poll(() => page.locator('tbody tr[data-record-id]').count(), { timeout: 15_000 }).toBe(2);

    // Before any toast: one polite and one assertive region in the toast stack.
    await markLiveRegions(page, '.admin-toast-region');
    expect
      .soft(await page.locator('.admin-toast-region [data-e2e-before="status"]').count(), 'status region before')
      .toBe(1);
    expect
      .soft(await page.locator('.admin-toast-region [data-e2e-before="alert"]').count(), 'alert region before')
      .toBe(1);

    for (const community of created) await page.getByLabel(`Select ${community.name}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Delete selected', exact: true }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    const question = await description(dialog);
    expect.soft(question, 'confirmation described').toContain('Delete 2 communities? This action cannot be undone.');
    for (const community of created) expect.soft(question).toContain(community.name);

    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => textsInMarked(page, 'status'), { timeout: 20_000 })
      .toEqual([expect.stringContaining('2 communities deleted')]);
    await expect.poll(async () => (await stillOnServer(created)).length, { timeout: 15_000 }).toBe(0);
  }, 60_000);

  it('settings: "Saving..." and "Settings saved successfully!" in one status region; a refused password in an alert one', async () => {
    const { page } = await suite.openAdmin('/admin/settings', 'Settings');
    const save = page.getByRole('button', { name: 'Save Settings', exact: true });
    await save.waitFor({ timeout: 15_000 });
    expect(await markLiveRegions(page, '.admin-card')).toBeGreaterThan(0);

    // The settings as loaded, saved again: nothing changes on the site.
    await save.click();
    await expect
      .poll(() => textsInMarked(page, 'status'), { timeout: 5_000, interval: 50 })
      .toContainEqual(expect.stringContaining('Saving...'));
    await expect
      .poll(() => textsInMarked(page, 'status'), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining(MESSAGES.settingsSaved));

    await page.getByRole('tab', { name: 'Password' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.locator('input[name="currentPassword"]').waitFor();
    await markLiveRegions(page, 'form[aria-label="Change password"]');
    await form.locator('input[name="currentPassword"]').fill('not-the-current-password');
    await form.locator('input[name="newPassword"]').fill('a-new-password-1');
    await form.locator('input[name="confirmPassword"]').fill('a-new-password-1');
    await form.getByRole('button', { name: 'Change Password', exact: true }).click();
    // The server's refusal (its own words) in the region mounted before it.
    await expect
      .poll(async () => (await textsInMarked(page, 'alert')).join('').trim().length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    // Still signed in with the old password: the change was refused.
    const check = await apiCall(null, 'POST', '/admin/login', {
      email: e2eEnv().adminEmail,
      password: e2eEnv().adminPassword,
    });
    expect(check.status).toBe(200);
  }, 60_000);
});

/** The communities of `list` still on the server. */
async function stillOnServer(list: Community[]): Promise<Community[]> {
  const answer = await apiCall<Community[]>(await adminToken(), 'GET', '/communities');
  return answer.body.filter((community) => list.some((mine) => mine.id === community.id));
}

describe('public forms: required exposed, dialogs described, errors announced', () => {
  it('request information: Message is required, the dialog is described, and Enter in a bad Email is an alert', async () => {
    const tab = await suite.newTab({ serviceWorkers: 'block' });
    const page = tab.page;
    await open(page, '/community/austin-point');
    await page.getByRole('button', { name: 'Request Information', exact: true }).last().click();
    const dialog = page.getByRole('dialog', { name: /Request Information/ });
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });

    expect
      .soft(await description(dialog), 'popup described')
      .toBe('Leave your details and a community specialist will get back to you.');
    const message = dialog.locator('#inquiry-message');
    expect.soft(await message.evaluate((node) => (node as HTMLTextAreaElement).required)).toBe(true);

    // Enter in an invalid Email (the only field in error): the focus stays there, and the error is an alert.
    await dialog.getByLabel(/^Name/).fill('Avery Tester');
    const email = dialog.getByLabel(/^Email/);
    await email.fill('sam@');
    await email.press('Enter');
    const error = dialog.getByText(VISITOR_MESSAGES.emailInvalid, { exact: true });
    await error.waitFor({ timeout: 5_000 });
    expect(await email.evaluate((node) => node === document.activeElement)).toBe(true);
    expect.soft(await inAlert(error), 'error in an alert').toBe(true);

    // The form still answers with its own words, not the browser's: an empty Message says so.
    await message.fill('');
    await dialog.getByRole('button', { name: 'Send Request', exact: true }).click();
    await dialog.getByText('Message is required', { exact: true }).waitFor({ timeout: 5_000 });
  }, 60_000);

  it("visit booking: the consent box is required, and an unticked one gets the form's own message", async () => {
    const tab = await suite.newTab({ serviceWorkers: 'block' });
    const page = tab.page;
    await open(page, '/community/austin-point');
    await page.getByRole('button', { name: 'Schedule Visit', exact: true }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Visit' });
    await dialog.locator('#visit-consent').waitFor({ state: 'visible', timeout: 10_000 });
    expect
      .soft(await dialog.locator('#visit-consent').evaluate((node) => (node as HTMLInputElement).required))
      .toBe(true);
    await dialog.getByRole('button', { name: 'Request Visit', exact: true }).click();
    await dialog
      .getByText('Please agree to be contacted about this visit', { exact: true })
      .waitFor({ timeout: 5_000 });
  }, 60_000);

  it('kiosk: the consent box is required, and a wrong exit password (focus kept in the field) is an alert', async () => {
    const { adminEmail, adminPassword } = e2eEnv();
    const tab = await suite.newTab({ serviceWorkers: 'block' });
    const page = tab.page;
    await page.goto('/kiosk/emberly', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Start the open-house kiosk' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Admin email').fill(adminEmail);
    await page.getByLabel('Admin password').fill(adminPassword);
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    await page.getByRole('heading', { name: 'Please sign in' }).waitFor({ timeout: 30_000 });
    expect
      .soft(await page.locator('#kiosk-consent').evaluate((node) => (node as HTMLInputElement).required))
      .toBe(true);

    await page.getByRole('button', { name: 'Exit kiosk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exit kiosk mode' });
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    expect
      .soft(await description(dialog), 'exit dialog described')
      .toBe('Only the admin who started kiosk mode can end it.');
    const password = dialog.getByLabel('Admin password');
    await password.fill('not-the-password');
    await password.press('Enter');
    const error = dialog.getByText('Wrong password. Ask the admin who started kiosk mode.', { exact: true });
    await error.waitFor({ timeout: 15_000 });
    expect(await password.evaluate((node) => node === document.activeElement)).toBe(true);
    expect.soft(await inAlert(error), 'error in an alert').toBe(true);

    // Leave kiosk mode (the tab is closed at the end of the file anyway).
    await password.fill(adminPassword);
    await password.press('Enter');
    await page.waitForURL(/\/admin\/contacts/, { timeout: 30_000 });
  }, 90_000);
});

/**
 * Every ID that an ARIA relation, a label's `for` or an input's `list` names, and that is not on the page: such a
 * reference points assistive technology at nothing (a tab controlling no panel, a field described by no text).
 */
const danglingIdReferences = (page: Page) =>
  page.evaluate(() => {
    const attributes = [
      'aria-controls',
      'aria-labelledby',
      'aria-describedby',
      'aria-owns',
      'aria-activedescendant',
      'aria-errormessage',
      'aria-details',
      'for',
      'list',
    ];
    const dangling: string[] = [];
    for (const attribute of attributes) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) dangling.push(`<${element.localName}> ${attribute}="${id}"`);
        }
      }
    }
    return dangling;
  });

describe('every ID a relation names is on the page', () => {
  it('the back office: each page, the settings tabs (loading too), and the record and user dialogs', async () => {
    const pages: [string, string][] = [
      ['/admin', 'Dashboard'],
      ['/admin/contacts', 'Leads'],
      ['/admin/communities', 'Communities'],
      ['/admin/listings', 'Property Listings'],
      ['/admin/properties', 'Properties'],
      ['/admin/admin-users', 'Admin Users'],
      ['/admin/audit', 'Audit Log'],
      ['/admin/sync', 'Sync'],
    ];
    for (const [pathname, heading] of pages) {
      const { page } = await suite.openAdmin(pathname, heading);
      // The page's data drawn (a table row, a card or an empty state), not only its heading.
      await page.waitForLoadState('networkidle');
      expect.soft(await danglingIdReferences(page), pathname).toEqual([]);
      if (pathname === '/admin/communities') {
        await page.getByRole('button', { name: /^Add Community/ }).click();
        await page.locator('dialog[open]').waitFor({ timeout: 10_000 });
        expect.soft(await danglingIdReferences(page), 'the community dialog').toEqual([]);
      }
      await page.close();
    }

    // Settings, held at "Loading settings…" (its answer waits), then each tab once loaded.
    const { page } = await suite.openAdmin('/admin/settings', 'Settings');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/settings', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByText('Loading settings…').waitFor({ timeout: 15_000 });
    expect.soft(await danglingIdReferences(page), 'settings while loading').toEqual([]);
    release();
    await page.getByRole('button', { name: 'Save Settings', exact: true }).waitFor({ timeout: 15_000 });
    for (const tab of ['General', 'Appearance', 'SEO', 'Password']) {
      await page.getByRole('tab', { name: tab }).click();
      expect.soft(await danglingIdReferences(page), `settings, ${tab}`).toEqual([]);
      const selected = page.getByRole('tab', { name: tab });
      const panel = await selected.getAttribute('aria-controls');
      expect.soft(panel, `${tab} controls its panel`).toBeTruthy();
      expect.soft(await page.locator(`[id="${panel}"]`).getAttribute('role'), `${tab}'s panel`).toBe('tabpanel');
    }
  }, 120_000);

  it('the public pages, and the dialogs a visitor opens', async () => {
    const tab = await suite.newTab({ serviceWorkers: 'block' });
    const page = tab.page;
    for (const pathname of ['/', '/communities', '/contact', '/search?q=katy', '/favorites', '/legal/privacy-policy']) {
      await open(page, pathname);
      expect.soft(await danglingIdReferences(page), pathname).toEqual([]);
    }
    await open(page, '/community/austin-point');
    expect.soft(await danglingIdReferences(page), 'community').toEqual([]);
    await page.getByRole('button', { name: 'Request Information', exact: true }).last().click();
    await page.getByRole('dialog', { name: /Request Information/ }).waitFor({ timeout: 10_000 });
    expect.soft(await danglingIdReferences(page), 'the inquiry popup').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Schedule Visit', exact: true }).last().click();
    await page.locator('#visit-consent').waitFor({ timeout: 10_000 });
    expect.soft(await danglingIdReferences(page), 'the visit dialog').toEqual([]);
    await page.keyboard.press('Escape');

    const listing = await page.locator('a[href^="/listing/"]').first().getAttribute('href');
    await open(page, listing!);
    await page.mouse.wheel(0, 4_000);
    await page.getByLabel('Loan term').waitFor({ timeout: 15_000 });
    expect.soft(await danglingIdReferences(page), 'listing, with its calculator').toEqual([]);
  }, 120_000);
});
