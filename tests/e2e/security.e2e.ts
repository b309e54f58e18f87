/**
 * Security headers on pages and API answers (DESIGN §4), and public pages that load in Chromium without a single
 * Content Security Policy violation, console error or uncaught error.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicListings } from './support/api';
import { describeProblems, launchBrowser, newContext, newPage, open } from './support/browser';
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
