/**
 * The site in Firefox (support/firefox.ts: Debian's Firefox ESR over WebDriver BiDi). The rest of the suite runs
 * in Chromium, and an audit in Firefox found what Chromium never shows:
 * - with navigation preload on, Firefox failed every page opened or reloaded offline (its "Unable to connect"
 *   instead of the saved shell: public pages, the kiosk, the back office), sw/sw.ts;
 * - the offline pack waited for `navigator.storage.persist()`, which Firefox answers with a permission prompt, so
 *   it never finished ("Available offline" never shown, the whole pack fetched again on every load);
 * - zod's eval probe logged a Content Security Policy violation on every page with a form (domain/schemas/zod.ts).
 *
 * "No signal" is a TCP proxy that resets every connection (support/network-switch.ts): puppeteer's offline mode in
 * Firefox does not stop page loads.
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../domain';
import { publicCommunity, publicListings } from './support/api';
import { e2eEnv, siteUrl } from './support/env';
import {
  appStarted,
  launchFirefox,
  newFirefoxPage,
  openAndStart,
  openOfflineAndStart,
  textShown,
  waitForController,
  type FirefoxPage,
} from './support/firefox';
import { NetworkSwitch } from './support/network-switch';

let browser: Browser;
let tab: FirefoxPage | undefined;
let network: NetworkSwitch | undefined;
let listing: Listing;

beforeAll(async () => {
  browser = await launchFirefox();
  const austinPoint = await publicCommunity('austin-point');
  listing = (await publicListings(austinPoint.id))[0]!;
}, 60_000);

afterEach(async () => {
  await tab?.close();
  tab = undefined;
  await network?.stop();
  network = undefined;
});

afterAll(async () => {
  await browser?.close();
});

/** A new device whose requests go through a network that can be cut; resolves with the site's address through it. */
async function deviceBehindSwitch(): Promise<string> {
  network = new NetworkSwitch(Number(new URL(e2eEnv().baseUrl).port));
  const base = await network.start();
  tab = await newFirefoxPage(browser);
  return base;
}

describe('Firefox', () => {
  it('every public page starts its app with no console error (no CSP violation from the form schemas)', async () => {
    tab = await newFirefoxPage(browser);
    const pages = ['/', '/communities', '/community/austin-point', `/listing/${listing.id}`, '/contact', '/search'];
    for (const pathname of [...pages, '/favorites']) {
      await openAndStart(tab.page, siteUrl(pathname));
      // The forms' schemas arrive with the page's widgets: give them time to load and run.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(tab.problems).toEqual([]);
  }, 120_000);

  it('offline, a page never opened and a reload both get the saved app, not "Unable to connect"', async () => {
    const base = await deviceBehindSwitch();
    const page = tab!.page;
    await openAndStart(page, `${base}/contact`);
    await waitForController(page);

    network!.cut();
    // A page this device never opened: the worker answers with the shell, which shows the community from the
    // offline copy or says to connect; either way the site, not the browser's error page.
    await openOfflineAndStart(page, `${base}/community/indigo`);
    expect(await page.evaluate(() => location.pathname)).toBe('/community/indigo');
    // Let the page's own loading end first (its images fail offline): a reload in the middle of it is aborted by
    // the driver (NS_BINDING_ABORTED), not by the site.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await page.reload({ waitUntil: 'load' });
    await appStarted(page);
    await openAndStart(page, `${base}/contact`);
    await textShown(page, 'Send Us a Message');
  }, 120_000);

  it('stores the offline pack and says "Available offline" (the storage prompt is not waited for)', async () => {
    tab = await newFirefoxPage(browser);
    await openAndStart(tab.page, siteUrl('/'));
    await textShown(tab.page, 'Available offline', 60_000);
    const stamp = await tab.page.evaluate(() => localStorage.getItem('pwa:offline-pack-at'));
    expect(Number(stamp)).toBeGreaterThan(0);
  }, 90_000);
});
