/**
 * The client build's manifest (dist/client/.vite/manifest.json) and the public route modules it is read for. Two
 * readers walk the same graph: the server, to preload a page's own code with the entry (route-preloads.ts), and the
 * JS budget of DESIGN §7 (bench/web/bundle-size.ts). One table and one walk, so they cannot disagree on what a
 * route loads.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ClientManifest = Record<string, ManifestChunk>;

export interface PublicRouteModule {
  /** The route id of web/src/app/routes.tsx. */
  id: string;
  /** The URL pattern it answers; none for the not-found page, which has no URL of its own. */
  path?: string;
  /** The route module: the manifest's key, relative to web/. */
  source: string;
  /**
   * Code a visitor of this page is likely to need next (manifest keys), fetched and compiled but not run once the
   * app has started (route-preloads.ts): the inquiry popup behind Contact Agent, which a phone has no hover to
   * preload on, and on a listing page the payment calculator that a scroll down to the price brings in.
   */
  likelyNext?: readonly string[];
}

const INQUIRY_POPUP = 'src/features/inquiries/inquiry-popup.tsx';
const PAYMENT_CALCULATOR = 'src/features/payment/payment-calculator.tsx';

/** Every public route with page code of its own (web/src/app/route-modules.ts lazy-loads these). */
export const PUBLIC_ROUTE_MODULES: readonly PublicRouteModule[] = [
  { id: 'home', path: '/', source: 'src/app/routes/public/home.tsx' },
  { id: 'communities', path: '/communities', source: 'src/app/routes/public/communities.tsx' },
  {
    id: 'community',
    path: '/community/:id',
    source: 'src/app/routes/public/community.tsx',
    likelyNext: [INQUIRY_POPUP],
  },
  {
    id: 'listing',
    path: '/listing/:id',
    source: 'src/app/routes/public/listing.tsx',
    likelyNext: [INQUIRY_POPUP, PAYMENT_CALCULATOR],
  },
  { id: 'contact', path: '/contact', source: 'src/app/routes/public/contact.tsx' },
  { id: 'legal', path: '/legal/:page', source: 'src/app/routes/public/legal.tsx' },
  { id: 'search', path: '/search', source: 'src/app/routes/public/search.tsx' },
  { id: 'favorites', path: '/favorites', source: 'src/app/routes/public/favorites.tsx' },
  { id: 'not-found', source: 'src/app/routes/public/not-found.tsx' },
];

/** The manifest of the client build in `clientDir`, or null when there is none (no build, or an old one). */
export function readClientManifest(clientDir: string): ClientManifest | null {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest;
}

/** The files of chunk `key` and of everything it imports statically, added to `into` (each once). */
export function staticImportFiles(manifest: ClientManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticImportFiles(manifest, imported, into);
  return into;
}

/** The files every page loads: the entry chunks and their static imports. */
export function entryFiles(manifest: ClientManifest): Set<string> {
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticImportFiles(manifest, key, files);
  return files;
}
