/**
 * End-to-end tests (DESIGN §8): Debian's Chromium driven by playwright-core against the real production server
 * (built once, started on a temporary DATA_DIR by tests/e2e/support/global-setup.ts). One file at a time in one
 * worker: the machines have 2 cores shared with the server and the browser.
 *
 * npm run test:e2e            builds, starts the server, runs tests/e2e/**\/*.e2e.ts
 * E2E_SKIP_BUILD=1 ...        reuses dist/ (local iteration)
 * CHROME_PATH=... ...         another Chromium binary (default /usr/bin/chromium)
 */
import { defineConfig } from 'vitest/config';
import { PATH_ALIASES } from './vite.config';

export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    exclude: ['**/node_modules/**', 'dist/**'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // Logs a failed attempt's error even when its retry passes (see `retry` below).
    setupFiles: ['tests/e2e/support/log-failed-attempts.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    // One retry: a real browser on a shared 2-core machine has rare stalls (one failed a whole CI run, and its
    // log did not show the cause). A test that fails twice still fails the run, and the reporter marks a test
    // that passed only on its retry, so a flaky test stays visible. Each test makes records of its own, so a
    // retry does not trip over its first attempt.
    retry: 1,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
