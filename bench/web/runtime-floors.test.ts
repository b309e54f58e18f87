/**
 * The runtime floors (runtime-floors.ts) must be what their names say, or bench:runtime-floors measures something
 * else: the same page each time, the app's real starter loading each floor's module after the page has painted,
 * React DOM (and the router) really hydrating the server HTML with no mismatch, and production builds of React.
 * Runs in Debian's Chromium (the build's starter is needed: `npm test` builds before the unit stage).
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumVersion, DEFAULT_CHROME_PATH } from '../../tests/support/chromium';
import {
  buildFloorModule,
  RUNTIME_FLOORS,
  runtimeFloorHtml,
  startRuntimeFloors,
  type RuntimeFloorServer,
} from './runtime-floors';
import { FLOOR_HEADING, FLOOR_PARAGRAPH } from './runtime-floor-entries/floor-text';

describe('the runtime floors', () => {
  let floors: RuntimeFloorServer;
  let browser: Browser;
  beforeAll(async () => {
    floors = await startRuntimeFloors();
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || DEFAULT_CHROME_PATH,
      args: CHROMIUM_ARGS,
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await floors?.stop();
  });

  it('are one page that differs only by the script the starter loads', () => {
    const withoutScript = (html: string) => html.replace(/\n<script [^>]*><\/script>/, '');
    const none = runtimeFloorHtml('none');
    expect(none).not.toMatch(/<script\b/);
    expect(none).toContain(`<h1>${FLOOR_HEADING}</h1>`);
    for (const floor of RUNTIME_FLOORS.filter((name) => name !== 'none')) {
      const html = runtimeFloorHtml(floor);
      expect(withoutScript(html)).toBe(none);
      expect(html).toContain(
        `<script defer src="/assets/start-app.js" data-entry="/assets/${floor}.js" data-preload="">`,
      );
    }
  });

  it('ship production React, minified, with the compile hint the app ships', async () => {
    const react = await buildFloorModule('react');
    expect(react.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    // React's production build reports errors by number, pointing at this text; its development build in full.
    expect(react).toContain('Minified React error');
    // Minified: a few long lines (template literals keep their own line breaks).
    expect(react.split('\n').length).toBeLessThan(20);
    expect(floors.moduleGzipBytes.script).toBeLessThan(1024);
    expect(floors.moduleGzipBytes.preact).toBeLessThan(8 * 1024);
    expect(floors.moduleGzipBytes.react).toBeGreaterThan(40 * 1024);
    expect(floors.moduleGzipBytes.router).toBeGreaterThan(floors.moduleGzipBytes.react + 20 * 1024);
  });

  it.each(['script', 'preact', 'react', 'router'] as const)(
    'the %s floor runs its module through the starter and hydrates without a mismatch',
    async (floor) => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      try {
        const response = await page.goto(floors.urls[floor], { waitUntil: 'load' });
        expect(response?.headers()['content-encoding']).toBe('gzip');
        await page.waitForFunction(
          (name) =>
            name === 'script'
              ? document.documentElement.dataset.floorScript === 'ran'
              : name === 'preact'
                ? // Preact keeps its tree on the container it hydrated.
                  '__k' in (document.getElementById('root') ?? {})
                : Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
          floor,
          { timeout: 15_000 },
        );
        // Hydration keeps the server's nodes: the text is there once, as rendered.
        expect(await page.locator('h1').allTextContents()).toEqual([FLOOR_HEADING]);
        expect(await page.locator('p').allTextContents()).toEqual([FLOOR_PARAGRAPH]);
        // A hydration mismatch is reported on the console (recoverable error): there must be none.
        await page.waitForTimeout(200);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
    30_000,
  );

  it('the no-script floor loads nothing', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    try {
      await page.goto(floors.urls.none, { waitUntil: 'load' });
      expect(requested.filter((path) => path !== '/favicon.ico')).toEqual(['/none']);
    } finally {
      await page.close();
    }
  });
});

describe('chromiumVersion', () => {
  it("reads the browser's full version, which benchmark figures are written beside", () => {
    expect(chromiumVersion()).toMatch(/^\d{3}\.\d+\.\d+\.\d+$/);
  });

  it('fails with what the program said when it is no browser', () => {
    expect(() => chromiumVersion('/bin/echo')).toThrow(/did not say its version/);
  });
});
