/**
 * Page-level behaviour (SPEC §2, §4, §9): the community theme applied while its page is open and reset on leave,
 * the two top bars' scroll states, scroll reset on path change, hydration without warnings, and phone-width
 * pages without horizontal scrolling.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { superApi } from './support/admin';
import { publicCommunity, publicListings, sleep } from './support/api';
import { fetchPage, headTags } from './support/html';
import {
  describeProblems,
  isShownInViewport,
  measureSidewaysScroll,
  newContext,
  newPage,
  open,
  settle,
} from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite();
/** One profile for the file's tabs; closed before the browser (this file's afterAll runs before the suite's). */
let context: BrowserContext;
let austinPoint: Community;
let publicPaths: string[];

beforeAll(async () => {
  context = await newContext(suite.browser);
  austinPoint = await publicCommunity('austin-point');
  const listing = (await publicListings(austinPoint.id))[0]!;
  publicPaths = ['/', '/communities', '/community/austin-point', `/listing/${listing.id}`, '/contact'];
});

afterAll(async () => {
  await context?.close();
});

const rgbOf = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
/** SPEC §9: the community bar's colour is primaryColor darkened by 0.2 (each channel × 0.8). */
const darken = (hex: string, factor: number) => rgbOf(hex).map((channel) => Math.round(channel * (1 - factor)));

/** Custom properties on <html>/<body> (inline or computed) whose value is this colour. */
async function rootPropertiesWithColour(page: Page, hex: string): Promise<string[]> {
  return page.evaluate((colour) => {
    const rgb = `rgb(${[1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16)).join(', ')})`;
    const matches = (value: string) => [colour.toLowerCase(), rgb].includes(value.trim().toLowerCase());
    const names = new Set<string>();
    for (const element of [document.documentElement, document.body]) {
      for (const style of [element.style, getComputedStyle(element)])
        for (let index = 0; index < style.length; index += 1) {
          const name = style[index]!;
          if (name.startsWith('--') && matches(style.getPropertyValue(name))) names.add(name);
        }
    }
    return [...names];
  }, hex);
}

async function rootPropertyValues(page: Page, names: string[]): Promise<Record<string, string>> {
  return page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((name) => [name, getComputedStyle(document.documentElement).getPropertyValue(name).trim()]),
      ),
    names,
  );
}

/** How many elements show this colour as text, background or border colour. */
async function elementsInColour(page: Page, hex: string): Promise<number> {
  return page.evaluate((rgb) => {
    const prefix = new RegExp(`^rgba?\\(${rgb.join(',\\s*')}(\\)|,)`);
    let count = 0;
    for (const element of document.querySelectorAll('body *')) {
      const style = getComputedStyle(element);
      if ([style.color, style.backgroundColor, style.borderTopColor].some((value) => prefix.test(value))) count += 1;
    }
    return count;
  }, rgbOf(hex));
}

