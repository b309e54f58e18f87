/**
 * JS needed to render each public route (DESIGN §7: ≤ 110 KB gzip): the entry chunk plus the route's chunk and
 * everything both import statically, from the client build's manifest (dist/client/.vite/manifest.json).
 * Plus the classic scripts index.html loads itself (the starter of scripts/vite/defer-app-start.ts).
 * Dynamic imports (the data layer, popups, the PWA code) load after hydration and are not counted.
 * Run after `npm run build`: `node --import tsx bench/web/bundle-size.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export const PUBLIC_ROUTE_MODULES: Record<string, string> = {
  '/': 'src/app/routes/public/home.tsx',
  '/communities': 'src/app/routes/public/communities.tsx',
  '/community/:id': 'src/app/routes/public/community.tsx',
  '/listing/:id': 'src/app/routes/public/listing.tsx',
  '/contact': 'src/app/routes/public/contact.tsx',
  '/legal/:page': 'src/app/routes/public/legal.tsx',
  '/search': 'src/app/routes/public/search.tsx',
  '/favorites': 'src/app/routes/public/favorites.tsx',
};
export const PUBLIC_JS_BUDGET_BYTES = 110 * 1024;

export interface BundleRow {
  route: string;
  files: string[];
  gzipBytes: number;
  withinBudget: boolean;
}

export function measurePublicBundles(clientDir = path.resolve('dist/client')): BundleRow[] {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No client build at ${clientDir}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!gzipCache.has(file))
      gzipCache.set(file, gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length);
    return gzipCache.get(file)!;
  };
  const collect = (key: string, files: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, files);
  };
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const pageScripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  return Object.entries(PUBLIC_ROUTE_MODULES).map(([route, moduleKey]) => {
    const files = new Set<string>(pageScripts);
    collect(entryKey, files);
    collect(moduleKey, files);
    const jsFiles = [...files].filter((file) => file.endsWith('.js'));
    const gzipBytes = jsFiles.reduce((sum, file) => sum + gzipSize(file), 0);
    return { route, files: jsFiles, gzipBytes, withinBudget: gzipBytes <= PUBLIC_JS_BUDGET_BYTES };
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
