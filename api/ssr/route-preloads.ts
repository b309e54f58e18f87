/**
 * The page code a server-rendered page starts with, preloaded with the entry (issue 14). The starter
 * (web/src/app/start) preloads the entry's own imports and runs the entry, which then imports the matched route's
 * module: a second round trip, after the entry (about 100 KB) has arrived and run, before hydration can start. The
 * server knows the route, so the starter's tag lists the route module's chunk and its static imports too, from the
 * client build's manifest, and the browser fetches them alongside the entry.
 */
import { entryFiles, PUBLIC_ROUTE_MODULES, readClientManifest, staticImportFiles } from './client-manifest';

export type RoutePreloads = (routeIds: readonly string[]) => string[];

/**
 * Reads the manifest once and answers, for a page's route ids, the URLs (`/assets/…`) of the route modules' chunks
 * and of what they import statically, minus the entry's own graph (the starter preloads that already). Without a
 * manifest (an old build) it answers nothing, and pages start as before.
 */
export function routePreloads(clientDir: string): RoutePreloads {
  const manifest = readClientManifest(clientDir);
  if (!manifest) return () => [];
  const entryGraph = entryFiles(manifest);
  const byRoute = new Map<string, string[]>();
  for (const route of PUBLIC_ROUTE_MODULES) {
    const files = [...staticImportFiles(manifest, route.source)].filter(
      (file) => !entryGraph.has(file) && file.endsWith('.js'),
    );
    byRoute.set(
      route.id,
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
