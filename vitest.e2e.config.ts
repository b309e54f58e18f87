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

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    exclude: ['**/node_modules/**', 'dist/**'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
