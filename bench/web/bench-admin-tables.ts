/**
 * The admin tables at 100× the example data (issue 18): `node --import tsx bench/web/bench-admin-tables.ts`.
 *
 * Starts the production server (built first when dist/ is missing; BENCH_WEB_BUILD=1 rebuilds) on a temporary
 * DATA_DIR holding the seed replicated ADMIN_TABLES_SCALE times (default 100: 900 communities, 4,700 listings,
 * 2,300 properties; bench/api/generate-data.ts), signs in over the API and stores the session in Chromium as a
 * login does, opens /admin/communities, /admin/listings and /admin/properties at desktop width (the table view),
 * and measures click-to-updated-table: from the click (or the select's change) to the first animation frame
 * after the table's rows changed, timed inside the page. Per page: a sort (a header button, ascending and
 * descending in turn), a filter (a column filter's select, a value and "all" in turn) and a page change (Next),
 * ADMIN_TABLES_RUNS times each (default 5), median reported. Budget: well under 1 s (1,000 ms is the verdict line).
 *
 * Prints a table and writes bench/results/admin-tables.json. A missed budget does not change the exit code (this
 * is a report); a crash does.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildRecordSet, populateFileStorage } from '../api/generate-data';
import { BENCH_ADMIN_PASSWORD, BENCH_SERVER_ENV, startApiServer } from '../support/api-server';
import { stopChild } from '../support/child-processes';
import { machineEnvironment } from '../support/machine';
import { markdownTable } from '../support/markdown';
import { median } from '../support/median';
import { REPO_ROOT, RESULTS_DIR } from '../support/paths';
import { CHROMIUM_ARGS, DEFAULT_CHROME_PATH } from '../../tests/support/chromium';
import { ensureWebBuild } from './web-server';

const SCALE = Math.max(1, Number(process.env.ADMIN_TABLES_SCALE ?? 100));
const RUNS = Math.max(1, Number(process.env.ADMIN_TABLES_RUNS ?? 5));
const BUDGET_MS = 1000;
const ADMIN_EMAIL = 'bench-tables@example.com';
const RESULTS_FILE = path.join(RESULTS_DIR, 'admin-tables.json');

interface Screen {
  path: string;
  heading: string;
  /** The table's accessible name. */
  table: string;
  sortColumn: string;
  filterLabel: string;
}

const SCREENS: Screen[] = [
  { path: '/admin/communities', heading: 'Communities', table: 'Communities', sortColumn: 'Name', filterLabel: 'City' },
  {
    path: '/admin/listings',
    heading: 'Property Listings',
    table: 'Listings',
    sortColumn: 'Price',
    filterLabel: 'Community',
  },
  { path: '/admin/properties', heading: 'Properties', table: 'Properties', sortColumn: 'Price', filterLabel: 'Status' },
];

type Action = 'sort' | 'filter' | 'page';

interface Row {
  page: string;
  records: number;
  action: Action;
  runsMs: number[];
  medianMs: number;
  verdict: 'PASS' | 'FAIL';
}

/**
 * Installed in every page: runs an action (a click on the element an XPath finds, or a filter select's change)
 * and resolves with the milliseconds from just before it until the first animation frame after the table body's
 * rows (or its "Showing" line) differ from what they were (React and the router may commit asynchronously). A string, not a function:
 * tsx would add its own helpers (`__name`) to a function's source, which the page does not have.
 */
const TIMER_SCRIPT = `window.__benchTimeTableChange = async (tableName, act, argument) => {
  const table = document.querySelector('table[aria-label="' + tableName + '"]');
  // The rows and the "Showing 1-25 of N" line: a filter may keep the first rows but always changes N.
  const signature = () =>
    [...table.querySelectorAll('tbody tr')].map((row) => row.getAttribute('data-record-id')).join(',') +
    document.querySelector('.table-pager__showing').textContent;
  const before = signature();
  const started = performance.now();
  if (act === 'click') {
    document.evaluate(argument, document, null, 9, null).singleNodeValue.click();
  } else {
    const [label, value] = JSON.parse(argument);
    const select = [...document.querySelectorAll('.table-filters select')].find(
      (candidate) => candidate.labels[0] && candidate.labels[0].textContent === label,
    );
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  await new Promise((resolve, reject) => {
    const check = () => {
      if (signature() !== before) requestAnimationFrame(() => resolve());
      else if (performance.now() > started + 10000) reject(new Error('the table did not change within 10 s'));
      else requestAnimationFrame(check);
    };
    check();
  });
  return performance.now() - started;
};`;

