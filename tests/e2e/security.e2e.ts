/**
 * Security headers on pages and API answers (DESIGN §4), and public pages that load in Chromium without a single
 * Content Security Policy violation, console error or uncaught error.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicListings } from './support/api';
import { describeProblems, launchBrowser, newContext, newPage, open } from './support/browser';
import { serviceWorkerControls } from './support/admin-sync';
import { siteUrl } from './support/env';

let browser: Browser;
let context: BrowserContext;
let listingPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  listingPath = `/listing/${(await publicListings())[0]!.id}`;
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

function expectSecurityHeaders(headers: Headers, what: string, defaultSrc = "'self'") {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, `${what}: CSP default-src`).toMatch(new RegExp(`(^|;)\\s*default-src ${defaultSrc}\\s*(;|$)`));
  expect(csp, `${what}: CSP frame-ancestors`).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
  expect(csp, `${what}: no unsafe script sources`).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  const referrer = headers.get('referrer-policy') ?? '';
  expect(referrer, `${what}: referrer-policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)(,|$)/,
  );
}

describe('security headers', () => {
  it('are sent with a server-rendered page', async () => {
    const response = await fetch(siteUrl('/'), { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers, 'GET /');
  });

  it('isolate the back office and the kiosk, not public pages (docs/decisions.md)', async () => {
    for (const [pathname, isolated] of [
      ['/community/austin-point', false],
      ['/admin', true],
      ['/kiosk/austin-point', true],
    ] as const) {
      const response = await fetch(siteUrl(pathname), { headers: { accept: 'text/html' } });
      expect(response.status, pathname).toBe(200);
      expectSecurityHeaders(response.headers, `GET ${pathname}`);
      expect(response.headers.get('cross-origin-opener-policy'), pathname).toBe(isolated ? 'same-origin' : null);
      expect(response.headers.get('origin-agent-cluster'), pathname).toBe(isolated ? '?1' : null);
    }
  });

  it('are sent with an API answer', async () => {
    const response = await fetch(siteUrl('/api/public/communities'));
    expect(response.status).toBe(200);
    // A JSON answer loads nothing: its policy allows nothing at all.
    expectSecurityHeaders(response.headers, 'GET /api/public/communities', "'none'");
  });
});

describe('files of the build that are not the site', () => {
  it("the build's manifest (its source paths and chunk graph) is not served", async () => {
    const response = await fetch(siteUrl('/.vite/manifest.json'));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('.tsx');
  });
});

describe('the offline shell', () => {
  // The service worker serves one precached shell at every address offline; at a back-office or kiosk address it
  // must carry the isolation headers the server sends there, or an offline reload is a cross-group navigation
  // into a new renderer (the offline-sync e2e test lost its session on one).
  it('carries the isolation headers the server sends at its address, so a reload stays in its browsing-context group', async () => {
    const offlineContext = await newContext(browser);
    try {
      const tab = await newPage(offlineContext);
      await open(tab.page, '/');
      expect(await serviceWorkerControls(tab.page), 'a service worker controls the page within 30 s').toBe(true);
      for (const [pathname, isolated] of [
        ['/admin/login', true],
        ['/kiosk/austin-point', true],
        ['/community/austin-point', false],
      ] as const) {
        await offlineContext.setOffline(false);
        await tab.page.goto(pathname, { waitUntil: 'load' });
        await offlineContext.setOffline(true);
        // window.name survives a reload in the same browsing-context group and is cleared on a switch to another.
        await tab.page.evaluate(() => {
          window.name = 'before-the-offline-reload';
        });
        const response = await tab.page.reload({ waitUntil: 'load' });
        expect(response?.fromServiceWorker(), `${pathname}: served by the worker offline`).toBe(true);
        const headers = (await response?.allHeaders()) ?? {};
        expect(headers['cross-origin-opener-policy'], pathname).toBe(isolated ? 'same-origin' : undefined);
        expect(headers['origin-agent-cluster'], pathname).toBe(isolated ? '?1' : undefined);
        expect(headers['content-security-policy'], `${pathname}: the server's CSP`).toMatch(/frame-ancestors 'none'/);
        expect(await tab.page.evaluate(() => window.name), `${pathname}: the same browsing-context group`).toBe(
          'before-the-offline-reload',
        );
        expect(await tab.page.content(), pathname).toContain('name="offline-shell"');
      }
    } finally {
      await offlineContext.close();
    }
  });
});

describe('public pages in Chromium', () => {
  it.each(['/', '/communities', '/community/austin-point', 'a listing', '/contact'])(
    '%s loads without CSP violations, console errors or uncaught errors',
    async (label) => {
      const pathname = label === 'a listing' ? listingPath : label;
      const tab = await newPage(context);
      try {
        await open(tab.page, pathname);
        expect(tab.problems.cspViolations, describeProblems(tab.problems)).toEqual([]);
        expect(tab.problems.pageErrors, describeProblems(tab.problems)).toEqual([]);
        expect(tab.problems.consoleErrors, describeProblems(tab.problems)).toEqual([]);
      } finally {
        await tab.close();
      }
    },
  );
});
