/**
 * Chromium for the e2e tests (DESIGN §8): Debian's Chromium driven by playwright-core, and pages that record
 * what a visitor would never want to see: console errors, uncaught page errors, Content Security Policy
 * violations and React hydration warnings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_ARGS } from '../../support/chromium';
import { e2eEnv } from './env';
import { localDb } from './local-db';
import { APP_READY_ATTRIBUTE } from '../../../web/src/utils/app-ready-event';

export { CHROMIUM_ARGS };

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH || e2eEnv().chromePath;
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A Chromium with a real (temporary) profile: what Chromium's install checks need, as they refuse incognito
 * contexts (browser.newContext()). close() also removes the profile folder.
 */
export async function launchPersistentContext(
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'hc-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROME_PATH || e2eEnv().chromePath,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: e2eEnv().baseUrl,
    ...screenOf(options),
    serviceWorkers: options.serviceWorkers ?? 'allow',
    locale: 'en-US',
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  /** 'block' when a test intercepts requests with page.route (a service worker would answer them first). */
  serviceWorkers?: 'allow' | 'block';
  /** A phone: a 390 x 844 touch screen (taps, no hover), unless `viewport` says otherwise. */
  phone?: boolean;
}

/** The screen a context has: a laptop's, or with `phone` a touch screen the size of a phone's. */
function screenOf(options: ContextOptions): Pick<BrowserContextOptions, 'viewport' | 'isMobile' | 'hasTouch'> {
  if (!options.phone) return { viewport: options.viewport ?? { width: 1280, height: 800 } };
  return { viewport: options.viewport ?? { width: 390, height: 844 }, isMobile: true, hasTouch: true };
}

/** A fresh browser profile (storage, service workers, IndexedDB) whose relative URLs resolve on the server under test. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const contextOptions: BrowserContextOptions = {
    baseURL: e2eEnv().baseUrl,
    ...screenOf(options),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    serviceWorkers: options.serviceWorkers ?? 'allow',
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  };
  return browser.newContext(contextOptions);
}

export interface PageProblems {
  /** console.error messages (including failed resource loads). */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
  /** Console messages about a Content Security Policy violation. */
  cspViolations: string[];
  /** React hydration mismatches (minified errors 418-425 in production builds) and any "hydration" message. */
  hydrationWarnings: string[];
}

export interface E2ePage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
  /** Forgets the problems recorded so far (e.g. after an expected failure). */
  resetProblems(): void;
  /** Closes the page, and its context when newPage created one. */
  close(): Promise<void>;
}

const HYDRATION = /hydrat|Minified React error #(418|419|421|422|423|425)\b|did not match/i;
const CSP = /Content Security Policy/i;

/**
 * A page that records problems. Given a Browser it gets its own context (closed with the page); given a
 * BrowserContext it shares that profile (service worker, IndexedDB) with the context's other pages.
 */
export async function newPage(target: Browser | BrowserContext, options: ContextOptions = {}): Promise<E2ePage> {
  const ownContext = 'newContext' in target;
  const context = ownContext ? await newContext(target as Browser, options) : (target as BrowserContext);
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [], hydrationWarnings: [] };

  page.on('console', (message) => {
    const text = message.text();
    const where = message.location()?.url ? ` (${message.location().url})` : '';
    if (CSP.test(text)) problems.cspViolations.push(text);
    if (HYDRATION.test(text)) problems.hydrationWarnings.push(text);
    if (message.type() === 'error') problems.consoleErrors.push(`${text}${where}`);
  });
  page.on('pageerror', (error) => {
    const text = `${error.name}: ${error.message}`;
    problems.pageErrors.push(text);
    if (HYDRATION.test(text)) problems.hydrationWarnings.push(text);
  });

  return {
    page,
    context,
    problems,
    resetProblems() {
      for (const list of Object.values(problems)) list.length = 0;
    },
    async close() {
      await page.close().catch(() => {});
      if (ownContext) await context.close().catch(() => {});
    },
  };
}

/**
 * Waits until the page has loaded, its lazy route code has arrived and hydration has had its chance: the load
 * event, the app's ready mark (web/src/app/app-ready.tsx; bounded, a test of a broken page asserts on what it
 * shows instead), then no network activity for 500 ms (bounded), then two animation frames.
 */
export async function settle(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .locator(`html[${APP_READY_ATTRIBUTE}]`)
    .waitFor({ state: 'attached', timeout: timeoutMs })
    .catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {});
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Opens a path and settles; fails with the status when the page does not answer 2xx (unless allowed). */
export async function open(page: Page, pathname: string, expectedStatus = 200): Promise<void> {
  const response = await page.goto(pathname, { waitUntil: 'load' });
  const status = response?.status();
  if (status !== expectedStatus) throw new Error(`GET ${pathname} answered ${status}, expected ${expectedStatus}`);
  await settle(page);
}

/**
 * True when the element is really shown to the user: rendered (not display:none / visibility:hidden /
 * near-transparent, also on its ancestors) and at least partly inside the viewport (so a bar slid out with a
 * transform counts as hidden).
 */
export async function isShownInViewport(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator.first().evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 0.1) return false;
    }
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    return rect.bottom > 1 && rect.top < window.innerHeight - 1 && rect.right > 0 && rect.left < window.innerWidth;
  });
}

/** How far a page can scroll sideways, and the first elements past its right edge (tag.class right=px). */
export interface SidewaysScroll {
  scrollX: number;
  scrollWidth: number;
  offenders: string[];
}

/**
 * Scrolls through the page (sections that render when near are laid out only then), then measures how far it
 * scrolls sideways and which elements reach past the right edge of the screen. Elements inside a container that
 * `scrollsByDesign` matches (a table's frame that scrolls sideways) are left out; the container itself is not.
 */
export async function measureSidewaysScroll(page: Page, scrollsByDesign?: string): Promise<SidewaysScroll> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  return page.evaluate((scroller) => {
    window.scrollTo(1000, 0);
    const scrollX = window.scrollX;
    window.scrollTo(0, 0);
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => !scroller || !element.parentElement?.closest(scroller))
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.right > window.innerWidth + 1)
      .slice(0, 5)
      .map(
        ({ element, rect }) =>
          `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).join('.')} right=${Math.round(rect.right)}`,
      );
    return { scrollX, scrollWidth: document.documentElement.scrollWidth, offenders };
  }, scrollsByDesign);
}

/** Every problem recorded, as one readable block for an assertion message. */
export function describeProblems(problems: PageProblems): string {
  return Object.entries(problems)
    .filter(([, list]) => list.length > 0)
    .map(([kind, list]) => `${kind}:\n  ${(list as string[]).join('\n  ')}`)
    .join('\n');
}

/**
 * Waits until this page works offline: a service worker is active (within 30 s) and the offline pack has been
 * stored in IndexedDB (DESIGN §5), then reloads so the page is served under the worker's control.
 */
export async function waitForOfflineCopy(page: Page): Promise<void> {
  const ready = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]),
  );
  expect(ready, 'a service worker is active').toBe(true);
  await expect
    .poll(
      () =>
        localDb(page, { store: 'meta', op: 'get', key: 'offlinePackAt' }, { ifMissing: undefined }).then(
          (row) => row !== undefined,
        ),
      { timeout: 90_000, interval: 500 },
    )
    .toBe(true);
  await page.reload({ waitUntil: 'load' });
}
