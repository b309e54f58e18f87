/**
 * The back office by keyboard alone (the accessibility audit's findings 1, 3 and 6; WCAG 2.4.3 Focus Order): after
 * an action the keyboard's focus stays where the admin is, not dropped to <body> (where the next Tab starts again at
 * the top of the page):
 * - a lead's Save changes and Add note keep the focus on the pressed button; Assign to me (which then goes) moves it
 *   to the Owner select;
 * - a refused Sign in keeps it on the button;
 * - the Sync page moves it to the next conflict's heading once one is resolved, then to "Everything is synced";
 * - a cancelled bulk delete or status change gives it back to the button that asked;
 * - the menu drawer of a narrow screen is modal: the focus moves into it, Tab and Shift+Tab stay inside, Escape
 *   closes it and gives the focus back to the Menu button.
 * Each action is a key press on a focused element. Every record a test creates is deleted at its end.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Lead, Property } from '../../domain';
import { MESSAGES } from '../../domain';
import { expectToast, field, injectSession, superApi, unique } from './support/admin';
import { addToOutbox, stamp, type StoredOutboxEntry } from './support/admin-sync';
import { adminGet } from './support/api';
import { adminSuite } from './support/suite';

const suite = adminSuite();

/** What has the keyboard's focus: its tag, id, and text or accessible label (for the assertion messages too). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 60) ?? '';
    return `${active.tagName}${active.id ? `#${active.id}` : ''} ${name}`.trim();
  });

const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * The focus once it is `expected` (a description as `focused` gives it), or whatever holds it after `timeoutMs`:
 * the tests gather these and compare them all at the end, so a failure lists every place the focus was lost.
 */
