/**
 * Firefox for the e2e tests: Debian's Firefox ESR (`apt-get install -y firefox-esr`; .ci/run installs it) driven by
 * puppeteer-core over WebDriver BiDi, the standard protocol Firefox speaks itself (no geckodriver, no downloaded
 * browser). puppeteer-core 24: its 25 needs Node 22 (DESIGN §9).
 *
 * Pages record what a visitor should never meet, as support/browser.ts does for Chromium: console errors and
 * uncaught errors (BiDi reports a Content Security Policy violation as a console error).
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { APP_READY_ATTRIBUTE } from '../../../web/src/utils/app-ready-event';

const FIREFOX = '/usr/bin/firefox-esr';

export async function launchFirefox(): Promise<Browser> {
  if (!existsSync(FIREFOX)) throw new Error(`Firefox is missing (${FIREFOX}): apt-get install -y firefox-esr`);
  return puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
}

export interface FirefoxPage {
  page: Page;
  /** Console errors and uncaught errors, in order. */
  problems: string[];
  close(): Promise<void>;
}

/** A page in a fresh profile of its own (storage, service workers, IndexedDB): a new device. */
export async function newFirefoxPage(browser: Browser): Promise<FirefoxPage> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error instanceof Error ? error.message : String(error)}`));
  return {
    page,
    problems,
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}

/**
 * Opens `url` with no network (the service worker answers) and waits until the app has started on it. Once in CI
 * the driver reported such a navigation as aborted (NS_BINDING_ABORTED) and the test passed on its retry; so an
 * abort is not a failure by itself, but a page that never gets to `url` is (the wait below times out), and so is the
 * browser's error page at `url` (the app never starts on it).
 */
export async function openOfflineAndStart(page: Page, url: string, timeoutMs = 20_000): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  } catch (error) {
    if (!String(error).includes('NS_BINDING_ABORTED')) throw error;
    console.warn(`[e2e] the driver reported the navigation to ${url} aborted; waiting for the page to get there`);
    // Until the page is at `url`: the document it left already has the app started.
    await page.waitForFunction(
      (pathname: string) => location.pathname === pathname,
      { timeout: timeoutMs },
      new URL(url).pathname,
    );
  }
  await appStarted(page, timeoutMs);
}

/** Opens `url` and waits until the app has started on it (web/src/app/app-ready.tsx). */
export async function openAndStart(page: Page, url: string, timeoutMs = 20_000): Promise<void> {
  await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  await appStarted(page, timeoutMs);
}

export async function appStarted(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(
    (attribute: string) => document.documentElement.hasAttribute(attribute),
    { timeout: timeoutMs },
    APP_READY_ATTRIBUTE,
  );
}

/** Waits until a service worker controls the page: from then on the device can open the site with no signal. */
export async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 45_000 });
}

export async function textShown(page: Page, text: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    (wanted: string) => document.body?.innerText.includes(wanted),
    { timeout: timeoutMs },
    text,
  );
}
