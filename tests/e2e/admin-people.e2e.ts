/**
 * The admin screens about people and the site (SPEC §2 "Settings page", "Admin Users page", §5 change password and
 * create admin, §6 roles, §8 admin messages; the lead inbox and audit log of issue 4): settings saved on the server
 * and shown on the public site, read-only for an ADMIN, the password change with each message; admin users listed,
 * created and deleted with the spec's texts; leads filtered through the URL, updated, marked as spam and exported;
 * the audit log for SUPER_ADMIN only. Server state is read back over the API after each write. One browser for
 * the file; sessions are stored the way a login stores them (the login form has its own tests).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminUser, Lead, SiteSettings } from '../../domain';
import {
  apiCall,
  apiLogin,
  createAdmin,
  expectFieldError,
  field,
  sidebarNav,
  superApi,
  unique,
  type ApiSession,
} from './support/admin';
import { adminGet, publicSettings } from './support/api';
import { e2eEnv, siteUrl } from './support/env';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const open = async (session: ApiSession, pathname: string, heading: string): Promise<Page> =>
  (await suite.openAdmin(pathname, heading, session)).page;

const settingsTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab', { name, exact: true });

describe('settings', () => {
  it('a SUPER_ADMIN saves General, Appearance and SEO on the server and the public site uses them', async () => {
    const original = await adminGet<SiteSettings>('/settings');
    const metaTitle = 'E2E Houston New Homes — Master-Planned Communities Guide';
    const page = await open(suite.session, '/admin/settings', 'Settings');
    try {
      expect(await page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab').allTextContents()).toEqual(
        ['General', 'Appearance', 'SEO', 'Password'],
      );
      await expect
        .poll(() => field(page, 'Site Name').inputValue(), { timeout: 10_000 })
        .toBe(original.general.siteName);
      await field(page, 'Contact Phone').fill('(713) 555-0199');

      await settingsTab(page, 'Appearance').click();
      await field(page, 'Primary Color').fill('#224466');
      await field(page, 'Logo URL').fill('/images/logo-e2e.svg');

      // SEO: live counts against the 50-60 and 150-160 hints.
      await settingsTab(page, 'SEO').click();
      const title = field(page, 'Meta Title');
      await title.fill('Too short');
      await expect
        .poll(async () => (await title.evaluate(hintOf))?.trim())
        .toBe('9 characters · recommended 50-60 (a little short)');
      await title.fill(metaTitle);
      expect(metaTitle.length).toBeGreaterThanOrEqual(50);
      await expect
        .poll(async () => (await title.evaluate(hintOf))?.trim())
        .toBe(`${metaTitle.length} characters · recommended 50-60`);
      const description = field(page, 'Meta Description');
      await description.fill('x'.repeat(170));
      await expect
        .poll(async () => (await description.evaluate(hintOf))?.trim())
        .toBe('170 characters · recommended 150-160 (may be cut off in search results)');
      await description.fill('y'.repeat(155));
      await expect
        .poll(async () => (await description.evaluate(hintOf))?.trim())
        .toBe('155 characters · recommended 150-160');
      await field(page, 'Meta Keywords').fill('new homes, Houston, e2e');

      await page.getByRole('button', { name: 'Save Settings', exact: true }).click();
      await page.getByText('Settings saved successfully!', { exact: true }).waitFor({ timeout: 10_000 });

      const saved = await publicSettings();
      expect(saved.general.contactPhone).toBe('(713) 555-0199');
      expect(saved.appearance).toMatchObject({ primaryColor: '#224466', logoUrl: '/images/logo-e2e.svg' });
      expect(saved.seo).toMatchObject({
        metaTitle,
        metaDescription: 'y'.repeat(155),
        metaKeywords: 'new homes, Houston, e2e',
      });

      // The public site: the home page's title and the primary colour.
      const home = await (await fetch(siteUrl('/'))).text();
      expect(home).toMatch(new RegExp(`<title[^>]*>${metaTitle}</title>`));
      const visitor = await suite.browser.newPage({ baseURL: e2eEnv().baseUrl });
      try {
        await visitor.goto('/', { waitUntil: 'load' });
        expect(await visitor.title()).toBe(metaTitle);
        expect(
          await visitor
            .locator('.app')
            .evaluate((element) => getComputedStyle(element).getPropertyValue('--site-primary').trim()),
        ).toBe('#224466');
      } finally {
        await visitor.close();
      }
    } finally {
      await superApi('PUT', '/settings', {
        general: original.general,
        appearance: original.appearance,
        seo: original.seo,
      });
    }
  });

  it('an ADMIN sees the settings read-only and changes their own password with every SPEC message', async () => {
    const agent = await createAdmin('ADMIN', 'settings');
    const page = await open(agent, '/admin/settings', 'Settings');
    await page
      .getByText('Only Super Admins can change site settings. You can view them here and change your own password.', {
        exact: true,
      })
      .waitFor();
    expect(await field(page, 'Site Name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save Settings', exact: true }).count()).toBe(0);
    // The server refuses the write for an ADMIN.
    expect((await apiCall(agent.token, 'PUT', '/settings', { general: { siteName: 'Hijacked' } })).status).toBe(403);

    await settingsTab(page, 'Password').click();
    const form = page.getByRole('form', { name: 'Change password' });
    const submit = form.getByRole('button', { name: 'Change Password', exact: true });
    await submit.click();
    await expectFieldError(field(form, 'Current Password'), 'Current password is required');
    await expectFieldError(field(form, 'New Password'), 'New password is required');
    await field(form, 'Current Password').fill(agent.password);
    await field(form, 'New Password').fill('short');
    await field(form, 'Confirm New Password').fill('short');
    await submit.click();
    await expectFieldError(field(form, 'New Password'), 'New password must be at least 8 characters');
    await field(form, 'New Password').fill('a-new-password-1');
    await field(form, 'Confirm New Password').fill('a-new-password-2');
    await submit.click();
    await expectFieldError(field(form, 'Confirm New Password'), 'Passwords do not match');

    // The server's message for a wrong current password.
    await field(form, 'Current Password').fill('not-my-password');
    await field(form, 'Confirm New Password').fill('a-new-password-1');
    await submit.click();
    await form.getByText('Current password is incorrect', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect((await apiCall(null, 'POST', '/admin/login', { email: agent.email, password: agent.password })).status).toBe(
      200,
    );

    await field(form, 'Current Password').fill(agent.password);
    await submit.click();
    await form.getByText('Password changed successfully!', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await field(form, 'New Password').inputValue()).toBe('');
    expect((await apiCall(null, 'POST', '/admin/login', { email: agent.email, password: agent.password })).status).toBe(
      401,
    );
    await apiLogin(agent.email, 'a-new-password-1');
    // The old token no longer works (a token stolen before the change is dead)...
    expect((await apiCall(agent.token, 'GET', '/admin/verify')).status).toBe(401);
    // ...but the admin who made the change stays signed in: the page signed in again with the new password.
    await sidebarNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor({ timeout: 15_000 });
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
  });
});

/** The text of the hint a field names in aria-describedby (the SEO character count). */
function hintOf(element: Element): string | undefined {
  return (
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .find((hint) => hint?.classList.contains('field__hint'))?.textContent ?? undefined
  );
}

