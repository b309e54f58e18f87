/**
 * The dashboard's day first (issue 18) in Chromium against the real server: tiles counting new leads, leads
 * without owner and overdue follow-ups as GET /api/contacts/counts does, today's and tomorrow's visits in Central
 * Time (on a device set to Tokyo's zone) with their time and community, each linking to its lead, a tile opened
 * from the keyboard landing on the filtered inbox, and with the server out of reach: the device's copy, and the
 * sync queue's tiles.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, LeadCounts } from '../../domain';
import { addDays, formatSlot, zonedNow } from '../../domain/visit-slots';
import { apiCall, apiLogin, openAdminPage, superApi, unique, type ApiSession } from './support/admin';
import { addToOutbox, type StoredOutboxEntry } from './support/admin-sync';
import { adminGet, publicCommunities, uniqueEmail } from './support/api';
import { launchBrowser, newPage, type E2ePage } from './support/browser';
import { e2eEnv } from './support/env';

let browser: Browser;
let session: ApiSession;
let community: Community;
const tabs: E2ePage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const { adminEmail, adminPassword } = e2eEnv();
  session = await apiLogin(adminEmail, adminPassword);
  community = (await publicCommunities())[0]!;
});

afterAll(async () => {
  for (const tab of tabs) await tab.close();
  await browser?.close();
});

/** A visitor's request through the public API (no fill time: stored NEW, not flagged). */
async function publicLead(body: Record<string, unknown>): Promise<string> {
  const name = String(body.name);
  const answer = await apiCall<{ id: string }>(null, 'POST', '/public/contacts', {
    email: uniqueEmail('dashboard'),
    message: `${name} would like to hear from the sales team.`,
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

const dayTiles = (page: Page) => page.getByRole('region', { name: 'Today', exact: true });
/** The tile (a link) whose label is exactly `label`. */
const tile = (page: Page, label: string) =>
  dayTiles(page)
    .locator('a.admin-stat')
    .filter({ has: page.getByText(label, { exact: true }) });
const tileValue = async (page: Page, label: string) =>
  (await tile(page, label).locator('.admin-stat__value').textContent())?.trim();
const visitsCard = (page: Page) => page.getByRole('region', { name: 'Visits today and tomorrow' });

describe('the dashboard leads with the day', () => {
  it("counts the day's leads, lists today's and tomorrow's visits in Central Time, and its tiles open the filtered inbox", async () => {
    const marker = unique('E2E Day');
    const today = zonedNow(new Date()).date;
    const newLeadId = await publicLead({ name: `${marker} Nadia`, interest: 'buying' });
    // Past due since yesterday: an overdue follow-up (and, with no owner, a lead without owner).
    await superApi('PATCH', `/contacts/${newLeadId}`, { nextStepAt: addDays(today, -1), nextStep: 'Call back' });
    // 06:00 comes before any sales-office slot, so it leads today's short list whatever else is booked.
    const todayVisitId = await publicLead({
      name: `${marker} Tess`,
      interest: 'visit',
      source: 'visit',
      communityId: community.id,
      preferredDate: today,
      preferredSlot: '06:00',
      visitType: 'in-person',
    });
    await publicLead({
      name: `${marker} Theo`,
      interest: 'visit',
      source: 'visit',
      communityId: community.id,
      preferredDate: addDays(today, 1),
      preferredSlot: '06:00',
    });

    // A device set to Tokyo's zone: its date is ahead of Houston's most of the day, the visits' days are not.
    const context = await browser.newContext({
      baseURL: e2eEnv().baseUrl,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
      locale: 'en-US',
      timezoneId: 'Asia/Tokyo',
    });
    const tab = await newPage(context);
    tabs.push({ ...tab, close: async () => context.close().catch(() => {}) });
    const page = tab.page;
    await page.addInitScript(
      ({ token, admin }) => {
        localStorage.setItem('adminToken', token);
        localStorage.setItem('adminUser', JSON.stringify(admin));
      },
      { token: session.token, admin: session.admin },
    );
    await page.goto('/admin/dashboard', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor({ timeout: 20_000 });

    // The counts are the server's (read in the same poll, so the two always describe one moment).
    const counts = () => adminGet<LeadCounts>('/contacts/counts');
    await expect
      .poll(async () => (await tileValue(page, 'New leads')) === String((await counts()).byStatus.NEW), {
        timeout: 15_000,
      })
      .toBe(true);
    const server = await counts();
    expect(server.overdue).toBeGreaterThanOrEqual(1);
    expect(await tileValue(page, 'Leads without owner')).toBe(String(server.unassigned));
    expect(await tileValue(page, 'Overdue follow-ups')).toBe(String(server.overdue));
    expect(await tile(page, 'Overdue follow-ups').getAttribute('data-tone')).toBe('attention');
    expect(await tile(page, 'Sync conflicts').getAttribute('href')).toBe('/admin/sync');
    expect(await tileValue(page, 'Waiting to sync')).toBe('0');

    // Today's visit first in its day, with its time and community, linking to the lead.
    const card = visitsCard(page);
    const todayList = card.getByRole('list', { name: /^Today/ });
    const firstToday = todayList.getByRole('link').first();
    await expect.poll(() => firstToday.textContent(), { timeout: 10_000 }).toContain(`${marker} Tess`);
    expect(await firstToday.textContent()).toContain(formatSlot('06:00'));
    expect(await firstToday.textContent()).toContain(community.name);
    expect(await firstToday.getAttribute('href')).toBe(`/admin/leads/${todayVisitId}`);
    const tomorrowList = card.getByRole('list', { name: /^Tomorrow/ });
    expect(await tomorrowList.getByRole('link').first().textContent()).toContain(`${marker} Theo`);
    const todayVisits = await todayList.getByRole('link').count();
    expect(Number(await tileValue(page, 'Visits today'))).toBeGreaterThanOrEqual(todayVisits);
    expect(await tile(page, 'Visits today').textContent()).toMatch(/\d+ tomorrow/);

    // The totals and quick links are still there, below the day.
    expect(await page.getByRole('region', { name: 'Totals' }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link').count()).toBeGreaterThan(4);

    // From the keyboard: the "New leads" tile opens the inbox filtered to NEW leads, ours among them.
    await tile(page, 'New leads').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/contacts' && url.search === '?status=NEW', {
      timeout: 10_000,
    });
    await page.getByRole('heading', { name: 'Leads', exact: true, level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByText(`${marker} Nadia`, { exact: true }).first().waitFor({ timeout: 15_000 });
    await page.goBack();
    await expect
      .poll(() => tile(page, 'Leads without owner').getAttribute('href'), { timeout: 10_000 })
      .toBe('/admin/contacts?owner=unassigned');
    expect(await tile(page, 'Overdue follow-ups').getAttribute('href')).toBe('/admin/contacts?overdue=true');

    // A visit opens its lead.
    await firstToday.click();
    await page.waitForURL((url) => url.pathname === `/admin/leads/${todayVisitId}`, { timeout: 10_000 });
    await page.getByText(`${marker} Tess`, { exact: true }).first().waitFor({ timeout: 15_000 });
  }, 90_000);

  it("offline: today's visits from the device's copy, and the sync queue's waiting changes and conflicts", async () => {
    const marker = unique('E2E Offline Day');
    await publicLead({
      name: `${marker} Oona`,
      interest: 'visit',
      source: 'visit',
      communityId: community.id,
      preferredDate: zonedNow(new Date()).date,
      preferredSlot: '06:00',
    });
    const tab = await openAdminPage(browser, session, '/admin/dashboard', 'Dashboard');
    tabs.push(tab);
    const page = tab.page;
    await visitsCard(page).getByText(`${marker} Oona`).waitFor({ timeout: 15_000 });

    // One change waiting (its next try an hour away) and one in conflict, as the outbox stores them; the page is
    // reloaded to read them (rows written outside the app do not wake its live queries).
    const queued = (id: string, state: 'pending' | 'conflict') =>
      ({
        id,
        entity: 'listings',
        op: 'update',
        entityId: `dashboard-${id}`,
        method: 'PUT',
        path: `listings/dashboard-${id}`,
        payload: { title: `${marker} ${state}` },
        baseVersion: 1,
        createdAt: Date.now(),
        attempts: 1,
        nextAttemptAt: Date.now() + 3_600_000,
        state,
        lastStatus: 'network',
        lastError: 'The server could not be reached',
      }) as unknown as StoredOutboxEntry;
    await addToOutbox(page, [queued(`${Date.now()}-a`, 'pending'), queued(`${Date.now()}-b`, 'conflict')]);
    // The API out of reach (the page itself still loads): every read falls back to this device's copy, and the
    // queued changes are never delivered (the tab closes before the API comes back).
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor({ timeout: 20_000 });

    await page
      .getByText('Offline: showing the copy saved on this device', { exact: true })
      .waitFor({ timeout: 10_000 });
    await visitsCard(page).getByText(`${marker} Oona`).waitFor({ timeout: 10_000 });
    await expect.poll(() => tileValue(page, 'Waiting to sync'), { timeout: 10_000 }).toBe('1');
    expect(await tileValue(page, 'Sync conflicts')).toBe('1');
    expect(await tile(page, 'Sync conflicts').getAttribute('data-tone')).toBe('attention');
    // Counted from the device's copy: a number, not the failed-count dash.
    expect(await tileValue(page, 'New leads')).toMatch(/^\d+$/);
  }, 90_000);
});
