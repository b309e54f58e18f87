/**
 * Search (issue 5, item 1) in a real Chromium against the production server: the header's search dialog by
 * keyboard (open, type, arrows, Enter, Escape back to the button), the /search page's filters from and into the
 * URL (results compared with the API's data), the dialog offline from IndexedDB after one online visit, and the
 * community page's filters narrowing its listings.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { publicCommunities, publicListings, sleep } from './support/api';
import {
  describeProblems,
  launchBrowser,
  newContext,
  newPage,
  open,
  settle,
  waitForOfflineCopy,
  type E2ePage,
} from './support/browser';
import { instantSearch } from '../../web/src/features/search/instant-search';
import { SEARCH_PAGE_SIZE } from '../../web/src/features/search/listing-filters';

let browser: Browser;
let communities: Community[];
let listings: Listing[];

beforeAll(async () => {
  browser = await launchBrowser();
  [communities, listings] = await Promise.all([publicCommunities(), publicListings()]);
});
afterAll(async () => {
  await browser?.close();
});

const byPriceAsc = (a: Listing, b: Listing) =>
  a.price - b.price || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
const communityBySlug = (slug: string) => communities.find((community) => community.slug === slug)!;

/** Listing ids of the cards in a list, in page order. */
async function cardIds(page: Page, list: string): Promise<string[]> {
  const hrefs = await page
    .locator(`${list} a.card__link`)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/listing/', ''));
}

/** Waits until the cards of `list` are exactly `ids` (the loader runs after a URL change). */
async function expectCards(page: Page, list: string, ids: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  let shown = await cardIds(page, list);
  while (JSON.stringify(shown) !== JSON.stringify(ids) && Date.now() < deadline) {
    await sleep(100);
    shown = await cardIds(page, list);
  }
  expect(shown).toEqual(ids);
}

const activeElementInfo = (page: Page) =>
  page.evaluate(() => ({
    role: document.activeElement?.getAttribute('role') ?? '',
    label: document.activeElement?.getAttribute('aria-label') ?? '',
  }));