describe('community theme', () => {
  it("applies the community's primaryColor while its page is open and resets it after navigating away", async () => {
    const tab = await newPage(context);
    const { page } = tab;
    try {
      await open(page, '/communities');
      const primary = austinPoint.theme.primaryColor;
      expect(await rootPropertiesWithColour(page, primary), 'no theme before the visit').toEqual([]);

      await page
        .locator(`a[href="/community/${austinPoint.slug}"], a[href="/community/${austinPoint.id}"]`)
        .first()
        .click();
      await page.waitForURL(/\/community\//);
      await settle(page);
      // Polled: on a busy machine the page's effect may run a moment after the URL changes.
      await expect
        .poll(async () => (await rootPropertiesWithColour(page, primary)).length, {
          message: 'a CSS custom property on the document carries primaryColor',
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      const themed = await rootPropertiesWithColour(page, primary);
      expect(await elementsInColour(page, primary), 'elements drawn in primaryColor').toBeGreaterThan(0);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Communities', exact: true }).click();
      await page.waitForURL(/\/communities$/);
      await settle(page);
      // Reset once the next page shows (polled briefly: the old page's cleanup runs as it unmounts).
      await expect.poll(() => rootPropertiesWithColour(page, primary), { timeout: 2_000, interval: 100 }).toEqual([]);
      const after = await rootPropertyValues(page, themed);
      for (const name of themed)
        expect(after[name]?.toLowerCase(), `${name} after leaving`).not.toBe(primary.toLowerCase());
    } finally {
      await tab.close();
    }
  });
});

describe('community theme on a server-rendered community page', () => {
  it('is in the server HTML on <html>, so hydration changes no style, and is still reset on leave', async () => {
    const { html } = await fetchPage(`/community/${austinPoint.slug}`);
    expect(html).toMatch(new RegExp(`<html[^>]* style="[^"]*--primary:${austinPoint.theme.primaryColor}`, 'i'));
    const tab = await newPage(context);
    const { page } = tab;
    try {
      await open(page, `/community/${austinPoint.slug}`);
      const primary = austinPoint.theme.primaryColor;
      expect((await rootPropertiesWithColour(page, primary)).length).toBeGreaterThan(0);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Communities', exact: true }).click();
      await page.waitForURL(/\/communities$/);
      await settle(page);
      await expect.poll(() => rootPropertiesWithColour(page, primary), { timeout: 2_000, interval: 100 }).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});

describe('top bars', () => {
  async function barState(bar: Locator) {
    return bar.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        scrolled: element.getAttribute('data-scrolled'),
        className: element.className,
        background: style.backgroundColor,
        shadow: style.boxShadow,
      };
    });
  }
  const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo(0, top), y);

  it('the main top bar turns white with a shadow past 50 px and back at the top', async () => {
    const tab = await newPage(context);
    const { page } = tab;
    try {
      await open(page, '/');
      const bar = page.getByRole('banner').first();
      await sleep(500);
      const top = await barState(bar);

      await scrollTo(page, 40);
      await sleep(500);
      expect(await barState(bar), 'unchanged at 40 px').toEqual(top);

      await scrollTo(page, 80);
      await expect.poll(() => barState(bar), { timeout: 3_000 }).not.toEqual(top);
      await sleep(400); // transitions
      const scrolled = await barState(bar);
      expect(scrolled.shadow, 'a shadow once scrolled').not.toBe('none');
      const [r, g, b] = (scrolled.background.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      expect(Math.min(r!, g!, b!), `white background once scrolled (${scrolled.background})`).toBeGreaterThan(230);

      await scrollTo(page, 0);
      await expect.poll(() => barState(bar), { timeout: 3_000 }).toEqual(top);
    } finally {
      await tab.close();
    }
  });

  it('the community top bar is hidden until 100 px, then slides in, tinted with primaryColor darkened by 0.2', async () => {
    const tab = await newPage(context);
    const { page } = tab;
    try {
      await open(page, '/community/austin-point');
      const bar = page
        .locator('header, [role="banner"]')
        .filter({ has: page.getByRole('link', { name: 'Homes', exact: true, includeHidden: true }) })
        .first();
      expect(await bar.count(), 'the community top bar').toBe(1);
      await sleep(500);
      expect(await isShownInViewport(bar), 'hidden at the top').toBe(false);

      await scrollTo(page, 90);
      await sleep(600);
      expect(await isShownInViewport(bar), 'still hidden at 90 px').toBe(false);

      await scrollTo(page, 160);
      await expect.poll(() => isShownInViewport(bar), { timeout: 3_000 }).toBe(true);
      await sleep(400);
      const paint = await bar.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} ${style.backgroundImage}`;
      });
      const expected = darken(austinPoint.theme.primaryColor, 0.2);
      const found = [...paint.matchAll(/rgba?\((\d+),\s*(\d+),\s*(\d+)/g)].map((match) =>
        match.slice(1, 4).map(Number),
      );
      expect(
        found.some((rgb) => rgb.every((channel, index) => Math.abs(channel - expected[index]!) <= 1)),
        `bar paint "${paint}" uses rgb(${expected.join(', ')})`,
      ).toBe(true);
      expect(await bar.innerText()).toContain(austinPoint.name);

      await scrollTo(page, 0);
      await expect.poll(() => isShownInViewport(bar), { timeout: 3_000 }).toBe(false);
    } finally {
      await tab.close();
    }
  });

  it('keeps a scroll made before the app started, and a reload keeps its position', async () => {
    const tab = await newPage(context);
    const { page } = tab;
    try {
      // The app's entry arrives a second late: the reader scrolls the server-rendered page meanwhile.
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.goto('/community/austin-point', { waitUntil: 'domcontentloaded' });
      await scrollTo(page, 600);
      await settle(page);
      expect(await page.locator('html[data-app-ready]').count(), 'the app has started').toBe(1);
      expect(await page.evaluate(() => window.scrollY), 'scroll kept after the app started').toBeGreaterThan(500);

      await page.reload({ waitUntil: 'load' });
      await settle(page);
      expect(await page.evaluate(() => window.scrollY), 'scroll kept across a reload').toBeGreaterThan(500);
    } finally {
      await tab.close();
    }
  });

  it("a client-side navigation replaces the head tags with the new page's, as the server writes them", async () => {
    const tab = await newPage(context);
    const { page } = tab;
    try {
      await open(page, '/');
      const home = headTags(await page.content());
      expect(home, 'the server-rendered page keeps its own tags').toEqual(headTags((await fetchPage('/')).html));
      await page.getByRole('banner').getByRole('link', { name: 'Communities', exact: true }).click();
      await page.waitForURL(/\/communities$/);
      const expected = headTags((await fetchPage('/communities')).html);
      expect(expected.title).not.toBe(home.title);
      await expect.poll(() => page.title(), { timeout: 5_000 }).toBe(expected.title);
      expect(headTags(await page.content())).toEqual(expected);
      expect(await page.locator('head link[rel="canonical"]').count(), 'one canonical link').toBe(1);
    } finally {
      await tab.close();
    }
  });

  it('a listing and a community reached by client navigations get their data and head from loaders kept in chunks of their own', async () => {
    const tab = await newPage(context);
    const { page } = tab;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    try {
      await open(page, '/communities');
      expect(
        requested.filter((path) => /\/assets\/(listing|community)-loader-/.test(path)),
        'a server-rendered first load runs no loader',
      ).toEqual([]);
      // The community page: its loader runs in the browser, its listings and its filter bar render.
      await page.locator('a[href="/community/austin-point"]').first().click();
      await page.waitForURL(/\/community\/austin-point$/);
      await expect
        .poll(() => page.title(), { timeout: 5_000 })
        .toBe(headTags((await fetchPage('/community/austin-point')).html).title);
      expect(requested.some((path) => /\/assets\/community-loader-/.test(path))).toBe(true);
      // A listing of it: data, page and head as the server writes them.
      const listingLink = page.locator('main a[href^="/listing/"]').first();
      const listingPath = (await listingLink.getAttribute('href'))!;
      await listingLink.click();
      await page.waitForURL((url) => url.pathname === listingPath);
      const expected = headTags((await fetchPage(listingPath)).html);
      await expect.poll(() => page.title(), { timeout: 5_000 }).toBe(expected.title);
      expect(headTags(await page.content())).toEqual(expected);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(expected.title!.split(' | ')[0]);
      expect(requested.some((path) => /\/assets\/listing-loader-/.test(path))).toBe(true);
    } finally {
      await tab.close();
    }
  });

  it('the scroll position resets to the top on a path change, and the keyboard focus goes to the new page', async () => {
    const tab = await newPage(context);
    const { page } = tab;
    try {
      await open(page, '/');
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Communities', exact: true });
      await footerLink.focus();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/communities$/);
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBe(0);
      // Not left on the footer link: the next Tab goes into the new page, not on down the footer.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('footer')))).toBe(false);
    } finally {
      await tab.close();
    }
  });
});

describe('every public page', () => {
  it('hydrates without hydration warnings or uncaught errors', async () => {
    for (const pathname of publicPaths) {
      const tab = await newPage(context);
      try {
        await open(tab.page, pathname);
        await sleep(300);
        expect(tab.problems.hydrationWarnings, `${pathname}\n${describeProblems(tab.problems)}`).toEqual([]);
        expect(tab.problems.pageErrors, `${pathname}\n${describeProblems(tab.problems)}`).toEqual([]);
      } finally {
        await tab.close();
      }
    }
  });

  it('has no horizontal scroll at 360 px wide', async () => {
    for (const pathname of publicPaths) await expectNoSidewaysScroll(pathname);
  });

  it('has none either when an admin pasted a long link into a description or a feature', async () => {
    const link = 'https://www.examplehomebuilder.com/communities/emberly/floorplans/hearth-plan-2450-virtual-tour';
    const community = await superApi<Community>('POST', '/communities', {
      name: `E2E Long Link ${Date.now()}`,
      location: 'Katy, TX',
      description: `Floor plans and a virtual tour: ${link}`,
    });
    const listing = await superApi<Listing>('POST', '/listings', {
      title: 'E2E Long Link Home',
      communityId: community.id,
      address: '1 Link Ln, Katy, TX 77494',
      price: 400000,
      bedrooms: 3,
      bathrooms: 2,
      sqft: 2000,
      description: `Virtual tour: ${link}`,
      features: [link],
    });
    try {
      await expectNoSidewaysScroll(`/listing/${listing.id}`, true);
      await expectNoSidewaysScroll(`/community/${community.slug}`, true);
    } finally {
      await superApi('DELETE', `/listings/${listing.id}`);
      await superApi('DELETE', `/communities/${community.id}`);
    }
  });
});

/**
 * Opens `pathname` 360 px wide and expects that the page cannot scroll sideways; `noneCut`: nor is any element
 * past the right edge (a section with paint containment clips what overflows it instead of scrolling).
 */
async function expectNoSidewaysScroll(pathname: string, noneCut = false): Promise<void> {
  const tab = await newPage(context);
  try {
    await tab.page.setViewportSize({ width: 360, height: 740 });
    await open(tab.page, pathname);
    const overflow = await measureSidewaysScroll(tab.page);
    expect(overflow.scrollX, `${pathname} scrolls sideways: ${JSON.stringify(overflow)}`).toBe(0);
    if (noneCut) expect(overflow.offenders, pathname).toEqual([]);
  } finally {
    await tab.close();
  }
}

describe('focus in sight', () => {
  // A control the keyboard reaches scrolls into view clear of the fixed top bar and the listing's phone bar.
  const coverOf = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement!;
      const focused = active.getBoundingClientRect();
      const headerElement = document.querySelector('.site-header');
      const bar = document.querySelector('.listing-bar');
      // A control inside a bar is in sight by definition.
      const inBar = Boolean(headerElement?.contains(active) || bar?.contains(active));
      const header = headerElement?.getBoundingClientRect();
      const barBox = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect() : null;
      return {
        name: active.textContent?.trim() || active.getAttribute('aria-label'),
        underHeader: !inBar && header ? focused.top < header.bottom - 1 : false,
        underBar: !inBar && barBox ? focused.bottom > barBox.top + 1 : false,
      };
    });

  it('Shift+Tab up a phone listing page and Tab down to Schedule Viewing: never under a bar', async () => {
    const listing = (await publicListings(austinPoint.id))[0]!;
    const tab = await newPage(context, { viewport: { width: 390, height: 844 } });
    try {
      const { page } = tab;
      await open(page, `/listing/${listing.id}`);
      await page.locator('.community-mini .card__link').focus();
      await page.keyboard.press('Tab');
      const down = await coverOf(page);
      expect(down.name).toContain('Schedule Viewing');
      expect(down, 'the phone bar leaves the focused button in sight').toMatchObject({ underBar: false });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press('Shift+Tab');
        const up = await coverOf(page);
        expect(up, `Shift+Tab ${step + 1}: ${up.name}`).toMatchObject({ underHeader: false, underBar: false });
      }
    } finally {
      await tab.close();
    }
  });
});
