/**
 * The service worker (DESIGN §5 "Service worker"), built by vite-plugin-pwa (injectManifest) to /sw.js, scope '/'.
 *
 * - Precache: the app shell (the built index.html, under /index.html), every JS chunk (each lazy route) and
 *   stylesheet, the icons, the web manifest and the default community image: self.__WB_MANIFEST.
 * - Navigations: the network with a 3 s timeout, then the cached shell. The shell's placeholders are HTML comments,
 *   so served as is it boots the client app, which renders from IndexedDB. Pages themselves are never cached here.
 * - Images (/images/, /uploads/, /icons/ on this origin): cache first, from the offline pack's cache, then the
 *   'images' cache with expiry (what browsing met).
 * - /api is never cached by the worker (IndexedDB is the one offline copy of data): it has no route, so the
 *   browser fetches it as if there were no worker.
 * - Messages: {type:'WARM_IMAGES', urls} fills the offline pack's image cache with exactly those images (the
 *   offline pack: every image of every public page); {type:'SKIP_WAITING'} activates
 *   a waiting update (the page asks when no form is dirty and no sync drain runs).
 * - Background Sync 'visitor-messages': sends the visitors' messages queued offline, with no page of the site open
 *   (visitor-delivery.ts).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import type { WarmImagesResult } from '@/app/pwa/offline-pack-schedule';
import { DOCUMENT_ISOLATION_HEADERS, isIsolatedDocument } from '@domain/constants/document-isolation';
import { VISITOR_DELIVERY_SYNC_TAG } from '@/data/background-delivery';
import { deliverVisitorMessages } from './visitor-delivery';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The precached index.html: the offline navigation fallback. */
const SHELL_URL = '/index.html';
const IMAGE_CACHE = 'images';
/**
 * The offline pack's images: exactly the URLs of its last WARM_IMAGES, with no count limit. In the browsing cache
 * they were subject to its 1,000-entry LRU bound, which a catalogue of about 100 homes with 8 photos passes: the
 * pack evicted its own first images (community pictures) and reported success.
 */
const PACK_IMAGE_CACHE = 'offline-pack-images';
const NAVIGATION_TIMEOUT_SECONDS = 3;
/** Read by web/src/app/pwa/offline-pack-schedule.ts (servedFromShell). */
const OFFLINE_SHELL_MARKER = '<meta name="offline-shell" content="1">';
const IMAGE_MAX_ENTRIES = 1000;
const IMAGE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const WARM_CONCURRENCY = 4;
const IMAGE_PATH = /^\/(?:images|uploads|icons)\//;

// --- Precache ---------------------------------------------------------------------------------------------------
// directoryIndex and cleanURLs are off so '/' (and '/about' → '/about.html') never match the precached shell:
// page URLs always go to the network first (server-rendered, live data).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// --- Navigations: network first (3 s), then the shell -----------------------------------------------------------
/**
 * The shell, marked so the page can say it shows saved content (navigator.onLine can be true on a dead network),
 * with the headers the server would have sent at `url`: the precached copy carries the public set, and a back
 * office or kiosk document without its isolation headers would move an offline reload into another renderer.
 */
async function offlineShell(url: URL): Promise<Response | undefined> {
  const shell = await matchPrecache(SHELL_URL);
  if (!shell) return undefined;
  const html = (await shell.text()).replace('<!--app-head-->', `${OFFLINE_SHELL_MARKER}<!--app-head-->`);
  // Keep the server's headers (its Content-Security-Policy above all); the body is now decoded and longer.
  const headers = new Headers(shell.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('content-type', 'text/html; charset=utf-8');
  if (isIsolatedDocument(url.pathname)) {
    for (const [name, value] of Object.entries(DOCUMENT_ISOLATION_HEADERS)) headers.set(name, value);
  }
  return new Response(html, { status: 200, headers });
}

const pageStrategy = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS });

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await pageStrategy.handle(options);
        // A proxy in front of the server that cannot reach it: the shell is more useful than its error page.
        if (response.status !== 502 && response.status !== 503 && response.status !== 504) return response;
      } catch {
        // offline, or no answer within the timeout
      }
      return (await offlineShell(options.url)) ?? Response.error();
    },
    {
      denylist: [/^\/api(?:\/|$)/, IMAGE_PATH, /^\/sw\.js$/, /^\/(?:robots\.txt|sitemap\.xml|manifest\.webmanifest)$/],
    },
  ),
);

// --- Images: cache first with expiry -----------------------------------------------------------------------------
const imageStrategy = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [
    new ExpirationPlugin({
      maxEntries: IMAGE_MAX_ENTRIES,
      maxAgeSeconds: IMAGE_MAX_AGE_SECONDS,
      purgeOnQuotaError: true,
    }),
  ],
});