describe('the header search dialog', () => {
  let tab: E2ePage;
  beforeAll(async () => {
    tab = await newPage(browser);
  });
  afterAll(async () => {
    await tab?.close();
  });

  it('opens by keyboard, finds by typing, moves with the arrows and opens the chosen result with Enter', async () => {
    const { page } = tab;
    await open(page, '/');
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor({ state: 'visible' });
    const combobox = dialog.getByRole('combobox', { name: 'Communities and homes' });
    await expect.poll(() => combobox.evaluate((element) => element === document.activeElement)).toBe(true);

    // "Fulshear" is Indigo's city: the community first, then its listings (all with a Fulshear address).
    await page.keyboard.type('fulshear');
    const options = dialog.getByRole('option');
    await options.first().waitFor({ state: 'visible' });
    const indigo = communityBySlug('indigo');
    const expectedListings = listings.filter((listing) => listing.address.includes('Fulshear'));
    expect(await options.count()).toBe(1 + Math.min(expectedListings.length, 8));
    await expect.poll(() => options.first().textContent()).toContain(indigo.name);
    expect(await combobox.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('ArrowDown');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('false');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await combobox.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    const chosenTitle = (await options.nth(1).locator('.search-option__title').textContent())!;
    const chosen = expectedListings.find((listing) => listing.title === chosenTitle);
    expect(chosen, `"${chosenTitle}" is a Fulshear listing`).toBeDefined();

    await page.keyboard.press('Enter');
    await page.waitForURL(`**/listing/${chosen!.id}`);
    await page.getByRole('heading', { level: 1, name: chosen!.title }).waitFor({ state: 'visible' });
    expect(await dialog.count()).toBe(0);
    expect(describeProblems(tab.problems)).toBe('');
  });

  it('says when nothing matches, and Escape closes it with focus back on the search button', async () => {
    const { page } = tab;
    await open(page, '/communities');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').fill('zzzz no such place');
    await dialog.getByText('No communities or homes match "zzzz no such place".').waitFor({ state: 'visible' });
    expect(await dialog.getByRole('option').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await activeElementInfo(page)).toMatchObject({ label: 'Search' });
  });
});

describe('the /search page', () => {
  let tab: E2ePage;
  beforeAll(async () => {
    tab = await newPage(browser);
  });
  afterAll(async () => {
    await tab?.close();
  });

  it('renders the results of the filters in a shared URL, and a changed filter updates the URL', async () => {
    const { page } = tab;
    const lakeshore = communityBySlug('lakeshore-reserve');
    await open(page, '/search?community=lakeshore-reserve&maxPrice=500000&sort=price-asc');
    const expected = listings
      .filter((listing) => listing.communityId === lakeshore.id && listing.price <= 500_000)
      .sort(byPriceAsc);
    expect(expected.length).toBeGreaterThan(1);
    await expectCards(
      page,
      '[aria-label="Matching homes"]',
      expected.map((listing) => listing.id),
    );
    expect(await page.getByLabel('Community', { exact: true }).inputValue()).toBe('lakeshore-reserve');
    expect(await page.getByLabel('Max price', { exact: true }).inputValue()).toBe('500000');
    expect(await page.getByLabel('Sort by', { exact: true }).inputValue()).toBe('price-asc');
    await page.getByText(`${expected.length} homes match of ${listings.length}`).waitFor({ state: 'visible' });

    // Three bedrooms or more: the URL says so, and the list follows.
    await page.getByLabel('Beds', { exact: true }).selectOption('3');
    await page.waitForURL((url) => url.searchParams.get('beds') === '3');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      community: 'lakeshore-reserve',
      maxPrice: '500000',
      beds: '3',
      sort: 'price-asc',
    });
    await expectCards(
      page,
      '[aria-label="Matching homes"]',
      expected.filter((listing) => listing.bedrooms >= 3).map((listing) => listing.id),
    );

    // Words typed into Keywords apply after a pause.
    await page.getByLabel('Keywords', { exact: true }).fill('marina');
    await page.waitForURL((next) => next.searchParams.get('q') === 'marina');
    await expectCards(
      page,
      '[aria-label="Matching homes"]',
      expected
        .filter((listing) => listing.bedrooms >= 3 && /marina/i.test(`${listing.title} ${listing.address}`))
        .map((listing) => listing.id),
    );
    expect(describeProblems(tab.problems)).toBe('');
  });

  it('keeps a filter in force that is not one of the choices ("under 450k", a shared beds=6) once the app starts', async () => {
    const { page } = tab;
    const under = listings.filter((listing) => listing.price <= 450_000);
    await open(page, '/search?q=under+450k');
    await page.getByText(`${under.length} homes match of ${listings.length}`).waitFor({ state: 'visible' });
    // The app has started (open waits for it): the words, the URL and the list are what the link said.
    await sleep(500);
    expect(new URL(page.url()).search).toBe('?q=under+450k');
    expect(await page.getByLabel('Max price', { exact: true }).inputValue()).toBe('450000');
    await page.getByText(`${under.length} homes match of ${listings.length}`).waitFor({ state: 'visible' });

    // Another choice keeps the price cap.
    await page.getByLabel('Beds', { exact: true }).selectOption('3');
    await page.waitForURL((url) => url.searchParams.get('beds') === '3');
    expect(new URL(page.url()).searchParams.get('q')).toBe('under 450k');
    const threeBeds = under.filter((listing) => listing.bedrooms >= 3);
    await page.getByText(`${threeBeds.length} homes match of ${listings.length}`).waitFor({ state: 'visible' });

    await open(page, '/search?beds=6');
    await sleep(500);
    expect(new URL(page.url()).search).toBe('?beds=6');
    expect(await page.getByLabel('Beds', { exact: true }).inputValue()).toBe('6');
    expect(describeProblems(tab.problems)).toBe('');
  });

  it('shows an empty state, and Clear filters brings every listing back', async () => {
    const { page } = tab;
    await open(page, '/search?type=condo&minPrice=1000000');
    await page.getByRole('heading', { name: 'No homes match these filters' }).waitFor({ state: 'visible' });
    // From the keyboard: the link goes with the filters, and the focus goes to the count, not to the page.
    await page.getByRole('link', { name: 'Clear filters' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '');
    await expect.poll(() => focusedClass(page)).toBe('result-count');
    // Other e2e files add listings to the shared server: the page shows the first step of them ('Load more').
    await expect
      .poll(async () => (await cardIds(page, '[aria-label="Matching homes"]')).length)
      .toBe(Math.min(listings.length, SEARCH_PAGE_SIZE));
  });
});