const activeAdmins = async () =>
  (await adminGet<AdminUser[]>('/admin/users')).filter((admin) => admin.isActive !== false);

describe('admin users', () => {
  it('lists active admins with the count; the create modal validates; create and delete show the SPEC texts', async () => {
    const before = await activeAdmins();
    const page = await open(suite.session, '/admin/admin-users', 'Admin Users');
    const signedIn = page.getByRole('region', { name: 'Signed in as' });
    await signedIn.getByText(e2eEnv().adminEmail, { exact: true }).waitFor();
    expect(await signedIn.locator('.admin-badge').textContent()).toBe('Super Admin');
    const list = page.getByRole('region', { name: 'Active Admins' });
    await list
      .getByText(`${before.length} active ${before.length === 1 ? 'admin' : 'admins'}`, { exact: true })
      .waitFor({
        timeout: 10_000,
      });
    const rows = list.locator('.admin-list > li');
    expect(await rows.count()).toBe(before.length);
    // Delete is offered only for other, regular admins.
    for (const admin of before) {
      const expected = admin.role !== 'SUPER_ADMIN' && admin.id !== suite.session.admin.id ? 1 : 0;
      expect(await list.getByRole('button', { name: `Delete ${admin.email}`, exact: true }).count(), admin.email).toBe(
        expected,
      );
    }

    // The create modal: placeholder, role explanations, each message, a field error clears when edited.
    await page.getByRole('button', { name: '+ Add Admin', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
    await dialog.waitFor({ state: 'visible' });
    expect(await field(dialog, 'Password').getAttribute('placeholder')).toBe('Minimum 8 characters');
    // The rule is also said in words, tied to the field (a placeholder goes as typing starts).
    const hintId = (await field(dialog, 'Password').getAttribute('aria-describedby'))!;
    expect(await dialog.locator(`[id="${hintId}"]`).textContent()).toBe('At least 8 characters.');
    expect(await field(dialog, 'Admin Role').locator('option').allTextContents()).toEqual([
      'Regular Admin',
      'Super Admin',
    ]);
    const help = dialog.locator('.admin-role-help');
    expect(await help.textContent()).toBe(
      'Regular Admins manage communities, listings, properties and leads. They cannot manage other admin users.',
    );
    await field(dialog, 'Admin Role').selectOption('SUPER_ADMIN');
    expect(await help.textContent()).toBe(
      'Super Admins can do everything a Regular Admin can, and also manage admin users, site settings and the audit log.',
    );
    await field(dialog, 'Admin Role').selectOption('ADMIN');
    const create = dialog.getByRole('button', { name: 'Create Admin', exact: true });
    await create.click();
    await expectFieldError(field(dialog, 'Email Address'), 'Email is required');
    await expectFieldError(field(dialog, 'Password'), 'Password is required');
    const email = `e2e-new-${Date.now()}@example.com`;
    await field(dialog, 'Email Address').fill(email);
    await expect.poll(() => field(dialog, 'Email Address').getAttribute('aria-invalid')).toBeNull();
    expect(await field(dialog, 'Password').getAttribute('aria-invalid')).toBe('true');
    await field(dialog, 'Password').fill('short');
    await create.click();
    await expectFieldError(field(dialog, 'Password'), 'Password must be at least 8 characters');
    await field(dialog, 'Password').fill('e2e-new-admin-pass');
    await create.click();
    await page.getByText(`Admin user ${email} created successfully!`, { exact: true }).waitFor({ timeout: 10_000 });
    await dialog.waitFor({ state: 'hidden' });
    const created = (await activeAdmins()).find((admin) => admin.email === email);
    expect(created).toMatchObject({ role: 'ADMIN', isActive: true });
    await list.getByText(`${before.length + 1} active admins`, { exact: true }).waitFor();
    const row = rows.filter({ hasText: email });
    expect(await row.locator('.admin-avatar').textContent()).toBe('e');
    expect(await row.locator('.admin-badge').textContent()).toBe('Admin');
    expect(await row.getByText(/^Created [A-Z][a-z]+ \d{1,2}, \d{4}$/).count()).toBe(1);

    // Delete, with the permanent-action warning.
    await list.getByRole('button', { name: `Delete ${email}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Admin User' });
    await confirm
      .getByText("This action is permanent and cannot be undone. The admin's access is revoked immediately.", {
        exact: true,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete Admin', exact: true }).click();
    await page.getByText('Admin user deleted successfully!', { exact: true }).waitFor({ timeout: 10_000 });
    await row.waitFor({ state: 'detached' });
    expect((await activeAdmins()).some((admin) => admin.email === email)).toBe(false);
    expect((await apiCall(null, 'POST', '/admin/login', { email, password: 'e2e-new-admin-pass' })).status).toBe(401);
  }, 60_000);

  it("a delete the server refuses shows 'Failed to delete admin: {message}' for 5 s; the server's 403 texts for the rest", async () => {
    const victim = await createAdmin('ADMIN', 'stale');
    const page = await open(suite.session, '/admin/admin-users', 'Admin Users');
    const button = page.getByRole('button', { name: `Delete ${victim.email}`, exact: true });
    await button.waitFor({ timeout: 10_000 });
    // Someone else deletes the admin first: this page's list is stale, and the server answers 404.
    await superApi('DELETE', `/admin/users/${victim.admin.id}`);
    await button.click();
    await page
      .getByRole('dialog', { name: 'Delete Admin User' })
      .getByRole('button', { name: 'Delete Admin', exact: true })
      .click();
    const shown = Date.now();
    const error = page.getByText('Failed to delete admin: Not found', { exact: true });
    await error.waitFor({ timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 4_000 - (Date.now() - shown)));
    expect(await error.isVisible(), 'still shown after 4 s').toBe(true);
    await error.waitFor({ state: 'detached', timeout: 4_000 });

    // The two refusals the hidden buttons guard against, as the server words them (the UI maps them, SPEC §8).
    const agent = await createAdmin('ADMIN', 'refused');
    const refusedByRole = await apiCall<{ error: string }>(
      agent.token,
      'DELETE',
      `/admin/users/${suite.session.admin.id}`,
    );
    expect(refusedByRole).toEqual({
      status: 403,
      body: expect.objectContaining({ error: 'Super admin access required' }),
    });
    const second = await createAdmin('SUPER_ADMIN', 'self');
    const own = await apiCall<{ error: string }>(second.token, 'DELETE', `/admin/users/${second.admin.id}`);
    expect(own).toEqual({ status: 403, body: expect.objectContaining({ error: 'Cannot delete your own account' }) });
    await superApi('DELETE', `/admin/users/${second.admin.id}`);
    await superApi('DELETE', `/admin/users/${agent.admin.id}`);
  }, 60_000);

  it('offline, Admin Users says it cannot load because the device is offline, not only that it failed', async () => {
    // Opened once online (its code is on the page), then again offline.
    const page = await open(suite.session, '/admin/admin-users', 'Admin Users');
    await sidebarNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ timeout: 15_000 });
    await page.context().setOffline(true);
    try {
      await sidebarNav(page).getByRole('link', { name: 'Admin Users', exact: true }).click();
      await page.getByText(/^Failed to load admin users\. .*offline/).waitFor({ timeout: 15_000 });
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('an ADMIN has no Admin Users or Audit Log entry, is refused on both pages, and the API answers 403', async () => {
    const agent = await createAdmin('ADMIN', 'roles');
    const page = await open(agent, '/admin/admin-users', 'Admin Users');
    await page
      .getByText('Super admin access required. Only Super Admins can manage admin users.', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: '+ Add Admin', exact: true }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Active Admins' }).count()).toBe(0);
    const nav = sidebarNav(page);
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin Users', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: /Audit/ }).count()).toBe(0);
    // The dashboard's quick links offer only what an ADMIN may open: their own password, no users or settings.
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await quickLinks.getByRole('link', { name: 'Lead inbox', exact: true }).waitFor({ timeout: 15_000 });
    const linkNames = await quickLinks.getByRole('link').allTextContents();
    expect(linkNames).toContain('Change your password');
    for (const hidden of ['Admin users', 'Site settings', 'Audit log']) expect(linkNames).not.toContain(hidden);
    await page.goto('/admin/audit', { waitUntil: 'load' });
    await page
      .getByText('Super admin access required. Only Super Admins can open this page.', { exact: true })
      .waitFor();
    expect((await apiCall(agent.token, 'GET', '/admin/users')).status).toBe(403);
    expect((await apiCall(agent.token, 'GET', '/audit')).status).toBe(403);
  });
});

describe('lead inbox and audit log', () => {
  it('filters kept in the URL, the detail panel, status and notes saved on the server, the spam view and the CSV export', async () => {
    const marker = unique('e2elead').replace(' ', '');
    const community = (await adminGet<{ id: string; name: string }[]>('/communities'))[0]!;
    const make = (name: string, interest: string, extra: Record<string, unknown> = {}) =>
      superApi<Lead>('POST', '/contacts', {
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
        phone: '713-555-0100',
        message: `${marker} asks about ${interest}.`,
        interest,
        ...extra,
      });
    const older = await make(`${marker} Ada`, 'buying', { communityId: community.id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await make(`${marker} Ben`, 'investment');
    // A bot filling the honeypot: stored as spam.
    const spam = await apiCall<Lead>(null, 'POST', '/public/contacts', {
      name: `${marker} Bot`,
      email: 'bot@example.com',
      message: `${marker} buy cheap`,
      website: 'http://spam.example',
    });
    expect(spam.status).toBeLessThan(300);

    const page = await open(suite.session, `/admin/contacts?q=${marker}`, 'Leads');
    const items = page.locator('.admin-lead-list > li');
    await expect
      .poll(() => items.locator('strong').allTextContents(), { timeout: 10_000 })
      .toEqual([`${marker} Ben`, `${marker} Ada`]);

    // The sidebar's Leads entry counts the new leads.
    const newLeads = async () => (await adminGet<Lead[]>('/contacts')).filter((lead) => lead.status === 'NEW').length;
    const badge = sidebarNav(page).locator('.admin-nav__badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe(`${await newLeads()} new`);

    // A filter goes into the URL and survives a reload.
    await page.getByLabel('Interest', { exact: true }).selectOption('buying');
    await page.waitForURL(/interest=buying/);
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => items.locator('strong').allTextContents(), { timeout: 10_000 }).toEqual([`${marker} Ada`]);
    expect(await page.getByLabel('Interest', { exact: true }).inputValue()).toBe('buying');
    expect(new URL(page.url()).searchParams.get('q')).toBe(marker);

    // CSV export of the current filter.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(`${marker} Ada`);
    expect(csv).not.toContain(`${marker} Ben`);

    // Source and date range come from the URL too; the form shows them.
    await page.goto(`/admin/contacts?q=${marker}&source=admin`, { waitUntil: 'load' });
    await expect
      .poll(() => items.locator('strong').allTextContents(), { timeout: 10_000 })
      .toEqual([`${marker} Ben`, `${marker} Ada`]);
    expect(await page.getByLabel('Source', { exact: true }).inputValue()).toBe('admin');
    await page.goto(`/admin/contacts?q=${marker}&from=2001-01-01&to=2001-01-31`, { waitUntil: 'load' });
    await page.getByText('No leads match these filters.', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2001-01-01');
    await page.goto(`/admin/contacts?q=${marker}&interest=buying`, { waitUntil: 'load' });
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(1);

    // The detail panel: the whole request, a link to its community; status and notes saved on the server.
    await items.first().getByRole('link').click();
    // The lead's own address, with the list's filter kept for the way back (issue 18).
    await page.waitForURL(new RegExp(`/admin/leads/${older.id}\\?q=${marker}&interest=buying$`));
    const detail = page.locator('.admin-lead-detail');
    await detail.getByText(older.email, { exact: true }).waitFor();
    await detail.getByText(`${marker} asks about buying.`, { exact: true }).waitFor();
    expect(await detail.getByRole('link', { name: community.name }).count()).toBeGreaterThan(0);
    await field(detail, 'Status').selectOption('CONTACTED');
    await detail.getByLabel(/^Notes/).fill('Called back on Tuesday.');
    await detail.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText('Lead updated', { exact: true }).first().waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await adminGet<Lead[]>(`/contacts?q=${marker}`)).find((lead) => lead.id === older.id))
      .toMatchObject({ status: 'CONTACTED', notes: 'Called back on Tuesday.' });

    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe(`${await newLeads()} new`);

    // Mark the other one as spam: it leaves the inbox and shows in the spam view with the bot's.
    await page.goto(`/admin/contacts?q=${marker}&lead=${newer.id}`, { waitUntil: 'load' });
    await page.locator('.admin-lead-detail').getByRole('button', { name: 'Mark as spam', exact: true }).click();
    await expect
      .poll(async () => (await adminGet<Lead[]>(`/contacts?q=${marker}&status=SPAM`)).map((lead) => lead.name).sort())
      .toEqual([`${marker} Ben`, `${marker} Bot`]);
    // The Spam view says how many leads it holds, beside its link, as the server counts them.
    const spamLink = page.getByRole('navigation', { name: 'Lead views' }).getByRole('link', { name: /^Spam/ });
    const spamCount = async () =>
      String((await adminGet<{ byStatus: Record<string, number> }>('/contacts/counts')).byStatus.SPAM);
    await expect
      .poll(() => spamLink.getByTestId('spam-count').textContent(), { timeout: 10_000 })
      .toBe(await spamCount());
    await spamLink.click();
    await page.waitForURL(/status=SPAM/);
    await page.getByLabel('Search', { exact: true }).fill(marker);
    await expect
      .poll(() => items.locator('strong').allTextContents(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([`${marker} Ben`, `${marker} Bot`]));
  }, 60_000);

  it('when the server does not give the counts, the Spam view says its count is missing (the inbox hides spam)', async () => {
    const { page } = await suite.openAdmin('/admin', 'Dashboard');
    await page.route('**/api/contacts/counts*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    await page.goto('/admin/contacts', { waitUntil: 'load' });
    const spamLink = page.getByRole('navigation', { name: 'Lead views' }).getByRole('link', { name: /^Spam/ });
    await expect.poll(() => spamLink.getByTestId('spam-count').textContent(), { timeout: 15_000 }).toContain('?');
    expect(await spamLink.textContent()).toContain('the count could not be loaded');
  }, 60_000);

  it('a lead sent within a second of opening its form (autofill) is NEW in the inbox with a visible flag', async () => {
    const marker = unique('e2equick').replace(' ', '');
    const quick = await apiCall<{ id: string }>(null, 'POST', '/public/contacts', {
      name: `${marker} Quick`,
      email: 'quick@example.com',
      message: `${marker} autofilled`,
      fillTimeMs: 800,
    });
    expect(quick.status).toBeLessThan(300);
    const page = await open(suite.session, `/admin/contacts?q=${marker}`, 'Leads');
    const items = page.locator('.admin-lead-list > li');
    await expect
      .poll(() => items.locator('strong').allTextContents(), { timeout: 10_000 })
      .toEqual([`${marker} Quick`]);
    expect(await items.first().getByText('New', { exact: true }).count()).toBe(1);
    expect(await items.first().getByText('Sent within 1 s', { exact: true }).count()).toBe(1);
    await items.first().getByRole('link').click();
    await page
      .locator('.admin-lead-detail')
      .getByText(/^Sent within 1 s of opening the form/)
      .waitFor();
  });

  it('the audit log lists the writes for a SUPER_ADMIN', async () => {
    const page = await open(suite.session, '/admin/audit', 'Audit Log');
    const { total } = await adminGet<{ total: number; entries: unknown[] }>('/audit');
    expect(total).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('table tbody tr, .admin-list > li').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('table tbody tr').filter({ hasText: e2eEnv().adminEmail }).count()).toBeGreaterThan(0);
    expect(await sidebarNav(page).getByRole('link', { name: /Audit/ }).count()).toBe(1);
  });
});
