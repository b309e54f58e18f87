import { defineConfig } from 'vitest/config';
import { PATH_ALIASES } from './vite.config';

export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    include: ['{domain,api,web,sw,data-seed,tests,bench,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'tests/e2e/**'],
    environment: 'node',
    // Durability and e2e-style API tests spawn real server processes; give them room on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
