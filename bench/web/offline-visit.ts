/**
 * Offline repeat visit (DESIGN §7: "a community page renders from the service worker and IndexedDB in ≤ 1 s").
 *
 * With Debian's Chromium (playwright-core): the community page is visited online, the service worker takes
 * control and the offline pack fills IndexedDB (and the image cache); then the network goes off
 * (context.setOffline) and the page is opened again OFFLINE_RUNS times (default 5). Each time an init script in
 * the page polls every animation frame for the page's <h1> with the expected text, shown on screen, and records
 * performance.now() — the time since the navigation started, in the page's own clock. The median is the figure.
 * A listing page is measured the same way.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { median } from '../support/median';
import { CHROMIUM_ARGS, DEFAULT_CHROME_PATH } from '../../tests/support/chromium';

export const OFFLINE_RENDER_BUDGET_MS = 1000;
const DB_NAME = 'houston-communities';

export interface OfflinePage {
  label: string;
  path: string;
  /** The text of the page's <h1> once it has rendered (the community name, the listing title). */
  heading: string;
}

export interface OfflineRow {
  page: string;
  runs: number;
  medianMs: number;
  allMs: number[];
  withinBudget: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Installed in every page: records when an <h1> with the expected text is first shown on screen. A string, not a
 * function: tsx would add its own helpers (`__name`) to a function's source, which the page does not have.
 */
const WATCH_HEADING_SCRIPT = `(() => {
  const expected = sessionStorage.getItem('bench:heading') || '';
  const check = () => {
    const heading = [...document.querySelectorAll('h1')].find((element) => element.textContent.trim() === expected);
    if (heading) {
      const rect = heading.getBoundingClientRect();
      const style = getComputedStyle(heading);
      if (rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0.1) {
        window.__benchHeadingShownAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function storedCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async (name) => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === name)) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const counts: Record<string, number> = {};
      for (const store of Array.from(db.objectStoreNames)) {
        counts[store] = await new Promise<number>((resolve) => {
          const request = db.transaction(store, 'readonly').objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(-1);
        });
      }
      return counts;
    } finally {
      db.close();
    }
  }, DB_NAME);
}

/** The online visit: service worker active and controlling, every community and listing stored, images warmed. */
async function prepareOnline(
  context: BrowserContext,
  page: Page,
  firstPath: string,
  expected: { communities: number; listings: number },
): Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  context.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);

  await page.goto(firstPath, { waitUntil: 'load' });
  const active = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then((registration) => Boolean(registration.active)),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]),
  );
  if (!active) throw new Error('no service worker became active within 30 s');
  const deadline = Date.now() + 90_000;
  for (;;) {
    const counts = await storedCounts(page);
    if ((counts.communities ?? 0) >= expected.communities && (counts.listings ?? 0) >= expected.listings) break;
    if (Date.now() > deadline)
      throw new Error(`the offline pack was not stored within 90 s (${JSON.stringify(counts)})`);
    await sleep(500);
  }
  // The service worker warms the images after the records are stored: wait until the network has been quiet.
  const quietDeadline = Date.now() + 60_000;
  while (Date.now() < quietDeadline && (inFlight > 0 || Date.now() - lastActivity < 3000)) await sleep(200);
  await page.reload({ waitUntil: 'load' });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    throw new Error('the service worker does not control the page after the online visit');
}

async function timeOfflineOpen(page: Page, target: OfflinePage): Promise<number> {
  await page.evaluate((heading) => sessionStorage.setItem('bench:heading', heading), target.heading);
  await page.goto(target.path, { waitUntil: 'commit' });
  const shownAt = await page
    .waitForFunction(() => (window as unknown as { __benchHeadingShownAt?: number }).__benchHeadingShownAt, undefined, {
      timeout: 30_000,
      polling: 50,
    })
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(async (error: unknown) => {
      const seen = await page
        .evaluate(() => [...document.querySelectorAll('h1')].map((element) => element.textContent))
        .catch(() => []);
      throw new Error(
        `${target.path} offline: no <h1> "${target.heading}" within 30 s (h1 seen: ${JSON.stringify(seen)})`,
        {
          cause: error,
        },
      );
    });
  return shownAt;
}

export interface OfflineVisitOptions {
  baseUrl: string;
  pages: OfflinePage[];
  expected: { communities: number; listings: number };
  runs?: number;
}

export async function measureOfflineVisits(options: OfflineVisitOptions): Promise<OfflineRow[]> {
  const runs = options.runs ?? Math.max(1, Number(process.env.OFFLINE_RUNS ?? 5));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || DEFAULT_CHROME_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      baseURL: options.baseUrl,
      viewport: { width: 412, height: 823 },
      serviceWorkers: 'allow',
      locale: 'en-US',
    });
    await context.addInitScript({ content: WATCH_HEADING_SCRIPT });
    const page = await context.newPage();
    await prepareOnline(context, page, options.pages[0]!.path, options.expected);
    await context.setOffline(true);
    const rows: OfflineRow[] = [];
    for (const target of options.pages) {
      const allMs: number[] = [];
      // One untimed open first: the same page opened again, as a visitor coming back would.
      await timeOfflineOpen(page, target);
      for (let run = 0; run < runs; run += 1) {
        const ms = await timeOfflineOpen(page, target);
        allMs.push(ms);
        console.log(`offline ${target.label} run ${run + 1}/${runs}: heading shown after ${Math.round(ms)} ms`);
      }
      const medianMs = median(allMs);
      rows.push({ page: target.label, runs, medianMs, allMs, withinBudget: medianMs <= OFFLINE_RENDER_BUDGET_MS });
    }
    const offline = await page.evaluate(() => navigator.onLine === false);
    if (!offline) throw new Error('the browser was not offline while measuring');
    await context.close();
    return rows;
  } finally {
    await browser.close();
  }
}
