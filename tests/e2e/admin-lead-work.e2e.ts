/**
 * Working leads in the back office (issue 18): a lead's own address survives a reload; owner, next step and notes
 * saved on the server and shown on the timeline by their author; quick actions (call and email links that log
 * themselves, with a prefilled subject); the Mine, Unassigned and Overdue views with their counts; and the
 * offline path: a lead assigned and noted without a connection shows its waiting entries, then reaches the
 * server once, one timeline entry each. Server state is read back over the API after each write.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../domain';
import { createAdmin, expectToast, field, superApi, unique, type ApiSession } from './support/admin';
import { adminGet } from './support/api';
import { e2eEnv } from './support/env';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const open = async (session: ApiSession, pathname: string): Promise<Page> =>
  (await suite.openAdmin(pathname, 'Leads', session)).page;

const newLead = (name: string, extra: Record<string, unknown> = {}) =>
  superApi<Lead>('POST', '/contacts', {
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    phone: '(713) 555-0142',
    message: `${name} would like the price sheet.`,
    interest: 'buying',
    ...extra,
  });

const storedLead = (id: string) => adminGet<Lead>(`/contacts/${id}`);
const timelineOf = async (id: string) =>
  ((await storedLead(id)).timeline ?? []).map(({ kind, text, actorEmail }) => ({ kind, text, actorEmail }));
const viewLink = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Lead views' }).getByRole('link', { name });

describe('lead work', () => {
  it('owner, next step, notes and quick actions on the timeline; the lead has its own address; Mine and Overdue views', async () => {
    const marker = unique('e2ework').replace(' ', '');
    const agent = await createAdmin('ADMIN', 'owner');
    const lead = await newLead(`${marker} Ada`);
    const superEmail = e2eEnv().adminEmail;

    // The lead's own address opens it, and a reload keeps it open.
    const page = await open(suite.session, `/admin/leads/${lead.id}?q=${marker}`);
    const detail = page.locator('.admin-lead-detail');
    await detail.getByRole('heading', { name: `${marker} Ada` }).waitFor({ timeout: 15_000 });
    await page.reload({ waitUntil: 'load' });
    await detail.getByRole('heading', { name: `${marker} Ada` }).waitFor({ timeout: 15_000 });
    await detail.getByText('Unassigned', { exact: false }).first().waitFor();

    // Owner and a next step already past due, saved together.
    await expect.poll(() => field(detail, 'Owner').locator('option').allTextContents()).toContain(agent.email);
    await field(detail, 'Owner').selectOption({ label: agent.email });
    await detail.getByLabel(/^Next step/).fill('Send the price sheet');
    await detail.getByLabel(/^Due/).fill('2020-01-02');
    await detail.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectToast(page, 'Lead updated');
    await expect
      .poll(async () => {
        const stored = await storedLead(lead.id);
        return { ownerId: stored.ownerId, nextStepAt: stored.nextStepAt, nextStep: stored.nextStep };
      })
      .toEqual({ ownerId: agent.admin.id, nextStepAt: '2020-01-02', nextStep: 'Send the price sheet' });
    await detail.getByText('Overdue', { exact: true }).first().waitFor();

    // A note goes straight to the timeline, by its author.
    await detail.getByLabel(/^Add a note/).fill('Prefers a one-story plan.');
    await detail.getByRole('button', { name: 'Add note', exact: true }).click();
    await expectToast(page, 'Note added');
    const history = detail.getByRole('list', { name: 'Lead history, newest first' });
    await history.getByText('Prefers a one-story plan.', { exact: true }).waitFor();
    expect(await history.locator('li').first().textContent()).toContain(superEmail);

    // Quick actions: the email link carries a subject; following the call link logs the call.
    const email = detail.getByRole('link', { name: 'Email', exact: true });
    expect(decodeURIComponent((await email.getAttribute('href')) ?? '')).toBe(
      `mailto:${lead.email}?subject=Your message to ${(await adminGet<{ general: { siteName: string } }>('/settings')).general.siteName}`,
    );
    const call = detail.getByRole('link', { name: /^Call / });
    expect(await call.getAttribute('href')).toBe('tel:7135550142');
    // The app's own click handler runs; the browser's default (opening tel:) is stopped after it, at the window.
    // Headless Chromium 156 answers a followed tel: link with a prompt of its own that nobody can close, and it
    // swallowed every later mouse input to the page (the stop CI of 73420b9 failed on the Overdue click below
    // twice). A phone or a laptop hands tel: to its dialler instead.
    await page.evaluate(() =>
      window.addEventListener('click', (event) => {
        if ((event.target as Element | null)?.closest?.('a[href^="tel:"]')) event.preventDefault();
      }),
    );
    await call.click();
    await expectToast(page, 'Call logged');

    await expect
      .poll(() => timelineOf(lead.id), { timeout: 10_000 })
      .toEqual([
        { kind: 'owner', text: `Assigned to ${agent.email}`, actorEmail: superEmail },
        { kind: 'next-step', text: 'Send the price sheet by 2020-01-02', actorEmail: superEmail },
        { kind: 'note', text: 'Prefers a one-story plan.', actorEmail: superEmail },
        { kind: 'call', text: 'Called', actorEmail: superEmail },
      ]);

    // The Overdue view lists it, and its count is the server's.
    await viewLink(page, /^Overdue/).click();
    await page.waitForURL(/\/admin\/contacts\?overdue=true$/);
    const counts = await adminGet<{ overdue: number; unassigned: number }>('/contacts/counts');
    await expect.poll(() => page.getByTestId('overdue-count').textContent()).toBe(String(counts.overdue));
    await expect.poll(() => page.getByTestId('unassigned-count').textContent()).toBe(String(counts.unassigned));
    await page.locator('.admin-lead-list').getByText(`${marker} Ada`, { exact: true }).waitFor({ timeout: 10_000 });

    // The agent's Mine view holds it; the super admin's does not.
    const agentPage = await open(agent, `/admin/contacts?owner=me&q=${marker}`);
    await agentPage
      .locator('.admin-lead-list')
      .getByText(`${marker} Ada`, { exact: true })
      .waitFor({ timeout: 10_000 });
    await page.goto(`/admin/contacts?owner=me&q=${marker}`, { waitUntil: 'load' });
    await page.getByText('No leads match these filters.', { exact: true }).waitFor({ timeout: 10_000 });
  }, 120_000);

  it('offline: a lead assigned and noted without a connection shows as waiting, then syncs once, one entry each', async () => {
    const marker = unique('e2eoffline').replace(' ', '');
    const agent = await createAdmin('ADMIN', 'offline');
    const lead = await newLead(`${marker} Ben`);
    const page = await open(agent, `/admin/leads/${lead.id}`);
    const detail = page.locator('.admin-lead-detail');
    await detail.getByRole('heading', { name: `${marker} Ben` }).waitFor({ timeout: 15_000 });
    // The owner list is kept on the device for offline use once it has been read.
    await expect
      .poll(() => field(detail, 'Owner').locator('option').allTextContents())
      .toContain(`${agent.email} (me)`);

    await page.context().setOffline(true);
    await detail.getByRole('button', { name: 'Assign to me', exact: true }).click();
    await expectToast(page, 'Saved on this device; it will sync once you are online.');
    await detail.getByLabel(/^Add a note/).fill('Met at the open house, call Friday.');
    await detail.getByRole('button', { name: 'Add note', exact: true }).click();
    const history = detail.getByRole('list', { name: 'Lead history, newest first' });
    await history.getByText('Met at the open house, call Friday.', { exact: true }).waitFor({ timeout: 10_000 });
    await expect.poll(() => history.getByText(/Waiting to sync/).count()).toBe(2);
    expect((await storedLead(lead.id)).ownerId ?? null).toBeNull();

    await page.context().setOffline(false);
    await expect
      .poll(() => timelineOf(lead.id), { timeout: 30_000 })
      .toEqual([
        { kind: 'owner', text: `Assigned to ${agent.email}`, actorEmail: agent.email },
        { kind: 'note', text: 'Met at the open house, call Friday.', actorEmail: agent.email },
      ]);
    expect((await storedLead(lead.id)).ownerId).toBe(agent.admin.id);
    // Once delivered, the device shows the server's copy: nothing is left waiting.
    await expect.poll(() => history.getByText(/Waiting to sync/).count(), { timeout: 20_000 }).toBe(0);
  }, 120_000);
});
