/**
 * A kiosk tablet knows when it can go offline (docs/decisions.md "Kiosk offline readiness"). Driving WebKit found
 * it: an agent who started kiosk mode and lost the signal before the service worker had stored the app got the
 * browser's "cannot connect" page on the next reload. Here the worker's script cannot be fetched at first (the
 * network cut the first install short): the kiosk's corner says to keep the tablet online; once the network is
 * back the page installs the worker again by itself (no reload: a kiosk never makes one), the corner says "Ready
 * offline", and an offline reload shows the sign-in form. Starting the kiosk also asks the browser to keep the
 * site's storage, where queued sign-ins wait.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, newPage, type E2ePage } from './support/browser';
import { e2eEnv } from './support/env';

const SLUG = 'emberly';
const PREPARING = 'Getting ready for offline use: keep this tablet online';
const READY = 'Ready offline';

let browser: Browser;
let context: BrowserContext;
let tab: E2ePage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  tab = await newPage(context);
  page = tab.page;
});

afterAll(async () => {
  await tab?.close();
  await context?.close();
  await browser?.close();
});

describe('kiosk offline readiness', () => {
  it('says to keep the tablet online until the app is stored, retries a cut-short install, then works offline', async () => {
    let workerScriptReachable = false;
    await context.route('**/sw.js', (route) => (workerScriptReachable ? route.continue() : route.abort('failed')));

    // Counts the requests for persistent storage (the kiosk asks for it as it starts).
    await page.addInitScript(() => {
      const storage = navigator.storage;
      const persist = storage.persist.bind(storage);
      (window as unknown as { persistAsked: number }).persistAsked = 0;
      storage.persist = () => {
        (window as unknown as { persistAsked: number }).persistAsked += 1;
        return persist();
      };
    });
    const { adminEmail, adminPassword } = e2eEnv();
    await page.goto(`/kiosk/${SLUG}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Start the open-house kiosk' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(READY, { exact: true }).count(), 'the start form names what to wait for').toBe(1);
    await page.getByLabel('Admin email').fill(adminEmail);
    await page.getByLabel('Admin password').fill(adminPassword);
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    await page.getByRole('heading', { name: 'Please sign in' }).waitFor({ timeout: 30_000 });

    expect(
      await page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked),
      'the kiosk asks the browser to keep its storage (queued sign-ins)',
    ).toBeGreaterThan(0);
    const readiness = page.locator('.kiosk__readiness');
    await readiness.waitFor({ timeout: 10_000 });
    // Long enough for a first registration to have failed and, without the retry, for nothing to happen again.
    await page.waitForTimeout(3_000);
    expect(await readiness.textContent()).toBe(PREPARING);
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);

    // The network is back: the page tries the install again by itself (every 20 s) and the worker takes control.
    workerScriptReachable = true;
    await page.getByText(READY, { exact: true }).waitFor({ timeout: 45_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Now the tablet can lose its signal and still show the kiosk after a reload.
    await context.setOffline(true);
    try {
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Please sign in' }).waitFor({ timeout: 15_000 });
      expect(await readiness.textContent()).toBe(READY);
    } finally {
      await context.setOffline(false);
    }
    // The blocked script and the refused registration are what this test makes happen; nothing else may fail.
    const unexpected = tab.problems.consoleErrors.filter(
      (text) => !/sw\.js|service ?worker|fetching the script/i.test(text),
    );
    expect(unexpected).toEqual([]);
    expect(tab.problems.pageErrors).toEqual([]);
  }, 120_000);
});
