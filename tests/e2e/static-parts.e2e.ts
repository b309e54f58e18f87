/**
 * Static parts (issue 14, web/src/components/static-part.tsx): sections with nothing interactive keep the server's
 * HTML while a public page hydrates, and React holds none of their elements. Their router links still navigate in
 * the app and load the next page's code on hover (web/src/app/router-links.ts), and a client-side navigation
 * renders them from the new page's data, never the kept HTML of the page before.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { publicCommunity, publicListings } from './support/api';
import { describeProblems, launchBrowser, newPage, open, settle } from './support/browser';

let browser: Browser;
let austinPoint: Community;
let emberly: Community;
let listing: Listing;

beforeAll(async () => {
  browser = await launchBrowser();
  austinPoint = await publicCommunity('austin-point');
  emberly = await publicCommunity('emberly');
  listing = (await publicListings(austinPoint.id))[0]!;
});

afterAll(async () => {
  await browser?.close();
});

interface StaticPartReport {
  tag: string;
  /** React hydrated the part's own element (it carries a fiber). */
  elementHydrated: boolean;
  /** Elements inside that React holds (hydrated or rendered). */
  reactHeldInside: number;
  elementsInside: number;
}

/** What React holds in each static part, read from the fibers React attaches to the elements it manages. */
function staticParts(page: Page): Promise<StaticPartReport[]> {
  return page.evaluate(() => {
    const heldByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    return [...document.querySelectorAll('[data-static-part]')].map((part) => {
      const inside = [...part.querySelectorAll('*')];
      return {
        tag: part.tagName.toLowerCase(),
        elementHydrated: heldByReact(part),
        reactHeldInside: inside.filter(heldByReact).length,
        elementsInside: inside.length,
      };
    });
  });
}

/** Marks the document, so a test can tell a client-side navigation (mark kept) from a page load (mark gone). */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: number }).e2eMark = 1));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark === 1);

describe('static parts of the public pages', () => {
  it.each([
    ['/', 6],
    ['/communities', 4],
    ['community', 6],
    ['listing', 7],
  ])('%s keeps the server HTML of its %i static parts while the rest is hydrated', async (which, count) => {
    const path =
      which === 'community' ? '/community/austin-point' : which === 'listing' ? `/listing/${listing.id}` : which;
    const { page, problems, close } = await newPage(browser);
    try {
      await open(page, path);
      const parts = await staticParts(page);
      expect(parts.map((part) => part.tag)).toHaveLength(count);
      for (const part of parts) {
        expect(part.elementHydrated, `${part.tag} is hydrated itself`).toBe(true);
        expect(part.elementsInside, `${part.tag} has content`).toBeGreaterThan(0);
        expect(part.reactHeldInside, `elements React holds inside the ${part.tag}`).toBe(0);
      }
      // The page around them is hydrated: every button React rendered holds its handlers.
      const buttons = await page.evaluate(() =>
        [...document.querySelectorAll('button')]
          .filter((button) => !button.closest('[data-static-part]'))
          .map((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$'))),
      );
      expect(buttons.length).toBeGreaterThan(0);
      expect(buttons.every(Boolean), 'every button outside static parts is hydrated').toBe(true);
      expect(problems.hydrationWarnings, describeProblems(problems)).toEqual([]);
      expect(problems.consoleErrors, describeProblems(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a router link in a static part loads its page code on hover and navigates in the app on click', async () => {
    const { page, problems, close } = await newPage(browser);
    try {
      await open(page, '/community/austin-point');
      await markDocument(page);
      const chunkRequests: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/communities-[\w-]+\.js$/.test(request.url())) chunkRequests.push(request.url());
      });
      const link = page.locator('footer a[href="/communities"]');
      await link.hover();
      await expect.poll(() => chunkRequests.length, { timeout: 5_000 }).toBeGreaterThan(0);

      await link.click();
      await page.waitForURL('**/communities');
      // The router changes the URL as the navigation commits; React renders the page right after.
      await page.getByRole('heading', { level: 1, name: 'Houston Communities' }).waitFor({ timeout: 10_000 });
      expect(await documentMarked(page), 'no page load: the router navigated').toBe(true);
      expect(problems.pageErrors, describeProblems(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a click with a modifier key on such a link is left to the browser', async () => {
    const { page, context, close } = await newPage(browser);
    try {
      await open(page, '/community/austin-point');
      const opened = context.waitForEvent('page', { timeout: 10_000 });
      await page.locator('footer a[href="/contact"]').click({ modifiers: ['Control'] });
      const tab = await opened;
      expect(new URL(page.url()).pathname).toBe('/community/austin-point');
      // Where the browser sent the tab, not its load state: waiting for the background tab's DOMContentLoaded
      // timed out once in CI after the tab had loaded (Playwright missed the event).
      await expect.poll(() => new URL(tab.url()).pathname, { timeout: 10_000 }).toBe('/contact');
    } finally {
      await close();
    }
  });

  it("a client-side navigation to another community renders its sections from that community's data", async () => {
    const { page, problems, close } = await newPage(browser);
    try {
      await open(page, '/community/austin-point');
      await markDocument(page);
      await page.locator(`footer a[href="/community/${emberly.slug}"]`).click();
      await page.waitForURL(`**/community/${emberly.slug}`);
      await page.getByRole('heading', { name: `About ${emberly.name}` }).waitFor({ timeout: 10_000 });
      await settle(page);
      expect(await documentMarked(page), 'no page load: the router navigated').toBe(true);

      const main = page.locator('main');
      await expect(main.getByRole('heading', { name: `About ${emberly.name}` }).count()).resolves.toBe(1);
      await expect(main.getByRole('heading', { name: `About ${austinPoint.name}` }).count()).resolves.toBe(0);
      const amenities = await main.locator('.tags .tag').allInnerTexts();
      expect(amenities).toEqual(emberly.amenities);
      // Rendered by React this time: the same sections now hold React's elements.
      const parts = await staticParts(page);
      const mainParts = parts.filter((part) => part.tag !== 'footer');
      expect(mainParts.length).toBeGreaterThan(0);
      for (const part of mainParts) expect(part.reactHeldInside, part.tag).toBeGreaterThan(0);
      expect(problems.pageErrors, describeProblems(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