function timeTableChange(page: Page, tableName: string, act: 'click' | 'select', argument: string): Promise<number> {
  return page.evaluate(
    (args) =>
      (
        window as unknown as { __benchTimeTableChange: (...values: string[]) => Promise<number> }
      ).__benchTimeTableChange(...args),
    [tableName, act, argument],
  );
}

async function measureScreen(page: Page, screen: Screen, records: number): Promise<Row[]> {
  await page.goto(screen.path, { waitUntil: 'load' });
  await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor({ timeout: 60_000 });
  await page.getByRole('table', { name: screen.table }).locator('tbody tr').first().waitFor({ timeout: 60_000 });
  const results: Record<Action, number[]> = { sort: [], filter: [], page: [] };

  const sortButton = `//table[@aria-label="${screen.table}"]//thead//button[normalize-space(.)="${screen.sortColumn}"]`;
  for (let run = 0; run < RUNS; run += 1) {
    results.sort.push(await timeTableChange(page, screen.table, 'click', sortButton));
  }

  const values = await page
    .getByLabel(screen.filterLabel, { exact: true })
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  for (let run = 0; run < RUNS; run += 1) {
    // A value, then "all", in turn, so every change alters the rows.
    const value = run % 2 === 0 ? values[(run / 2) % values.length]! : '';
    results.filter.push(
      await timeTableChange(page, screen.table, 'select', JSON.stringify([screen.filterLabel, value])),
    );
  }
  if (RUNS % 2 === 1) await page.getByLabel(screen.filterLabel, { exact: true }).selectOption('');
  await page.waitForURL((url) => !url.searchParams.has(screen.filterLabel.toLowerCase()));

  const nextButton = `//nav[@aria-label="${screen.table} pages"]//button[normalize-space(.)="Next"]`;
  for (let run = 0; run < RUNS; run += 1) {
    const ms = await timeTableChange(page, screen.table, 'click', nextButton).catch(async (error: unknown) => {
      const pager = await page.locator('.table-pager').textContent();
      throw new Error(`${String(error)} at ${page.url()} (pager: ${pager})`);
    });
    results.page.push(ms);
  }

  return (Object.keys(results) as Action[]).map((action) => {
    const medianMs = median(results[action]);
    return {
      page: screen.path,
      records,
      action,
      runsMs: results[action].map((ms) => Math.round(ms * 10) / 10),
      medianMs: Math.round(medianMs * 10) / 10,
      verdict: medianMs < BUDGET_MS ? 'PASS' : 'FAIL',
    };
  });
}

async function signIn(url: string): Promise<{ token: string; admin: unknown }> {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return (await response.json()) as { token: string; admin: unknown };
}

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg();
  ensureWebBuild();
  const dataDir = path.join(os.tmpdir(), `hc-bench-admin-tables-${process.pid}`);
  console.log(`Generating ${SCALE}x the example data...`);
  const stored = await populateFileStorage(dataDir, buildRecordSet(SCALE));
  const counts = {
    communities: stored.communities.length,
    listings: stored.listings.length,
    properties: stored.properties.length,
  };
  const server = await startApiServer({
    name: 'the server',
    dataDir,
    env: { ...BENCH_SERVER_ENV, ADMIN_EMAIL },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || DEFAULT_CHROME_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const session = await signIn(server.url);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
      locale: 'en-US',
    });
    await context.addInitScript(({ token, admin }) => {
      localStorage.setItem('adminToken', token);
      localStorage.setItem('adminUser', JSON.stringify(admin));
    }, session);
    await context.addInitScript({ content: TIMER_SCRIPT });
    const page = await context.newPage();
    const rows: Row[] = [];
    for (const screen of SCREENS) {
      const records = counts[screen.table.toLowerCase() as keyof typeof counts];
      console.log(`Measuring ${screen.path} (${records} records)...`);
      rows.push(...(await measureScreen(page, screen, records)));
    }

    const chromiumVersion = browser.version();
    console.log(
      `\nClick to updated table, median of ${RUNS} (budget < ${BUDGET_MS} ms), ${SCALE}x data, ` +
        `Chromium ${chromiumVersion}\n\n` +
        markdownTable(
          ['page', 'records', 'action', 'median', 'runs (ms)', 'verdict'],
          rows.map((row) => [
            row.page,
            row.records.toLocaleString('en-US'),
            row.action,
            `${row.medianMs} ms`,
            row.runsMs.join(', '),
            row.verdict,
          ]),
        ),
    );
    await mkdir(RESULTS_DIR, { recursive: true });
    const results = {
      at: new Date().toISOString(),
      scale: SCALE,
      counts,
      runs: RUNS,
      budgetMs: BUDGET_MS,
      machine: machineEnvironment(loadAverageAtStart),
      chromium: chromiumVersion,
      rows,
    };
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  } finally {
    await browser.close();
    await stopChild(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
