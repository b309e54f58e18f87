/**
 * DESIGN §7 "JS per public route ≤ 110 KB gzip", checked on the build these tests run against (global-setup builds
 * it, or `npm test` did just before). It is a size, not a timing: the same source and lockfile give the same bytes
 * on any machine, so it can be held in CI rather than only read in `npm run bench`. Several routes sit within a few
 * dozen bytes of it; a change that crosses it fails here, with the route and the bytes over, instead of in the
 * next session's benchmark. bench/web/bundle-size.ts says what is counted.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measurePublicBundles, PUBLIC_JS_BUDGET_BYTES } from '../../bench/web/bundle-size';

describe('JS needed to render each public route', () => {
  const rows = measurePublicBundles(path.resolve('dist/client'));

  it('counts every public route with a path, each from the entry and its own chunk', () => {
    expect(rows.map((row) => row.route)).toEqual(
      expect.arrayContaining(['/', '/communities', '/community/:id', '/listing/:id', '/contact', '/favorites']),
    );
    for (const row of rows)
      expect(
        row.files.some((file) => /^assets\/index-/.test(file)),
        row.route,
      ).toBe(true);
  });

  it.each(rows.map((row) => [row.route, row] as const))('%s is within 110 KB gzip', (_route, row) => {
    const over = row.gzipBytes - PUBLIC_JS_BUDGET_BYTES;
    expect(over, `${row.gzipBytes} B gzip: ${over} B over the budget (${row.files.join(', ')})`).toBeLessThanOrEqual(0);
  });
});