/** The class of the element that has the focus ('body' when none does). */
const focusedClass = (page: Page) =>
  page.evaluate(() => (document.activeElement === document.body ? 'body' : document.activeElement?.className));

/** The community page's filter bar's own chunk (hydrated on demand, issue 14). */
const FILTER_BAR_CODE = /^\/assets\/community-listing-filters-[\w-]+\.js$/;

/** The paths a page requests from now on, in order. */
function recordRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return requested;
}

describe('community page filters', () => {
  it('narrow the community listings, kept in the URL', async () => {
    const tab = await newPage(browser);
    try {
      const { page } = tab;
      const lakeshore = communityBySlug('lakeshore-reserve');
      const own = listings.filter((listing) => listing.communityId === lakeshore.id);
      await open(page, `/community/${lakeshore.slug}`);
      const available = own.filter((listing) => listing.status === 'AVAILABLE');
      expect(new Set(await cardIds(page, '#homes'))).toEqual(new Set(available.map((listing) => listing.id)));

      const homes = page.locator('#homes');
      const typeBefore = await homes.getByLabel('Type', { exact: true }).inputValue();
      const statusBefore = await homes.getByLabel('Status', { exact: true }).inputValue();
      await homes.getByLabel('Status', { exact: true }).scrollIntoViewIfNeeded();
      const scrolledTo = await page.evaluate(() => window.scrollY);
      expect(scrolledTo).toBeGreaterThan(200);
      await homes.getByLabel('Status', { exact: true }).selectOption('any');
      await page.waitForURL((url) => url.searchParams.get('status') === 'any');
      await homes.getByLabel('Type', { exact: true }).selectOption('condo');
      await page.waitForURL((url) => url.searchParams.get('type') === 'condo');
      const condos = own.filter((listing) => listing.type === 'CONDO');
      expect(condos.length).toBeGreaterThan(0);
      expect(condos.length).toBeLessThan(own.length);
      await expect
        .poll(async () => new Set(await cardIds(page, '#homes')))
        .toEqual(new Set(condos.map((listing) => listing.id)));
      await homes.getByText(`${condos.length} of ${own.length} listings match`).waitFor({ state: 'visible' });
      // The filter bar did not send the visitor back to the top of the page.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo / 2);

      // A URL change from outside the form (Clear filters) shows in the form: the defaults again, every
      // available listing back.
      await homes.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => url.pathname === `/community/${lakeshore.slug}` && url.search === '');
      await expect
        .poll(() => focusedClass(page), { message: 'the focus on the count, not dropped to the page' })
        .toBe('result-count');
      await expect.poll(() => homes.getByLabel('Type', { exact: true }).inputValue()).toBe(typeBefore);
      expect(await homes.getByLabel('Status', { exact: true }).inputValue()).toBe(statusBefore);
      await expect
        .poll(async () => new Set(await cardIds(page, '#homes')))
        .toEqual(new Set(available.map((listing) => listing.id)));
      expect(describeProblems(tab.problems)).toBe('');
    } finally {
      await tab.close();
    }
  });

  it("load the bar's code only when the visitor reaches for it (hydration on demand, issue 14)", async () => {
    const tab = await newPage(browser);
    try {
      const { page } = tab;
      const requested = recordRequests(page);
      const barCode = () => requested.filter((path) => FILTER_BAR_CODE.test(path));
      const lakeshore = communityBySlug('lakeshore-reserve');
      await open(page, `/community/${lakeshore.slug}`);
      // The app has started and the network is idle: the server's form is there, its code is not.
      const status = page.locator('#homes').getByLabel('Status', { exact: true });
      expect(await status.isEnabled()).toBe(true);
      expect(barCode()).toEqual([]);

      await status.hover();
      await expect.poll(() => barCode().length).toBe(1);
      await status.selectOption('any');
      await page.waitForURL((url) => url.searchParams.get('status') === 'any');
      expect(describeProblems(tab.problems)).toBe('');
    } finally {
      await tab.close();
    }
  });

  it("still work when the on-demand gate's own code cannot load: the bar then loads at once", async () => {
    const tab = await newPage(browser, { serviceWorkers: 'block' });
    try {
      const { page } = tab;
      await page.route(/\/assets\/when-wanted-[\w-]+\.js$/, (route) => route.abort());
      const requested = recordRequests(page);
      const lakeshore = communityBySlug('lakeshore-reserve');
      await open(page, `/community/${lakeshore.slug}`);
      expect(requested.some((path) => /^\/assets\/when-wanted-/.test(path))).toBe(true);
      await expect.poll(() => requested.some((path) => FILTER_BAR_CODE.test(path))).toBe(true);
      await page.locator('#homes').getByLabel('Status', { exact: true }).selectOption('any');
      await page.waitForURL((url) => url.searchParams.get('status') === 'any');
      expect(tab.problems.pageErrors).toEqual([]);
      expect(tab.problems.hydrationWarnings).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});

describe('search offline', () => {
  it('after one online visit, the dialog finds communities and homes from IndexedDB and /search filters them', async () => {
    const context = await newContext(browser);
    const tab = await newPage(context);
    try {
      const { page } = tab;
      await open(page, '/');
      await waitForOfflineCopy(page);
      // What the server holds now (other e2e files add records to the shared server): the offline pack's copy.
      const [nowCommunities, nowListings] = await Promise.all([publicCommunities(), publicListings()]);

      await context.setOffline(true);
      await page.goto('/communities', { waitUntil: 'load' });
      await settle(page);
      const stonecreek = communityBySlug('stonecreek-estates');
      await page.getByText(stonecreek.name, { exact: true }).first().waitFor({ state: 'visible' });

      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('combobox').fill('stonecreek');
      const first = dialog.getByRole('option').first();
      await first.waitFor({ state: 'visible' });
      expect(await first.textContent()).toContain(stonecreek.name);
      // Matching and ranking have their own unit tests; here: every expected hit comes from IndexedDB offline.
      const expected = instantSearch('stonecreek', nowCommunities, nowListings);
      expect(expected.listings.length).toBeGreaterThan(0);
      expect(await dialog.getByRole('option').count()).toBe(expected.communities.length + expected.listings.length);

      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/community/${stonecreek.slug}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
      expect(await page.getByText('Community Not Found').count()).toBe(0);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);

      // The /search page too: the service worker's shell renders it from the URL and IndexedDB.
      await page.goto('/search?beds=5&sort=price-asc', { waitUntil: 'load' });
      const fiveBeds = nowListings.filter((listing) => listing.bedrooms >= 5).sort(byPriceAsc);
      expect(fiveBeds.length).toBeGreaterThan(1);
      await expectCards(
        page,
        '[aria-label="Matching homes"]',
        fiveBeds.slice(0, SEARCH_PAGE_SIZE).map((listing) => listing.id),
      );
    } finally {
      await context.setOffline(false).catch(() => {});
      await tab.close();
      await context.close();
    }
  }, 180_000);
});
