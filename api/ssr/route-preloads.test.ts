import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTE_MODULES } from './client-manifest';
import { routePreloads, withRoutePreloads } from './route-preloads';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function clientDirWith(manifest: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js', '_runtime-X.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_runtime-X.js': { file: 'assets/runtime-X.js' },
  'src/app/routes/public/listing.tsx': {
    file: 'assets/listing-L.js',
    imports: ['index.html', '_page-parts-P.js', '_page-actions-A.js', '_react-R.js'],
  },
  '_page-parts-P.js': { file: 'assets/page-parts-P.js', imports: ['index.html'] },
  '_page-actions-A.js': { file: 'assets/page-actions-A.js', imports: ['_page-parts-P.js', 'index.html'] },
  'src/app/routes/public/home.tsx': { file: 'assets/home-H.js', imports: ['index.html', '_page-parts-P.js'] },
  'src/features/inquiries/inquiry-popup.tsx': {
    file: 'assets/inquiry-popup-I.js',
    imports: ['_react-R.js', '_page-parts-P.js', '_dialog-parts-D.js', 'index.html'],
  },
  '_dialog-parts-D.js': { file: 'assets/dialog-parts-D.js', imports: ['_react-R.js'] },
  'src/features/payment/payment-calculator.tsx': {
    file: 'assets/payment-calculator-C.js',
    imports: ['_react-R.js', '_dialog-parts-D.js', '_payment-estimate-E.js', 'index.html'],
    css: ['assets/payment-calculator-C.css'],
  },
  '_payment-estimate-E.js': { file: 'assets/payment-estimate-E.js' },
};

describe('routePreloads', () => {
  it("lists a route module's chunk and its static imports, without the entry's graph, each once", () => {
    const preloads = routePreloads(clientDirWith(MANIFEST));
    expect(preloads(['root', 'listing']).preload).toEqual([
      '/assets/listing-L.js',
      '/assets/page-parts-P.js',
      '/assets/page-actions-A.js',
    ]);
    expect(preloads(['root', 'home'])).toEqual({
      preload: ['/assets/home-H.js', '/assets/page-parts-P.js'],
      prefetch: [],
    });
  });

  it("lists the inquiry popup's and the payment calculator's scripts to prefetch on a listing page, each once, without what the page loads already", () => {
    expect(routePreloads(clientDirWith(MANIFEST))(['root', 'listing']).prefetch).toEqual([
      '/assets/inquiry-popup-I.js',
      '/assets/dialog-parts-D.js',
      '/assets/payment-calculator-C.js',
      '/assets/payment-estimate-E.js',
    ]);
  });

  it('lists nothing for routes without page code, or without a manifest', () => {
    expect(routePreloads(clientDirWith(MANIFEST))(['root', 'admin'])).toEqual({ preload: [], prefetch: [] });
    const empty = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
    dirs.push(empty);
    expect(routePreloads(empty)(['root', 'listing'])).toEqual({ preload: [], prefetch: [] });
  });
});

describe('withRoutePreloads', () => {
  const TAG =
    '<script defer src="/assets/start-app-S.js" data-entry="/assets/index-E.js" data-preload="/assets/react-R.js">';

  it("adds the URLs to the starter's data-preload list", () => {
    const code = { preload: ['/assets/listing-L.js', '/assets/page-parts-P.js'], prefetch: [] };
    expect(withRoutePreloads(`<head>${TAG}</head>`, code)).toBe(
      '<head><script defer src="/assets/start-app-S.js" data-entry="/assets/index-E.js" ' +
        'data-preload="/assets/react-R.js /assets/listing-L.js /assets/page-parts-P.js"></head>',
    );
  });

  it("lists the prefetches in the starter's data-prefetch attribute", () => {
    const code = { preload: ['/assets/listing-L.js'], prefetch: ['/assets/inquiry-popup-I.js', '/assets/dialog-D.js'] };
    expect(withRoutePreloads(`<head>${TAG}</head>`, code)).toBe(
      '<head><script defer src="/assets/start-app-S.js" data-entry="/assets/index-E.js" ' +
        'data-preload="/assets/react-R.js /assets/listing-L.js" ' +
        'data-prefetch="/assets/inquiry-popup-I.js /assets/dialog-D.js"></head>',
    );
  });

  it('leaves the page as it is without URLs', () => {
    expect(withRoutePreloads(`<head>${TAG}</head>`, { preload: [], prefetch: [] })).toBe(`<head>${TAG}</head>`);
  });
});

describe('PUBLIC_ROUTE_MODULES', () => {
  // The table is written by hand beside web/src/app/routes.tsx: a renamed route or moved module must fail here,
  // not silently drop a page's preloads and its JS budget row.
  const webDir = path.join(__dirname, '..', '..', 'web');
  const routesSource = readFileSync(path.join(webDir, 'src', 'app', 'routes.tsx'), 'utf8');

  it.each(PUBLIC_ROUTE_MODULES)('$id names a route id of routes.tsx and a module that exists', (route) => {
    expect(routesSource).toContain(`id: '${route.id}'`);
    expect(existsSync(path.join(webDir, route.source))).toBe(true);
  });
});