// Only this origin: cross-origin images stay with the browser (the worker's own CSP allows connections to this
// origin only, and opaque responses would be cached blind).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && IMAGE_PATH.test(url.pathname) && request.method === 'GET',
  async ({ event, request }) => {
    const pack = await caches.open(PACK_IMAGE_CACHE);
    const packed = await pack.match(request);
    if (packed) return packed;
    try {
      const response = await imageStrategy.handle({ event, request });
      if (response.ok) return response;
      return (await anotherWidthOf(pack, request.url)) ?? response;
    } catch (error) {
      // Offline, and this width is not kept: a srcset may pick a width the pack did not take (the photo viewer
      // offers every width of every photo), and a browser does not fall back to another candidate on failure.
      const sibling = await anotherWidthOf(pack, request.url);
      if (sibling) return sibling;
      throw error;
    }
  },
);

/** The widest other width of the same image the pack keeps (`<name>-<width>.webp`), if any. */
async function anotherWidthOf(pack: Cache, url: string): Promise<Response | undefined> {
  const variant = /^(.+-)\d+\.webp$/.exec(new URL(url).pathname);
  if (!variant) return undefined;
  const prefix = variant[1]!;
  let best: { width: number; request: Request } | undefined;
  for (const request of await pack.keys()) {
    const { pathname } = new URL(request.url);
    const width = pathname.startsWith(prefix) ? /^(\d+)\.webp$/.exec(pathname.slice(prefix.length))?.[1] : undefined;
    if (width && (!best || Number(width) > best.width)) best = { width: Number(width), request };
  }
  return best ? pack.match(best.request) : undefined;
}

// --- Messages ----------------------------------------------------------------------------------------------------
/**
 * Makes the offline pack's cache hold exactly these images: fetches those it lacks (taken from the browsing cache
 * when there, else from the network) and drops those no longer listed. The answer counts them: `cached` newly
 * fetched and stored, `alreadyCached`, `failed`, and `skipped` (another origin, or not an image path).
 */
async function warmImages(urls: readonly string[]): Promise<WarmImagesResult> {
  const result: WarmImagesResult = {
    type: 'WARM_IMAGES_RESULT',
    requested: urls.length,
    cached: 0,
    alreadyCached: 0,
    failed: 0,
    skipped: 0,
  };
  const queue: URL[] = [];
  const seen = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw, self.location.origin);
    } catch {
      result.skipped += 1;
      continue;
    }
    if (url.origin !== self.location.origin || !IMAGE_PATH.test(url.pathname)) result.skipped += 1;
    else if (seen.has(url.href)) result.alreadyCached += 1;
    else {
      seen.add(url.href);
      queue.push(url);
    }
  }
  const [pack, browsing] = await Promise.all([caches.open(PACK_IMAGE_CACHE), caches.open(IMAGE_CACHE)]);
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      try {
        const request = new Request(url.href, { credentials: 'same-origin' });
        if (await pack.match(request)) {
          result.alreadyCached += 1;
          continue;
        }
        const kept = await browsing.match(request);
        const response = kept ?? (await fetch(request));
        if (!response.ok) {
          result.failed += 1;
          continue;
        }
        await pack.put(request, response);
        if (kept) result.alreadyCached += 1;
        else result.cached += 1;
      } catch {
        result.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WARM_CONCURRENCY, queue.length) }, worker));
  // The pack no longer shows these (a home sold, a photo replaced): they leave with it.
  for (const request of await pack.keys()) if (!seen.has(request.url)) await pack.delete(request);
  return result;
}

type WorkerMessage = { type: 'WARM_IMAGES'; urls: unknown } | { type: 'SKIP_WAITING' };

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage | null;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  if (message.type === 'WARM_IMAGES') {
    const urls = Array.isArray(message.urls) ? message.urls.filter((u): u is string => typeof u === 'string') : [];
    const reply = (answer: unknown) => {
      if (event.ports[0]) event.ports[0].postMessage(answer);
      else (event.source as Client | null)?.postMessage(answer);
    };
    event.waitUntil(
      warmImages(urls).then(reply, (error: unknown) =>
        reply({ type: 'WARM_IMAGES_RESULT', error: error instanceof Error ? error.message : String(error) }),
      ),
    );
  }
});

// --- Visitors' queued messages (Background Sync, where the browser has it) ---------------------------------------
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === VISITOR_DELIVERY_SYNC_TAG) event.waitUntil(deliverVisitorMessages());
}) as EventListener);

// --- Lifecycle ---------------------------------------------------------------------------------------------------
/**
 * Firefox fails the whole navigation when a navigation preload fails (no network), whatever the worker answers:
 * with preload on, every page opened or reloaded offline showed Firefox's "Unable to connect" instead of the shell
 * (kiosk and back office included; found driving Firefox 153, GoogleChrome/workbox#3134). Chromium and WebKit
 * answer with the shell either way. There is no feature to detect, so the engine is read from the user agent.
 */
const preloadBreaksOffline = /\bFirefox\//.test(self.navigator.userAgent);

// An update waits until the page sends SKIP_WAITING; once active it takes control of open pages at once (the
// page reloads on 'controlling'), and navigation preload lets page requests start while the worker boots.
self.addEventListener('activate', (event) => {
  const preload = self.registration.navigationPreload;
  event.waitUntil(
    Promise.all([
      self.clients.claim(),
      (preloadBreaksOffline ? preload?.disable() : preload?.enable())?.catch(() => undefined),
    ]).then(() => undefined),
  );
});