async function focusOnceSettled(page: Page, expected: string | RegExp, timeoutMs = 5_000): Promise<string> {
  const matches = (now: string) => (typeof expected === 'string' ? now === expected : expected.test(now));
  const end = Date.now() + timeoutMs;
  let now = await focused(page);
  while (!matches(now) && Date.now() < end) {
    await page.waitForTimeout(100);
    now = await focused(page);
  }
  return now;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Focuses `target` and presses `key` on it, as a keyboard user would. */
async function press(target: Locator, key = 'Enter'): Promise<void> {
  await target.focus();
  await target.press(key);
}

const newProperty = (title: string) =>
  superApi<Property>('POST', '/properties', {
    title,
    address: '4 Keyboard Ln',
    city: 'Houston',
    state: 'TX',
    zipCode: '77008',
    price: 310_000,
  });

describe('keyboard focus after back-office actions', () => {
  it('a lead: Save changes and Add note keep the focus on their button; Assign to me moves it to the Owner select', async () => {
    const marker = unique('e2ekeys').replace(' ', '');
    const lead = await superApi<Lead>('POST', '/contacts', {
      name: `${marker} Kim`,
      email: `${marker.toLowerCase()}@example.com`,
      phone: '(713) 555-0170',
      message: 'Please send the floor plans.',
      interest: 'buying',
    });
    try {
      const { page } = await suite.openAdmin(`/admin/leads/${lead.id}`, 'Leads');
      const detail = page.locator('.admin-lead-detail');
      await detail.getByRole('heading', { name: `${marker} Kim` }).waitFor({ timeout: 15_000 });

      // Assign to me first (the lead is unassigned): the button goes once done, the Owner select says "(me)".
      const owner = field(detail, 'Owner');
      await expect.poll(() => owner.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      await press(detail.getByRole('button', { name: 'Assign to me', exact: true }));
      await expectToast(page, 'Assigned to you');
      await detail.getByRole('button', { name: 'Assign to me', exact: true }).waitFor({ state: 'detached' });
      const ownerFocus = `SELECT#${await owner.getAttribute('id')}`;
      const after: Record<string, string> = {};
      after.assignToMe = await focusOnceSettled(page, new RegExp(`^${escapeRegExp(ownerFocus)} `));
      expect(await owner.locator('option:checked').textContent()).toMatch(/\(me\)$/);

      // A status picked with the arrow keys, then Save changes pressed with Enter.
      await press(field(detail, 'Status'), 'ArrowDown');
      const save = detail.getByRole('button', { name: 'Save changes', exact: true });
      await press(save);
      await expectToast(page, 'Lead updated');
      await expect.poll(() => adminGet<Lead>(`/contacts/${lead.id}`).then((stored) => stored.status)).not.toBe('NEW');
      after.saveChanges = await focusOnceSettled(page, 'BUTTON Save changes');

      // A note typed, then Add note pressed with Enter: the field empties, the focus stays on the button.
      await detail.getByLabel(/^Add a note/).fill('Wants a corner lot.');
      const addNote = detail.getByRole('button', { name: 'Add note', exact: true });
      await press(addNote);
      await expectToast(page, 'Note added');
      await detail.getByRole('list', { name: 'Lead history, newest first' }).getByText('Wants a corner lot.').waitFor();
      after.addNote = await focusOnceSettled(page, 'BUTTON Add note');
      expect(after).toEqual({
        assignToMe: expect.stringMatching(new RegExp(`^${escapeRegExp(ownerFocus)} `)),
        saveChanges: 'BUTTON Save changes',
        addNote: 'BUTTON Add note',
      });
      // Clean again, Save changes says so (aria-disabled) and a press does nothing; so does Add note with no text.
      expect(await save.getAttribute('aria-disabled')).toBe('true');
      expect(await addNote.getAttribute('aria-disabled')).toBe('true');
      await press(addNote);
      await press(save);
      await page.waitForTimeout(500);
      const stored = await adminGet<Lead>(`/contacts/${lead.id}`);
      expect(stored.timeline?.filter((event) => event.kind === 'note')).toHaveLength(1);
      expect(stored.version).toBe(4);
    } finally {
      await superApi('DELETE', `/contacts/${lead.id}`);
    }
  }, 90_000);

  it('login: Sign in with a wrong password keeps the focus on the button', async () => {
    const tab = await suite.newTab({ serviceWorkers: 'block' });
    const { page } = tab;
    await page.goto('/admin/login', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Admin Login', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Email').fill(`nobody-${stamp()}@example.com`);
    await page.getByLabel('Password').fill('not-the-password');
    await press(page.getByRole('button', { name: 'Sign in', exact: true }));
    await page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).waitFor({ timeout: 10_000 });
    expect(await focusOnceSettled(page, 'BUTTON Sign in'), 'focus after a refused Sign in').toBe('BUTTON Sign in');
  }, 60_000);

  it('Sync page: resolving a conflict moves the focus to the next conflict, the last one to "Everything is synced"', async () => {
    const label = `E2E Keyboard Sync ${stamp()}`;
    const records = [await newProperty(`${label} A`), await newProperty(`${label} B`)];
    try {
      // A colleague's save after this device's edits were made: both edits are stale (version 1 against 2).
      for (const record of records) await superApi('PUT', `/properties/${record.id}`, { price: 320_000 });
      const tab = await suite.newTab({ serviceWorkers: 'block' });
      const { page } = tab;
      await injectSession(page, suite.session);
      await page.goto('/admin/sync', { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Everything is synced', exact: true }).waitFor({ timeout: 20_000 });
      const now = Date.now();
      const queued: StoredOutboxEntry[] = records.map((record, index) => ({
        id: crypto.randomUUID(),
        entity: 'properties',
        op: 'update',
        entityId: record.id,
        method: 'PUT',
        path: `properties/${record.id}`,
        payload: { price: 330_000 + index },
        baseVersion: record.version,
        createdAt: now - 60_000 + index,
        attempts: 1,
        nextAttemptAt: now - 1_000,
        state: 'pending',
        lastStatus: 'network',
        lastError: 'The server could not be reached',
      }));
      await addToOutbox(page, queued);
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Conflicts (2)', exact: true }).waitFor({ timeout: 30_000 });
      const cards = page.getByRole('article', { name: /^Conflict: / });
      const firstTitle = (await cards.nth(0).getAttribute('aria-label'))!.replace('Conflict: ', '');
      const secondTitle = (await cards.nth(1).getAttribute('aria-label'))!.replace('Conflict: ', '');

      // Keep mine on the first, confirmed with Enter: its card goes, the focus is on the next card's heading.
      await press(cards.nth(0).getByRole('button', { name: 'Keep mine', exact: true }));
      const question = page.locator('dialog[open]');
      await question.waitFor({ state: 'visible', timeout: 5_000 });
      await page.keyboard.press('Enter');
      await expectToast(page, 'Your version will be sent');
      await page.getByRole('article', { name: `Conflict: ${firstTitle}` }).waitFor({ state: 'detached' });
      const secondHeading = `H3#${await page
        .getByRole('article', { name: `Conflict: ${secondTitle}` })
        .getByRole('heading', { level: 3 })
        .getAttribute('id')}`;
      const after: Record<string, string> = {};
      after.keepMine = await focusOnceSettled(page, new RegExp(`^${escapeRegExp(secondHeading)} `));

      // Take theirs on the last one: once nothing is left, the focus is on "Everything is synced".
      const second = page.getByRole('article', { name: `Conflict: ${secondTitle}` });
      await press(second.getByRole('button', { name: 'Take theirs', exact: true }));
      await question.waitFor({ state: 'visible', timeout: 5_000 });
      await page.keyboard.press('Enter');
      await expectToast(page, 'Kept the version on the server');
      await page.getByRole('heading', { name: 'Everything is synced', exact: true }).waitFor({ timeout: 20_000 });
      after.takeTheirs = await focusOnceSettled(page, 'H2#sync-everything-synced Everything is synced', 10_000);
      expect(after).toEqual({
        keepMine: expect.stringMatching(new RegExp(`^${escapeRegExp(secondHeading)} `)),
        takeTheirs: 'H2#sync-everything-synced Everything is synced',
      });
    } finally {
      for (const record of records) await superApi('DELETE', `/properties/${record.id}`);
    }
  }, 90_000);

  it('a cancelled bulk delete or status change gives the focus back to the button that asked', async () => {
    const marker = unique('E2E Keyboard Bulk');
    const records = [await newProperty(`${marker} 1`), await newProperty(`${marker} 2`)];
    try {
      const { page } = await suite.openAdmin('/admin/properties', 'Properties');
      await page.getByLabel('Search properties').fill(marker);
      const rows = page.getByRole('table', { name: 'Properties', exact: true }).locator('tbody tr[data-record-id]');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      for (const record of records) await press(page.getByLabel(`Select ${record.title}`, { exact: true }), 'Space');
      await page.getByText('2 properties selected', { exact: true }).waitFor();
      const question = page.locator('dialog[open]');

      // Escape on the delete's confirmation.
      const remove = page.getByRole('button', { name: 'Delete selected', exact: true });
      await press(remove);
      await question.waitFor({ state: 'visible', timeout: 5_000 });
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached', timeout: 5_000 });
      const after: Record<string, string> = {};
      after.deleteCancelled = await focusOnceSettled(page, 'BUTTON Delete selected', 1_000);

      // Cancel (pressed with Enter) on the status change's confirmation.
      const change = page.getByRole('button', { name: 'Change status', exact: true });
      await press(change);
      await question.waitFor({ state: 'visible', timeout: 5_000 });
      await press(question.getByRole('button', { name: 'Cancel', exact: true }));
      await question.waitFor({ state: 'detached', timeout: 5_000 });
      after.statusCancelled = await focusOnceSettled(page, 'BUTTON Change status', 1_000);
      expect(after).toEqual({ deleteCancelled: 'BUTTON Delete selected', statusCancelled: 'BUTTON Change status' });
      // Nothing was changed, and the selection stands.
      await page.getByText('2 properties selected', { exact: true }).waitFor();
      const stored = await adminGet<Property[]>('/properties');
      expect(records.map((record) => stored.find((candidate) => candidate.id === record.id)?.version)).toEqual(
        records.map((record) => record.version),
      );
    } finally {
      for (const record of records) await superApi('DELETE', `/properties/${record.id}`);
    }
  }, 60_000);

  it('the menu drawer of a narrow screen is modal: focus inside, Tab and Shift+Tab stay in it, Escape returns to Menu', async () => {
    const tab = await suite.newTab({ serviceWorkers: 'block', viewport: { width: 390, height: 800 } });
    const { page } = tab;
    await injectSession(page, suite.session);
    await page.goto('/admin/dashboard', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor({ timeout: 20_000 });
    const menu = page.getByRole('button', { name: /^Menu/ });
    const sidebar = page.locator('aside.admin-sidebar');
    const inDrawer = () => page.evaluate(() => Boolean(document.activeElement?.closest('aside.admin-sidebar')));

    await press(menu);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(inDrawer, { message: 'the focus moves into the open drawer' }).toBe(true);
    const visited = new Set<string>();
    for (let step = 1; step <= 20; step += 1) {
      await page.keyboard.press('Tab');
      visited.add(await focused(page));
      expect(await inDrawer(), `Tab ${step} stays in the drawer (focus: ${await focused(page)})`).toBe(true);
    }
    expect(visited.size, 'Tab went round the drawer').toBeGreaterThan(5);
    for (let step = 1; step <= 12; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDrawer(), `Shift+Tab ${step} stays in the drawer (focus: ${await focused(page)})`).toBe(true);
    }
    // The page behind cannot be reached by other means either.
    expect(await page.locator('#admin-main').evaluate((main) => (main as HTMLElement).inert)).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => hasFocus(menu), { message: 'Escape gives the focus back to Menu' }).toBe(true);
    await expect.poll(() => sidebar.evaluate((element) => getComputedStyle(element).visibility)).toBe('hidden');
    expect(await page.locator('#admin-main').evaluate((main) => (main as HTMLElement).inert)).toBe(false);

    // A link followed inside the drawer: the drawer closes with the navigation, and the focus goes to the new
    // page's content, not to <body> (the followed link is hidden with the drawer).
    await press(menu);
    await expect.poll(inDrawer).toBe(true);
    await press(sidebar.getByRole('link', { name: 'Listings', exact: true }));
    await page.getByRole('heading', { name: 'Property Listings', exact: true, level: 1 }).waitFor({ timeout: 20_000 });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await focusOnceSettled(page, /^MAIN#admin-main\b/)).toMatch(/^MAIN#admin-main\b/);
  }, 60_000);
});
