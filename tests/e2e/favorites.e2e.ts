/**
 * Favourites, compare, shortlist and share (issue 5, items 2 and 5): Save to Favorites on a listing and a
 * community (a toggle kept on the device across reloads, also offline), /favorites listing them, the comparison
 * of saved homes (2 to 4, and the message beyond 4), 'Send my shortlist to a sales agent' sent offline reaching
 * the server exactly once with the listing ids, /favorites opened offline from the service worker, and Share
 * falling back to copying the link (headless Chromium on Linux has no navigator.share) with its toast.
 * The tests run in order on one browser profile and build on each other's favourites, as a visitor's would.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { publicCommunity, publicListings, sleep, uniqueEmail, waitForLeads } from './support/api';
import { describeProblems, launchBrowser, newContext, newPage, open, type E2ePage } from './support/browser';
import { siteUrl } from './support/env';

/** The server marks a form sent faster than this as spam (docs/decisions.md); a person is slower. */
const HUMAN_FILL_MS = 2_500;

let browser: Browser;
let context: BrowserContext;
let tab: E2ePage;
let page: Page;
let austinPoint: Community;
let listings: Listing[];

beforeAll(async () => {
  browser = await launchBrowser();
  // Service workers blocked: these tests drive the network with setOffline on pages already loaded, and the
  // worker would answer first. The last test allows them to open /favorites offline.
  context = await newContext(browser, { serviceWorkers: 'block' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl('/').replace(/\/$/, '') });
  tab = await newPage(context);
  page = tab.page;
  austinPoint = await publicCommunity('austin-point');
  listings = await publicListings();
  expect(listings.length, 'the example data has at least 5 listings').toBeGreaterThanOrEqual(5);
});

afterAll(async () => {
  await tab?.close();
  await context?.close();
  await browser?.close();
});

const favoriteToggle = (target: Page) => target.getByRole('button', { name: /^Saved? to Favorites$|^Saved to/ });

/** Waits until the toggle shows this state (the saved state is read from IndexedDB after hydration). */
async function expectToggle(target: Page, saved: boolean): Promise<void> {
  const name = saved ? 'Saved to Favorites' : 'Save to Favorites';
  const button = target.getByRole('button', { name, exact: true, pressed: saved });
  await button.waitFor({ state: 'visible', timeout: 10_000 }).catch(async () => {
    const shown = await favoriteToggle(target).evaluateAll((buttons) =>
      buttons.map((button) => `${button.textContent?.trim()} (aria-pressed=${button.getAttribute('aria-pressed')})`),
    );
    throw new Error(`Expected "${name}" (aria-pressed=${saved}), the page shows ${JSON.stringify(shown)}`);
  });
}

async function saveListing(listing: Listing): Promise<void> {
  await open(page, `/listing/${listing.id}`);
  await expectToggle(page, false);
  await favoriteToggle(page).click();
  await expectToggle(page, true);
}

const headerFavorites = (target: Page) =>
  target.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Favorites/ });

function expectNoPageErrors(where: string): void {
  const { pageErrors, hydrationWarnings } = tab.problems;
  expect({ pageErrors, hydrationWarnings }, `${where}\n${describeProblems(tab.problems)}`).toEqual({
    pageErrors: [],
    hydrationWarnings: [],
  });
}

describe('Save to Favorites', () => {
  it('on a listing: toggles, is kept across a reload, and the header counts it', async () => {
    const listing = listings[0]!;
    await saveListing(listing);
    expect(await headerFavorites(page).textContent()).toMatch(/Favorites.*1/);

    await page.reload({ waitUntil: 'load' });
    await expectToggle(page, true);

    await favoriteToggle(page).click();
    await expectToggle(page, false);
    await page.reload({ waitUntil: 'load' });
    await expectToggle(page, false);
    expect(await headerFavorites(page).textContent()).toBe('Favorites');

    await favoriteToggle(page).click();
    await expectToggle(page, true);
    expectNoPageErrors('listing page');
  });

  it('on a community: toggles online and offline, and is kept across a reload', async () => {
    await open(page, `/community/${austinPoint.slug}`);
    await expectToggle(page, false);
    await favoriteToggle(page).click();
    await expectToggle(page, true);
    await page.reload({ waitUntil: 'load' });
    await expectToggle(page, true);

    // Saved on the device only: the toggle works the same with the network off.
    await context.setOffline(true);
    try {
      await favoriteToggle(page).click();
      await expectToggle(page, false);
      await favoriteToggle(page).click();
      await expectToggle(page, true);
    } finally {
      await context.setOffline(false);
    }
    await page.reload({ waitUntil: 'load' });
    await expectToggle(page, true);
    expectNoPageErrors('community page');
  });
});

