/**
 * What the e2e global setup hands to every test file (vitest `provide` / `inject`): the base URL of the real
 * production server it started on a temporary DATA_DIR, the first super admin's credentials and the browser.
 */
import { inject } from 'vitest';

export interface E2eEnv {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** The Chromium binary: CHROME_PATH or /usr/bin/chromium. */
  chromePath: string;
  /** The server's data folder (removed at teardown). */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eEnv;
  }
}

export function e2eEnv(): E2eEnv {
  return inject('e2e');
}

/** An absolute URL on the server under test. */
export function siteUrl(pathname: string): string {
  return `${e2eEnv().baseUrl}${pathname}`;
}
