/**
 * JS needed to render each public route (DESIGN §7: ≤ 110 KB gzip): the entry chunk plus the route's chunk and
 * everything both import statically, from the client build's manifest (dist/client/.vite/manifest.json).
 * Plus the classic scripts index.html loads itself (the starter of scripts/vite/defer-app-start.ts). The route
 * table and the manifest walk are the server's (api/ssr/client-manifest.ts).
 * Dynamic imports (the data layer, popups, the PWA code) load after hydration and are not counted.
 * Run after `npm run build`: `node --import tsx bench/web/bundle-size.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryFiles, PUBLIC_ROUTE_MODULES, readClientManifest, staticImportFiles } from '../../api/ssr/client-manifest';

export const PUBLIC_JS_BUDGET_BYTES = 110 * 1024;

export interface BundleRow {
  route: string;
  files: string[];
  gzipBytes: number;
  withinBudget: boolean;
}

export function measurePublicBundles(clientDir = path.resolve('dist/client')): BundleRow[] {
  const manifest = readClientManifest(clientDir);
  if (!manifest) throw new Error(`No client build at ${clientDir}: run npm run build first`);
  const entryGraph = entryFiles(manifest);
  if (entryGraph.size === 0) throw new Error('The manifest has no entry chunk');
  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!gzipCache.has(file))
      gzipCache.set(file, gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length);
    return gzipCache.get(file)!;
  };
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const pageScripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  // Pages with a URL of their own (the not-found page is reached from any of them).
  return PUBLIC_ROUTE_MODULES.flatMap(({ path: route, source }) => {
    if (!route) return [];
    const files = staticImportFiles(manifest, source, new Set([...pageScripts, ...entryGraph]));
    const jsFiles = [...files].filter((file) => file.endsWith('.js'));
    const gzipBytes = jsFiles.reduce((sum, file) => sum + gzipSize(file), 0);
    return [{ route, files: jsFiles, gzipBytes, withinBudget: gzipBytes <= PUBLIC_JS_BUDGET_BYTES }];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measurePublicBundles();
  console.log('| route | JS gzip | budget | verdict |\n| --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.route} | ${(row.gzipBytes / 1024).toFixed(1)} KB | ≤ 110 KB | ${row.withinBudget ? 'PASS' : 'FAIL'} |`,
    );
  }
}
