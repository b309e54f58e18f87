/**
 * Map and commute (issue 17): on /communities and on a community page the map section is server-rendered with its
 * text (the list of distances, the commute table, Directions), while the map itself (d3-geo and the county
 * outlines) loads only when scrolled near; it has a pin per community, the page's own one highlighted; and after
 * one online visit it still draws offline, from the service worker's precache and the copy on the device. An
 * admin sets a position in the community form; one outside the Houston region is refused with its message.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '../../domain';
import { apiLogin, expectFieldError, expectToast, field, openAdminPage, superApi, unique } from './support/admin';
import { adminGet, publicCommunities, publicCommunity } from './support/api';
import { describeProblems, launchBrowser, newPage, open, type E2ePage } from './support/browser';
import { e2eEnv } from './support/env';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const JOB_CENTRES = ['Downtown', 'Texas Medical Center', 'Energy Corridor', 'Galleria', 'The Woodlands', 'Port/NASA'];
const MAP_CODE = /\/assets\/houston-map-[^/]+\.js$/;
/** The map sections' own code: hydrated when near the viewport (issue 14), so it also waits for the scroll. */
const SECTION_CODE = /\/assets\/map-sections-[^/]+\.js$/;

let browser: Browser;
let communities: Community[];
let austinPoint: Community;
const tabs: E2ePage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  [communities, austinPoint] = await Promise.all([publicCommunities(), publicCommunity('austin-point')]);
  expect(austinPoint.coordinates, 'the example data has positions').toBeDefined();
});

afterAll(async () => {
  for (const tab of tabs) await tab.close();
  await browser?.close();
});

async function tabOf(viewport: { width: number; height: number }, serviceWorkers: 'allow' | 'block' = 'block') {
  const tab = await newPage(browser, { viewport, serviceWorkers });
  tabs.push(tab);
  return tab;
}

/** Records whether the map's code and its section's were requested, to prove they wait for the scroll. */
function watchMapCode(page: Page): { requested: boolean; sectionRequested: boolean } {
  const seen = { requested: false, sectionRequested: false };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (MAP_CODE.test(pathname)) seen.requested = true;
    if (SECTION_CODE.test(pathname)) seen.sectionRequested = true;
  });
  return seen;
}

/** The communities with a position: the ones the map and the distance list show (other tests add some without). */
const mapped = () => communities.filter((community) => community.coordinates);

const pinIds = (page: Page) =>
  page
    .locator('svg.houston-map .map-pin')
    .evaluateAll((pins) => pins.map((pin) => pin.getAttribute('data-community-id')));

