/**
 * Installable app and resilient route code (DESIGN §5, SPEC §2): Chromium reports no installability errors, the
 * manifest has what an install needs, and a route chunk that fails to load gives one reload, never a loop.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../server/server-process';
import { sleep } from './support/api';
import { launchBrowser, launchPersistentContext, newPage, open, settle } from './support/browser';
import { siteUrl } from './support/env';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('installable', () => {
  it("Chromium's Page.getInstallabilityErrors reports none on /", async () => {
    const profile = await launchPersistentContext();
    const tab = await newPage(profile.context);
    try {
      await open(tab.page, '/');
      const cdp = await tab.context.newCDPSession(tab.page);
      let errors: { errorId: string; errorArguments: unknown[] }[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        ({ installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: typeof errors;
        });
        if (errors.length === 0) break;
        await sleep(1_000);
      }
      expect(errors.map((error) => `${error.errorId} ${JSON.stringify(error.errorArguments)}`)).toEqual([]);
    } finally {
      await tab.close();
      await profile.close();
    }
  });

  it('the manifest has a name, 192/512/maskable icons, a theme colour, start_url and display standalone', async () => {
    const html = await (await fetch(siteUrl('/'), { headers: { accept: 'text/html' } })).text();
    const href = /<link\b[^>]*rel=["']?manifest["']?[^>]*>/i.exec(html)?.[0].match(/href=["']?([^"'\s>]+)/)?.[1];
    expect(href, '<link rel="manifest"> on /').toBeTruthy();
    const response = await fetch(new URL(href!, siteUrl('/')));
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name?: string;
      icons?: { sizes?: string; purpose?: string; src: string }[];
      theme_color?: string;
      start_url?: string;
      display?: string;
    };
    expect(manifest.name).toBeTruthy();
    const icons = manifest.icons ?? [];
    expect(icons.some((icon) => icon.sizes?.split(/\s+/).includes('192x192'))).toBe(true);
    expect(icons.some((icon) => icon.sizes?.split(/\s+/).includes('512x512'))).toBe(true);
    expect(icons.some((icon) => icon.purpose?.split(/\s+/).includes('maskable'))).toBe(true);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{3,8}$/i);
    expect(manifest.start_url).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    for (const icon of icons) expect((await fetch(new URL(icon.src, siteUrl('/')))).status, icon.src).toBe(200);
  });
});

describe('a route chunk that fails to load', () => {
  /** The built file of the /communities route module (from Vite's manifest). */
  function communitiesChunk(): string {
    const manifest = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'dist/client/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; src?: string }>;
    const entry = Object.entries(manifest).find(([key]) => /routes\/public\/communities\.tsx$/.test(key));
    if (!entry) throw new Error('No communities route chunk in dist/client/.vite/manifest.json');
    return `/${entry[1].file}`;
  }

  /** Counts full page loads (document requests of the main frame) from now on. */
  function countReloads(page: Page): () => number {
    let count = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) count += 1;
    });
    return () => count;
  }

  it('gives exactly one reload, after which the route works', async () => {
    // No service worker: it would answer the chunk from its precache before the test's route could fail it.
    const tab = await newPage(browser, { serviceWorkers: 'block' });
    const { page } = tab;
    try {
      await open(page, '/');
      const chunk = communitiesChunk();
      let failures = 0;
      await page.route(`**${chunk}`, (route) => {
        if (failures === 0) {
          failures += 1;
          return route.abort('failed');
        }
        return route.continue();
      });
      const reloads = countReloads(page);
      await page.getByRole('banner').getByRole('link', { name: 'Communities', exact: true }).first().click();
      await sleep(8_000);
      expect(failures, 'the chunk request was failed once').toBe(1);
      expect(reloads(), 'full page loads after the failed chunk').toBe(1);
      await settle(page);
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);

      // The reloaded page works: the route opens.
      if (!page.url().endsWith('/communities')) {
        await page.getByRole('banner').getByRole('link', { name: 'Communities', exact: true }).first().click();
        await page.waitForURL(/\/communities$/, { timeout: 10_000 });
      }
      await settle(page);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
      expect(reloads(), 'no further reloads').toBe(1);
    } finally {
      await tab.close();
    }
  });

  it('a chunk that fails to preload while a visitor is typing (a hover prefetch) never reloads over the form', async () => {
    const tab = await newPage(browser, { serviceWorkers: 'block' });
    const { page } = tab;
    try {
      await open(page, '/contact');
      await page.locator('#contact-name').fill('Dana Visitor');
      await page.locator('#contact-message').fill('Looking for a 4 bedroom home near Katy.');
      let failed = 0;
      await page.route(`**${communitiesChunk()}`, (route) => {
        failed += 1;
        return route.abort('failed');
      });
      const reloads = countReloads(page);
      await page.getByRole('banner').getByRole('link', { name: 'Communities', exact: true }).first().hover();
      await sleep(3_000);
      // The prefetch did happen and fail: without it, no reload would prove nothing.
      expect(failed, 'prefetches of the route chunk that failed').toBeGreaterThan(0);
      expect(reloads(), 'full page loads after the failed prefetch').toBe(0);
      expect(await page.locator('#contact-name').inputValue()).toBe('Dana Visitor');
      expect(await page.locator('#contact-message').inputValue()).toBe('Looking for a 4 bedroom home near Katy.');
    } finally {
      await tab.close();
    }
  });

  it('never loops when the chunk keeps failing, even when the visitor keeps clicking', async () => {
    const tab = await newPage(browser, { serviceWorkers: 'block' });
    const { page } = tab;
    try {
      await open(page, '/');
      await page.route(`**${communitiesChunk()}`, (route) => route.abort('failed'));
      const reloads = countReloads(page);
      // The visitor clicks again after each reload, until the app gives up and leaves the page where it is (a
      // click on a page that could not hydrate is a plain link: a navigation by the visitor, not by the app).
      for (let click = 0; click < 4; click += 1) {
        const link = page.getByRole('banner').getByRole('link', { name: 'Communities', exact: true }).first();
        if (new URL(page.url()).pathname === '/communities' || (await link.count()) === 0) break;
        await link.click();
        await sleep(4_000);
        await settle(page);
      }
      const afterClicks = reloads();
      expect(afterClicks, 'at most a reload and a cache-clearing reload').toBeLessThanOrEqual(2);
      await sleep(6_000);
      expect(reloads(), 'no reload by itself afterwards: no loop').toBe(afterClicks);
    } finally {
      await tab.close();
    }
  }, 60_000);
});
