/**
 * The page code a server-rendered page starts with, preloaded with the entry (issue 14). The starter
 * (web/src/app/start) preloads the entry's own imports and runs the entry, which then imports the matched route's
 * module: a second round trip, after the entry (about 100 KB) has arrived and run, before hydration can start. The
 * server knows the route, so the starter's tag lists the route module's chunk and its static imports too, from the
 * client build's manifest, and the browser fetches them alongside the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The route module (the manifest's key, relative to web/) of each route id of app/routes.tsx with page code. */
export const ROUTE_MODULE_SOURCES: Record<string, string> = {
  home: 'src/app/routes/public/home.tsx',
  communities: 'src/app/routes/public/communities.tsx',
  community: 'src/app/routes/public/community.tsx',
  listing: 'src/app/routes/public/listing.tsx',
  contact: 'src/app/routes/public/contact.tsx',
  legal: 'src/app/routes/public/legal.tsx',
  search: 'src/app/routes/public/search.tsx',
  favorites: 'src/app/routes/public/favorites.tsx',
  'not-found': 'src/app/routes/public/not-found.tsx',
};

export type RoutePreloads = (routeIds: readonly string[]) => string[];

/**
 * Reads the manifest once and answers, for a page's route ids, the URLs (`/assets/…`) of the route modules' chunks
 * and of what they import statically, minus the entry's own graph (the starter preloads that already). Without a
 * manifest (an old build) it answers nothing, and pages start as before.
 */
export function routePreloads(clientDir: string): RoutePreloads {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const staticGraph = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) staticGraph(imported, into);
    return into;
  };
  const entryGraph = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticGraph(key, entryGraph);
  const byRoute = new Map<string, string[]>();
  for (const [id, source] of Object.entries(ROUTE_MODULE_SOURCES)) {
    const files = [...staticGraph(source, new Set())].filter((file) => !entryGraph.has(file) && file.endsWith('.js'));
    byRoute.set(
      id,
      files.map((file) => `/${file}`),
    );
  }
  return (routeIds) => [...new Set(routeIds.flatMap((id) => byRoute.get(id) ?? []))];
}

/** The starter's tag with these URLs added to its data-preload list (the template as it is when there are none). */
export function withRoutePreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  return html.replace(
    /(<script defer src="[^"]+" data-entry="[^"]+" data-preload=")([^"]*)"/,
    (_tag, start, list) => `${start}${[list, ...urls].filter(Boolean).join(' ')}"`,
  );
}