describe('map and commute', () => {
  it('/communities: the list of distances comes with the page; the map with a pin per community when scrolled to', async () => {
    const tab = await tabOf(DESKTOP);
    const { page } = tab;
    const mapCode = watchMapCode(page);
    await open(page, '/communities');
    const section = page.getByRole('region', { name: 'Communities on the Map' });
    const list = section.getByRole('list', { name: 'Communities and their distances' });
    await expect(list.getByRole('listitem').count()).resolves.toBe(mapped().length);
    await expect(list.getByRole('listitem').first().textContent()).resolves.toMatch(
      /\d+\.\d mi from Downtown \(about \d+ min\)/,
    );
    expect(mapCode.requested, 'the map code waits until the section nears the viewport').toBe(false);
    expect(mapCode.sectionRequested, "the section's code waits too (hydrated when near)").toBe(false);
    await expect(section.getByRole('img').count()).resolves.toBe(0);

    await section.scrollIntoViewIfNeeded();
    const map = section.getByRole('img', { name: "Map of greater Houston's communities" });
    await map.waitFor({ state: 'visible', timeout: 15_000 });
    expect(mapCode.requested).toBe(true);
    expect(mapCode.sectionRequested).toBe(true);
    expect((await pinIds(page)).sort()).toEqual(
      mapped()
        .map((community) => community.id)
        .sort(),
    );
    await expect(page.locator('svg.houston-map path[data-county]').count()).resolves.toBe(8);
    await expect(page.locator('svg.houston-map .map-pin--current').count()).resolves.toBe(0);
    expect(describeProblems(tab.problems)).toBe('');
  });

  it('/communities on a phone: the map section is left out of the first layout, its stand-in about its height', async () => {
    const { page } = await tabOf(PHONE);
    // The first layout as the page keeps it until the started app renders its sections ahead (app/render-ahead.ts,
    // loaded with after-start: held back here).
    await page.route(/\/assets\/after-start-[^/]*\.js$/, (route) => route.abort());
    await open(page, '/communities');
    const section = page.locator('section[aria-labelledby="communities-map-title"]');
    const firstLayout = await section.evaluate((element) => ({
      contentVisibility: getComputedStyle(element).contentVisibility,
      // checkVisibility with contentVisibilityAuto is false for an element whose rendering is skipped.
      listRendered: element.querySelector('li')!.checkVisibility({ contentVisibilityAuto: true }),
      height: element.getBoundingClientRect().height,
    }));
    expect(firstLayout.contentVisibility).toBe('auto');
    expect(firstLayout.listRendered, 'the list below the cards is not laid out before it nears the viewport').toBe(
      false,
    );
    // Still in the page for crawlers, find in page and screen readers.
    await expect(section.getByRole('listitem').count()).resolves.toBe(mapped().length);

    await section.scrollIntoViewIfNeeded();
    await section.getByRole('img', { name: "Map of greater Houston's communities" }).waitFor({ state: 'visible' });
    const rendered = await section.evaluate((element) => element.getBoundingClientRect().height);
    expect(
      Math.abs(rendered - firstLayout.height) / rendered,
      `stand-in ${firstLayout.height} px, rendered ${rendered} px`,
    ).toBeLessThan(0.15);
  });

  it('leaving a page before its map section hydrated shows the loading panel at once, then the next page', async () => {
    // The router hands its state to React in transitions, and a transition that re-renders a part still waiting to
    // hydrate on demand waits for it: the panel never showed, and the page sat still until the next one was in.
    const tab = await tabOf(DESKTOP);
    const { page } = tab;
    const mapCode = watchMapCode(page);
    for (const [from, linkName, panelText, arrivedHeading] of [
      ['/communities', austinPoint.name, 'Loading Community', `Welcome to ${austinPoint.name}`],
      [`/community/${austinPoint.slug}`, 'All Communities', 'Loading Communities', 'Houston Communities'],
    ] as const) {
      let releaseData!: () => void;
      const dataHeld = new Promise<void>((resolve) => (releaseData = resolve));
      const hold = async (route: Route) => {
        await dataHeld;
        await route.continue();
      };
      await open(page, from);
      expect(mapCode.sectionRequested, `${from}: the map section has not hydrated (the case under test)`).toBe(false);
      // The next page's data is held: the panel must show while the visitor waits for it.
      await page.route('**/api/public/**', hold);
      await page.getByRole('main').getByRole('link', { name: linkName, exact: true }).first().click();
      await page.getByRole('status').filter({ hasText: panelText }).waitFor({ timeout: 5_000 });
      expect(new URL(page.url()).pathname, 'still on the page left while the next one loads').toBe(from);
      releaseData();
      await page.getByRole('heading', { level: 1, name: arrivedHeading }).waitFor();
      await expect(page.getByRole('status').filter({ hasText: panelText }).count()).resolves.toBe(0);
      await page.unroute('**/api/public/**', hold);
      mapCode.sectionRequested = false;
    }
    expect(describeProblems(tab.problems)).toBe('');
  });

  it('a community page on a phone: commute table, method note, Directions, and the map with this community highlighted', async () => {
    const tab = await tabOf(PHONE);
    const { page } = tab;
    const mapCode = watchMapCode(page);
    await open(page, `/community/${austinPoint.slug}`);
    const section = page.getByRole('region', { name: 'Location and Commute' });
    const table = section.getByRole('table', { name: `From ${austinPoint.name} to Houston's job centres` });
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
      );
    expect(rows.map(([centre]) => centre)).toEqual(JOB_CENTRES);
    for (const [, miles, minutes] of rows) {
      expect(miles).toMatch(/^\d+\.\d mi$/);
      expect(minutes).toMatch(/^about \d+ min$/);
    }
    await expect(section.getByText(/road distance taken as 1\.3 × the straight line/).count()).resolves.toBe(1);
    const { lat, lng } = austinPoint.coordinates!;
    const directions = section.getByRole('link', { name: 'Directions' });
    await expect(directions.getAttribute('href')).resolves.toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`,
    );
    expect(mapCode.requested, 'the map code waits until the section nears the viewport').toBe(false);
    expect(mapCode.sectionRequested, "the section's code waits too (hydrated when near)").toBe(false);

    await section.scrollIntoViewIfNeeded();
    const map = section.getByRole('img', { name: `Map of greater Houston with ${austinPoint.name}` });
    await map.waitFor({ state: 'visible', timeout: 15_000 });
    const box = await map.boundingBox();
    expect(box!.width, 'the map fits the phone').toBeLessThanOrEqual(PHONE.width);
    expect((await pinIds(page)).sort()).toEqual(
      mapped()
        .map((community) => community.id)
        .sort(),
    );
    const current = page.locator('svg.houston-map .map-pin--current');
    await expect(current.count()).resolves.toBe(1);
    await expect(current.getAttribute('data-community-id')).resolves.toBe(austinPoint.id);
    await expect(current.locator('text').textContent()).resolves.toBe(austinPoint.name);
    expect(describeProblems(tab.problems)).toBe('');
  });

  it('after one online visit the map still draws offline (service worker and the copy on the device)', async () => {
    const tab = await tabOf(DESKTOP, 'allow');
    const { page, context } = tab;
    await open(page, `/community/${austinPoint.slug}`);
    const controlled = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => Boolean(registration.active)),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
      ]),
    );
    expect(controlled, 'a service worker is active within 30 s').toBe(true);
    await page.reload({ waitUntil: 'load' });
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    const section = page.getByRole('region', { name: 'Location and Commute' });
    await section.waitFor({ state: 'attached', timeout: 15_000 });
    await section.scrollIntoViewIfNeeded();
    const map = section.getByRole('img', { name: `Map of greater Houston with ${austinPoint.name}` });
    await map.waitFor({ state: 'visible', timeout: 15_000 });
    await expect(page.locator('svg.houston-map path[data-county]').count()).resolves.toBe(8);
    await expect(page.locator('svg.houston-map .map-pin--current').getAttribute('data-community-id')).resolves.toBe(
      austinPoint.id,
    );
    expect((await pinIds(page)).length, 'pins from the copy on the device').toBe(mapped().length);
    await context.setOffline(false);
  }, 90_000);

  it('an admin sets a position in the community form: outside the region refused, inside it saved and used', async () => {
    const session = await apiLogin(e2eEnv().adminEmail, e2eEnv().adminPassword);
    const name = unique('E2E Mapped');
    const created = await superApi<Community>('POST', '/communities', {
      name,
      location: 'Katy, TX',
      description: 'A community for the map e2e test.',
    });
    const tab = await openAdminPage(browser, session, '/admin/communities', 'Communities');
    tabs.push(tab);
    const { page } = tab;
    const card = page.locator(`[data-record-id="${created.id}"]`);
    await card
      .getByRole('button', { name, exact: true })
      .or(card.getByRole('link', { name, exact: true }))
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Community' });
    await dialog.waitFor({ state: 'visible' });
    expect(await field(dialog, 'Latitude').inputValue()).toBe('');

    await field(dialog, 'Latitude').fill('40.7128');
    await field(dialog, 'Longitude').fill('-95.8');
    await dialog.getByRole('button', { name: 'Update Community', exact: true }).click();
    await expectFieldError(
      field(dialog, 'Latitude'),
      'Latitude must be a number from 28.8 to 30.8 (the Houston region)',
    );
    expect((await adminGet<Community[]>('/communities')).find((c) => c.id === created.id)?.coordinates).toBeUndefined();

    await field(dialog, 'Latitude').fill('29.79');
    await dialog.getByRole('button', { name: 'Update Community', exact: true }).click();
    await expectToast(page, 'Community updated successfully');
    await expect
      .poll(async () => (await adminGet<Community[]>('/communities')).find((c) => c.id === created.id)?.coordinates)
      .toEqual({ lat: 29.79, lng: -95.8 });

    const visitor = await tabOf(PHONE);
    await open(visitor.page, `/community/${created.slug}`);
    await expect(visitor.page.getByRole('link', { name: 'Directions' }).getAttribute('href')).resolves.toBe(
      'https://www.google.com/maps/dir/?api=1&destination=29.79,-95.8',
    );
    await superApi('DELETE', `/communities/${created.id}`);
  });
});
