/**
 * The per-file setup most e2e files share: one Chromium for the whole file (launched in beforeAll), the tabs the
 * tests open (closed in afterAll, then the browser), and for the admin files the first super admin signed in over
 * the API. The server itself is started once for the whole run by global-setup.ts, not here.
 *
 * Called once at the top level of a test file, it registers the hooks and returns an object whose fields are
 * filled when beforeAll has run: vitest runs a file's hooks around its tests, so the browser cannot exist when
 * the file is imported. Its getters throw a clear error when read too early (e.g. in a describe body) instead of
 * handing out undefined. A file's own beforeAll/afterAll registered after this call run after the browser is
 * launched and before it is closed (vitest's default hook order runs after-hooks in reverse).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiLogin, openAdminPage, type ApiSession } from './admin';
import { launchBrowser, newPage, type ContextOptions, type E2ePage } from './browser';
import { e2eEnv } from './env';

export interface BrowserSuite {
  /** The file's Chromium. */
  readonly browser: Browser;
  /** Closes this tab at the end of the file (after the tabs kept before it); returns it. */
  keep<T extends E2ePage>(tab: T): T;
  /**
   * A recording tab (support/browser newPage) in a context of its own, or in `target` when that is a context,
   * closed at the end of the file.
   */
  newTab(options?: ContextOptions, target?: Browser | BrowserContext): Promise<E2ePage>;
}

export interface AdminSuite extends BrowserSuite {
  /** The first super admin's session (POST /api/admin/login with the run's credentials). */
  readonly session: ApiSession;
  /** support/admin openAdminPage as `session` (the super admin unless given), closed at the end of the file. */
  openAdmin(pathname: string, heading: string, session?: ApiSession): Promise<E2ePage>;
}

function filled<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`suite.${name} is read before the file's beforeAll has run`);
  return value;
}

/** One browser for the file and the tabs its tests keep, both closed after the file's tests. */
export function browserSuite(): BrowserSuite {
  let browser: Browser | undefined;
  const tabs: E2ePage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const tab of tabs) await tab.close();
    await browser?.close();
  });

  const suite: BrowserSuite = {
    get browser() {
      return filled(browser, 'browser');
    },
    keep(tab) {
      tabs.push(tab);
      return tab;
    },
    async newTab(options = {}, target) {
      return suite.keep(await newPage(target ?? suite.browser, options));
    },
  };
  return suite;
}

/** browserSuite, and the first super admin signed in over the API once the browser is up. */
export function adminSuite(): AdminSuite {
  const base = browserSuite();
  let session: ApiSession | undefined;

  beforeAll(async () => {
    session = await apiLogin(e2eEnv().adminEmail, e2eEnv().adminPassword);
  });

  return {
    get browser() {
      return base.browser;
    },
    keep: (tab) => base.keep(tab),
    newTab: (options, target) => base.newTab(options, target),
    get session() {
      return filled(session, 'session');
    },
    async openAdmin(pathname, heading, as) {
      return base.keep(await openAdminPage(base.browser, as ?? filled(session, 'session'), pathname, heading));
    },
  };
}
