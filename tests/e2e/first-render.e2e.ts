/**
 * A public page whose HTML arrives in pieces (a phone's connection, the server's compressed stream) is not painted
 * half-built: the first frame waits until the parser reaches the footer (web/index.html's rel=expect link), so
 * nothing drawn early moves when the rest arrives. A local proxy sends each page's HTML in two parts with a pause inside the
 * first screen; every other request passes through unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicListings } from './support/api';
import { launchBrowser } from './support/browser';
import { e2eEnv } from './support/env';

const PAUSE_MS = 800;

let browser: Browser;
let proxy: http.Server;
let proxyUrl: string;

/** Where the first part of a page ends: inside its first heading, so the first screen is cut half-way. */
function splitPoint(html: string): number {
  const heading = html.indexOf('<h1', html.indexOf('<body'));
  return heading === -1 ? Math.floor(html.length / 2) : heading + 3;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const origin = new URL(e2eEnv().baseUrl);
  proxy = http.createServer((request, response) => {
    const headers = { ...request.headers, host: origin.host };
    const isPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    // Pages are read uncompressed so they can be cut; everything else is passed through as it is.
    if (isPage) delete headers['accept-encoding'];
    const upstream = http.request(
      { host: origin.hostname, port: origin.port, path: request.url, method: request.method, headers },
      (answer) => {
        if (!isPage || !(answer.headers['content-type'] ?? '').startsWith('text/html')) {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const { 'content-length': _length, ...rest } = answer.headers;
          response.writeHead(answer.statusCode!, { ...rest, 'transfer-encoding': 'chunked' });
          const cut = splitPoint(html);
          response.write(html.slice(0, cut));
          setTimeout(() => response.end(html.slice(cut)), PAUSE_MS);
        });
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => proxy?.close(resolve));
});

/** The layout shifts of a page load (all of them: input or not, nothing here touches the page), and when it first painted. */
async function loadInPieces(pathname: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          sources?: { node?: Node | null }[];
        }[]) {
          const nodes = (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName),
          );
          shifts.push({ value: entry.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const started = Date.now();
    const response = await page.goto(`${proxyUrl}${pathname}`, { waitUntil: 'load' });
    const loadedAfterMs = Date.now() - started;
    await page.waitForTimeout(500);
    const firstPaintMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const shifts = await page.evaluate(
      () => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts,
    );
    return { status: response?.status(), loadedAfterMs, firstPaintMs, shifts };
  } finally {
    await context.close();
  }
}

describe('a page that arrives in two parts', () => {
  it.each(['/', '/communities', '/community/austin-point', 'a listing', '/contact'])(
    '%s is first painted whole: no layout shift',
    async (label) => {
      const pathname = label === 'a listing' ? `/listing/${(await publicListings())[0]!.id}` : label;
      const { status, loadedAfterMs, firstPaintMs, shifts } = await loadInPieces(pathname);
      expect(status).toBe(200);
      // The pause really happened inside the page, and the first paint came after it.
      expect(loadedAfterMs).toBeGreaterThanOrEqual(PAUSE_MS);
      expect(firstPaintMs).toBeGreaterThanOrEqual(PAUSE_MS);
      expect(shifts).toEqual([]);
    },
  );
});
