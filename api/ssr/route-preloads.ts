/**
 * The page code a server-rendered page starts with, preloaded with the entry (issue 14), and the code its visitor
 * is likely to need next, fetched as bytes once the app has started.
 *
 * The starter (web/src/app/start) preloads the entry's own imports and runs the entry, which then imports the
 * matched route's module: a second round trip, after the entry (about 100 KB) has arrived and run, before hydration
 * can start. The server knows the route, so the starter's tag lists the route module's chunk and its static imports
 * too, from the client build's manifest, and the browser fetches them alongside the entry.
 *
 * A route may also name the code of likely next steps (client-manifest.ts `likelyNext`: the inquiry popup of a
 * listing or community page, a listing's payment calculator). Their chunks go in the tag's data-prefetch list, which
 * web/src/app/prefetch-likely-code.ts fetches and compiles once the app has started, without running them
 * (docs/decisions.md).
 */
import { entryFiles, PUBLIC_ROUTE_MODULES, readClientManifest, staticImportFiles } from './client-manifest';

/** The URLs (`/assets/…`) a page's starter tag lists. */
export interface PageCode {
  /** Preloaded with the entry: the route modules' chunks and what they import statically. */
  preload: string[];
  /** Fetched once the app has started, not run: the likely next steps' chunks the page does not load already. */
  prefetch: string[];
}

export type RoutePreloads = (routeIds: readonly string[]) => PageCode;

const NO_CODE: PageCode = { preload: [], prefetch: [] };

/**
 * Reads the manifest once and answers, for a page's route ids, the URLs of the route modules' chunks and of what
 * they import statically, minus the entry's own graph (the starter preloads that already), and the likely next
 * step's chunks minus both. Without a manifest (an old build) it answers nothing, and pages start as before.
 */
export function routePreloads(clientDir: string): RoutePreloads {
  const manifest = readClientManifest(clientDir);
  if (!manifest) return () => NO_CODE;
  const entryGraph = entryFiles(manifest);
  const scriptsOf = (key: string, loadedAlready: ReadonlySet<string>) =>
    [...staticImportFiles(manifest, key)].filter((file) => !loadedAlready.has(file) && file.endsWith('.js'));
  const byRoute = new Map<string, PageCode>();
  for (const route of PUBLIC_ROUTE_MODULES) {
    const preload = scriptsOf(route.source, entryGraph);
    const loaded = new Set([...entryGraph, ...preload]);
    const prefetch = (route.likelyNext ?? []).flatMap((key) => {
      const files = scriptsOf(key, loaded);
      for (const file of files) loaded.add(file);
      return files;
    });
    byRoute.set(route.id, { preload: preload.map((file) => `/${file}`), prefetch: prefetch.map((file) => `/${file}`) });
  }
  return (routeIds) => {
    const codes = routeIds.map((id) => byRoute.get(id) ?? NO_CODE);
    const preload = new Set(codes.flatMap((code) => code.preload));
    return {
      preload: [...preload],
      prefetch: [...new Set(codes.flatMap((code) => code.prefetch))].filter((url) => !preload.has(url)),
    };
  };
}

/**
 * The starter's tag with the preloads added to its data-preload list and the prefetches as its data-prefetch list
 * (the template as it is when there are none).
 */
export function withRoutePreloads(html: string, code: PageCode): string {
  if (code.preload.length === 0 && code.prefetch.length === 0) return html;
  const prefetch = code.prefetch.length > 0 ? ` data-prefetch="${code.prefetch.join(' ')}"` : '';
  return html.replace(
    /(<script defer src="[^"]+" data-entry="[^"]+" data-preload=")([^"]*)"/,
    (_tag, start, list) => `${start}${[list, ...code.preload].filter(Boolean).join(' ')}"${prefetch}`,
  );
}