describe('/favorites', () => {
  it('lists the saved homes and communities', async () => {
    await saveListing(listings[1]!);
    await open(page, '/favorites');
    const homes = page.getByRole('region', { name: /Saved Homes/ });
    const communities = page.getByRole('region', { name: /Saved Communities/ });
    await homes.getByRole('link', { name: listings[0]!.title }).waitFor({ timeout: 10_000 });
    await homes.getByRole('link', { name: listings[1]!.title }).waitFor({ timeout: 10_000 });
    await communities.getByRole('link', { name: austinPoint.name }).waitFor({ timeout: 10_000 });
    expect(await homes.getByRole('heading', { level: 2 }).textContent()).toBe('Saved Homes (2)');
    expect(await communities.getByRole('heading', { level: 2 }).textContent()).toBe('Saved Communities (1)');
    expectNoPageErrors('/favorites');
  });

  it("says so when the device's storage does not answer, and lists the favourites this device last showed", async () => {
    // WebKit can leave a site's IndexedDB stuck until the browser restarts (web/src/data/storage-time-limit.ts).
    // Another tab of the same profile holds the favourites' store with a transaction that never ends, as such a
    // stuck one does; /favorites must not say "Loading your favorites..." for as long as the browser stays open.
    const holder = await newPage(context);
    try {
      await open(holder.page, '/contact');
      await holder.page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.open('houston-communities');
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const transaction = request.result.transaction('favorites', 'readwrite');
              const favorites = transaction.objectStore('favorites');
              const state = window as unknown as { holdFavorites: boolean; favoritesReleased: Promise<void> };
              state.holdFavorites = true;
              state.favoritesReleased = new Promise((released) => (transaction.oncomplete = () => released()));
              const keepBusy = () => {
                if (state.holdFavorites) favorites.get('held').onsuccess = keepBusy;
              };
              keepBusy();
              resolve();
            };
          }),
      );
      await open(page, '/favorites');
      const homes = page.getByRole('region', { name: /Saved Homes/ });
      await page.getByRole('alert').filter({ hasText: "This device's storage is not answering" }).waitFor({
        timeout: 10_000,
      });
      // The copy the last page left: the same two homes and the community.
      expect(await homes.getByRole('heading', { level: 2 }).textContent()).toBe('Saved Homes (2)');
      await homes.getByRole('link', { name: listings[0]!.title }).waitFor({ timeout: 5_000 });
      await page
        .getByRole('region', { name: /Saved Communities/ })
        .getByRole('link', { name: austinPoint.name })
        .waitFor();

      // The storage answers again: the notice goes, and the list is the device's own.
      await holder.page.evaluate(() => {
        const state = window as unknown as { holdFavorites: boolean; favoritesReleased: Promise<void> };
        state.holdFavorites = false;
        return state.favoritesReleased;
      });
      await page.getByText("This device's storage is not answering").waitFor({ state: 'detached', timeout: 10_000 });
      expect(await homes.getByRole('heading', { level: 2 }).textContent()).toBe('Saved Homes (2)');
      expectNoPageErrors('/favorites, storage not answering');
    } finally {
      await holder.close();
    }
  });

  it('compares 2 saved homes side by side, and says so when more than 4 are chosen', async () => {
    await open(page, '/favorites');
    const compare = page.getByRole('region', { name: 'Compare Homes' });
    const first = listings[0]!;
    const second = listings[1]!;
    await page.getByRole('checkbox', { name: `Compare ${first.title}` }).check();
    await compare.getByText('Choose 2 to 4 saved homes to compare them side by side.').waitFor();
    await page.getByRole('checkbox', { name: `Compare ${second.title}` }).check();

    const table = compare.getByRole('table');
    await table.waitFor({ timeout: 5_000 });
    const columns = await table.getByRole('columnheader').allInnerTexts();
    expect(columns.map((text) => text.trim())).toEqual([first.title, second.title]);
    const row = async (label: string): Promise<string[]> => {
      const cells = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
      return (await cells.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    };
    const usd = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`;
    expect(await row('Price')).toEqual([usd(first.price), usd(second.price)]);
    expect(await row('Bedrooms')).toEqual([String(first.bedrooms), String(second.bedrooms)]);
    expect(await row('Address')).toEqual([first.address, second.address]);
    for (const label of ['Bathrooms', 'Square Feet', 'Property Type', 'Status', 'Community', 'Price per Sq Ft']) {
      expect(await row(label), `row ${label}`).toHaveLength(2);
    }

    // Three more saved homes, five chosen: the table gives way to a message saying what to do.
    for (const listing of listings.slice(2, 5)) await saveListing(listing);
    await open(page, '/favorites');
    for (const listing of listings.slice(0, 5))
      await page.getByRole('checkbox', { name: `Compare ${listing.title}` }).check();
    await compare
      .getByText('You can compare up to 4 homes at a time. Clear 1 of the 5 selected to see the comparison.')
      .waitFor({ timeout: 5_000 });
    expect(await compare.getByRole('table').count()).toBe(0);
    await page.getByRole('checkbox', { name: `Compare ${listings[4]!.title}` }).uncheck();
    expect(await compare.getByRole('table').getByRole('columnheader').count()).toBe(4);
    expectNoPageErrors('compare');
  });

  it('a shortlist sent offline is kept on the device and reaches the server exactly once with the listing ids', async () => {
    await open(page, '/favorites');
    const savedIds = listings.slice(0, 5).map((listing) => listing.id);
    await page.getByRole('button', { name: 'Send my shortlist to a sales agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send my shortlist to a sales agent' });
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    const openedAt = Date.now();

    // Consent is required, with a message saying so.
    const email = uniqueEmail('shortlist');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Jordan Shortlist');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
    await dialog.getByRole('textbox', { name: /^Phone/ }).fill('(713) 555-0142');
    await dialog.getByRole('button', { name: 'Send Shortlist' }).click();
    await dialog.getByText('Please agree to be contacted, so a sales agent can reply.').waitFor({ timeout: 5_000 });
    await dialog.getByRole('checkbox', { name: /may contact me about these homes/ }).check();

    await context.setOffline(true);
    try {
      await sleep(Math.max(0, openedAt + HUMAN_FILL_MS - Date.now()));
      await dialog.getByRole('button', { name: 'Send Shortlist' }).click();
      await dialog.getByText(/saved on this device and will be sent when the connection returns/).waitFor({
        timeout: 10_000,
      });
      await sleep(1_000);
      expect(await waitForLeads(email, { timeoutMs: 0, settleMs: 0 }), 'nothing reached the server offline').toEqual(
        [],
      );
    } finally {
      await context.setOffline(false);
    }

    const leads = await waitForLeads(email, { timeoutMs: 20_000, settleMs: 3_000 });
    expect(leads, 'the shortlist arrived exactly once').toHaveLength(1);
    const lead = leads[0]!;
    expect(lead).toMatchObject({
      name: 'Jordan Shortlist',
      status: 'NEW',
      interest: 'shortlist',
      source: 'favorites',
    });
    expect([...(lead.listingIds ?? [])].sort()).toEqual([...savedIds].sort());
    for (const listing of listings.slice(0, 5)) expect(lead.message).toContain(listing.title);
  }, 90_000);
});

describe('Share', () => {
  async function shareCopies(pathname: string): Promise<void> {
    await open(page, pathname);
    expect(await page.evaluate(() => typeof navigator.share), 'this Chromium has no share sheet').toBe('undefined');
    await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
    // Live regions put on the page already holding their text, which screen readers often do not announce.
    await page.evaluate(() => {
      const bornWithText: string[] = [];
      (window as unknown as { bornWithText: string[] }).bornWithText = bornWithText;
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          for (const node of mutation.addedNodes)
            if (node instanceof HTMLElement)
              for (const region of [node, ...node.querySelectorAll('[role="status"]')])
                if (region.getAttribute('role') === 'status' && region.textContent?.trim())
                  bornWithText.push(region.textContent.trim());
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const toast: Locator = page.getByRole('status').getByText('Link copied to clipboard', { exact: true });
    await toast.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { bornWithText: string[] }).bornWithText)).toEqual([]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(siteUrl(pathname));
    // A toast goes away by itself after 3 s (SPEC §9).
    await toast.waitFor({ state: 'hidden', timeout: 6_000 });
  }

  it('on a listing page copies the link and says so in a toast', async () => {
    await shareCopies(`/listing/${listings[0]!.id}`);
    expectNoPageErrors('share on a listing');
  });

  it('on a community page copies the link and says so in a toast', async () => {
    await shareCopies(`/community/${austinPoint.slug}`);
    expectNoPageErrors('share on a community');
  });
});

describe('/favorites offline', () => {
  it('opens from the service worker and lists the favourites kept on the device', async () => {
    const workerContext = await newContext(browser);
    const worker = await newPage(workerContext);
    try {
      const listing = listings[0]!;
      await open(worker.page, `/listing/${listing.id}`);
      await favoriteToggle(worker.page).click();
      await expectToggle(worker.page, true);
      await open(worker.page, '/favorites');
      await worker.page.getByRole('link', { name: listing.title }).first().waitFor({ timeout: 10_000 });
      const controlled = await worker.page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        for (let waited = 0; !navigator.serviceWorker.controller && waited < 30_000; waited += 250)
          await new Promise((resolve) => setTimeout(resolve, 250));
        return Boolean(navigator.serviceWorker.controller);
      });
      expect(controlled, 'a service worker controls the page within 30 s').toBe(true);

      await workerContext.setOffline(true);
      await worker.page.reload({ waitUntil: 'load' });
      await worker.page.getByRole('heading', { name: 'Your Favorites', level: 1 }).waitFor({ timeout: 15_000 });
      const saved = worker.page.getByRole('region', { name: /Saved Homes/ });
      await saved.getByRole('link', { name: listing.title }).waitFor({ timeout: 15_000 });
      // The details come from the device's copy, not only the saved title.
      await saved.getByText(listing.address, { exact: false }).first().waitFor({ timeout: 15_000 });
      expect(worker.problems.pageErrors).toEqual([]);
    } finally {
      await workerContext.setOffline(false).catch(() => {});
      await worker.close();
      await workerContext.close();
    }
  }, 120_000);
});

describe('removing from the keyboard', () => {
  // The row goes with its Remove button: the focus fell to the page, and the next Tab started from the top.
  it('Remove gives the focus to the next row, then to the page heading once nothing is left', async () => {
    const ownContext = await newContext(browser, { serviceWorkers: 'block' });
    const own = await newPage(ownContext);
    try {
      for (const listing of listings.slice(2, 4)) {
        await open(own.page, `/listing/${listing.id}`);
        await favoriteToggle(own.page).click();
        await expectToggle(own.page, true);
      }
      await open(own.page, '/favorites');
      const homes = own.page.getByRole('region', { name: /Saved Homes/ });
      await homes.getByRole('heading', { name: 'Saved Homes (2)' }).waitFor({ timeout: 10_000 });
      const focusedText = () =>
        own.page.evaluate(() =>
          document.activeElement === document.body ? 'body' : document.activeElement!.textContent,
        );
      await homes
        .getByRole('button', { name: /^Remove / })
        .first()
        .focus();
      await own.page.keyboard.press('Enter');
      await homes.getByRole('heading', { name: 'Saved Homes (1)' }).waitFor({ timeout: 10_000 });
      await expect.poll(focusedText).toMatch(/^Remove /);
      // The last one gone, the page shows its empty state: the focus goes to the page's heading.
      await own.page.keyboard.press('Enter');
      await expect.poll(focusedText).toBe('Your Favorites');
    } finally {
      await own.close();
      await ownContext.close();
    }
  });
});
