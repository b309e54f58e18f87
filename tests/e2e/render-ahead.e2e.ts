/**
 * What a page renders while the visitor reads (app/render-ahead.ts). A phone's first layout leaves out the sections
 * below the first screens (`content-visibility: auto`), and the listing's payment calculator waits for its section
 * to come near. Once the app has started, the page renders those sections and loads the calculator while idle, with
 * no scroll, so a buyer who scrolls to Contact Agent and taps at once does not wait for them (`bench:forms` measures
 * that tap). The first layout still leaves them out, and rendering ahead does not move the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publicListings } from './support/api';
import { open } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite();
const PHONE = { width: 390, height: 844 };

/**
 * Each `render-when-near` section and whether its content is rendered: checkVisibility with contentVisibilityAuto
 * is false for an element whose rendering `content-visibility: auto` skips.
 */
const sections = (page: Page) =>
  page.locator('.render-when-near').evaluateAll((elements) =>
    elements.map((element) => ({
      section: `${element.tagName.toLowerCase()}.${element.className.split(' ')[0]}`,
      // A skipped section's children are all invisible so; a rendered one shows at least one.
      rendered: [...element.children].some((child) => child.checkVisibility({ contentVisibilityAuto: true })),
    })),
  );

const skipped = async (page: Page) =>
  (await sections(page)).filter((entry) => !entry.rendered).map((entry) => entry.section);

/** A phone tab; with `heldBack`, the code the started app loads for it (after-start) never arrives. */
async function phoneTab(pathname: string, heldBack = false): Promise<Page> {
  const { page } = await suite.newTab({ phone: true, viewport: PHONE, serviceWorkers: 'block' });
  if (heldBack) await page.route(/\/assets\/after-start-[^/]*\.js$/, (route) => route.abort());
  await open(page, pathname);
  return page;
}

describe('a page renders its sections while the visitor reads', () => {
  it('a listing on a phone: every section rendered and the payment calculator loaded, with no scroll', async () => {
    const listing = (await publicListings()).find((candidate) => candidate.status === 'AVAILABLE')!;
    const pathname = `/listing/${listing.id}`;

    // The first layout, as the page keeps it until the app renders ahead: sections far down are left out.
    const firstLayout = await phoneTab(pathname, true);
    expect(await skipped(firstLayout), 'sections left out of the first layout').not.toEqual([]);
    await expect(firstLayout.getByTestId('payment-total').count()).resolves.toBe(0);

    const page = await phoneTab(pathname);
    await expect.poll(() => skipped(page), { timeout: 15_000 }).toEqual([]);
    const total = page.getByTestId('payment-total');
    await total.waitFor({ state: 'attached', timeout: 15_000 });
    expect(await total.textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    // Nothing moved the page: the visitor still reads its top.
    expect(await page.evaluate(() => scrollY)).toBe(0);
  }, 60_000);

  it('a listing reached by a link followed in the app: its sections rendered too', async () => {
    const page = await phoneTab('/community/austin-point');
    const link = page.locator('a[data-discover][href^="/listing/"]').first();
    await link.click();
    await page.waitForURL(/\/listing\//);
    await page.getByTestId('payment-total').waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => skipped(page), { timeout: 15_000 }).toEqual([]);
  }, 60_000);

  it('a community page and the home page on a phone: every section rendered, with no scroll', async () => {
    for (const pathname of ['/community/austin-point', '/']) {
      const firstLayout = await phoneTab(pathname, true);
      expect(await skipped(firstLayout), `${pathname}: sections left out of the first layout`).not.toEqual([]);
      const page = await phoneTab(pathname);
      await expect.poll(() => skipped(page), { timeout: 15_000 }).toEqual([]);
      expect(await page.evaluate(() => scrollY), pathname).toBe(0);
    }
  }, 60_000);
});
