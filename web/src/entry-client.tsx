/**
 * Browser entry: hydrates the server-rendered page (or renders, for client-only routes such as /admin), with the
 * loader data the server embedded. The data layer (ky, Dexie) is registered but only imported when a loader
 * first needs it, after hydration, to keep public pages within the JS budget (DESIGN §7).
 */
import { installChunkReloadGuard } from './app/pwa/chunk-reload';
import { StrictMode, startTransition } from 'react';
import { loadReactDomClient } from './app/react-dom-client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router-dom';
import { AnnounceWhenReady } from './app/app-ready';
import { lockedKioskPath } from './app/kiosk-lock';
import { registerPublicReaderLoader } from '@/data/public-reader';
import { routes } from './app/routes';
import { afterPageSettles } from './utils/after-page-settles';
import { APP_READY_EVENT } from './utils/app-ready-event';
import './styles/global.css';

// First, so a route chunk that fails to load (a new build replaced it) reloads the page (DESIGN §5).
installChunkReloadGuard();

registerPublicReaderLoader(() =>
  import('./data/repositories/browser-public-reader').then((module) => module.createBrowserPublicReader()),
);

function readHydrationData(): HydrationState | undefined {
  const element = document.getElementById('hydration-data');
  return element?.textContent ? (JSON.parse(element.textContent) as HydrationState) : undefined;
}

/** Lazy route modules of the first page must be in place before hydrating, or React would render a different tree. */
async function loadInitialLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches
      .filter((match) => match.route.lazy)
      .map(async (match) => {
        const loaded = await (match.route.lazy as () => Promise<{ beforeHydration?: () => Promise<void> }>)();
        const { beforeHydration, ...route } = loaded;
        await beforeHydration?.();
        Object.assign(match.route, route, { lazy: undefined });
      }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  // A device in kiosk mode shows its kiosk whatever page was asked for (rendered here, not the server's page).
  const kioskPath = lockedKioskPath(window.location.pathname);
  if (kioskPath) {
    window.history.replaceState(null, '', kioskPath);
    container.replaceChildren();
    await renderClientOnly(container);
    return;
  }
  const hydrationData = readHydrationData();
  if (hydrationData) {
    try {
      await loadInitialLazyRoutes();
    } catch {
      // The page's code could not load (and the reload guard gave up): render on the client instead of leaving a
      // server-rendered page that looks alive but never becomes interactive; the router shows the route error.
      container.replaceChildren();
      await renderClientOnly(container);
      return;
    }
    // A new task: the route's code was evaluated in this one. React DOM's set-up (app/react-dom-client.ts) and
    // creating the router are work of their own, each in its own task; in between, the browser can handle input
    // and paint (Total Blocking Time, DESIGN §7).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { hydrateRoot } = await loadReactDomClient();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const router = createBrowserRouter(routes, { hydrationData });
    continueOnceReady(router);
    // And another before hydrating: creating the router runs much of its code for the first time (5-25 ms on a
    // desktop), and hydrateRoot's first slice would otherwise join it in one task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of hydrating the
    // whole page in one long task: the server HTML is already painted, and input that arrives meanwhile is
    // handled first (Lighthouse's Total Blocking Time, DESIGN §7).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AnnounceWhenReady>
            <RouterProvider router={router} />
          </AnnounceWhenReady>
        </StrictMode>,
      );
    });
  } else {
    await renderClientOnly(container);
  }
}

async function renderClientOnly(container: HTMLElement): Promise<void> {
  const { createRoot } = await loadReactDomClient();
  const router = createBrowserRouter(routes);
  continueOnceReady(router);
  createRoot(container).render(
    <StrictMode>
      <AnnounceWhenReady>
        <RouterProvider router={router} />
      </AnnounceWhenReady>
    </StrictMode>,
  );
}

/**
 * What the page does once the app has started (app/after-start.ts): hover prefetch for every router link,
 * navigation for the links of static parts, the likely next step's code fetched and compiled, and the sections left
 * out of the first layout rendered while the visitor reads. Loaded then, outside the JavaScript a page needs to
 * become interactive. Until then a link does what it does before any script runs: the browser loads the page.
 */
function continueOnceReady(router: ReturnType<typeof createBrowserRouter>): void {
  document.addEventListener(
    APP_READY_EVENT,
    () =>
      void import('./app/after-start').then(
        (module) => module.afterStart(router),
        // Offline before its code arrived: links keep working as plain links (the browser loads the page).
        () => undefined,
      ),
    { once: true },
  );
}

/** Time after the load event before the PWA code starts (see utils/after-page-settles.ts). */
const PWA_START_DELAY_MS = 3000;

/**
 * PWA, sync worker and offline pack: loaded after hydration, once the page has settled (DESIGN §7). Queued
 * changes wait those few seconds longer; the service worker is registered after the load event, as it should.
 */
function startPwaWhenIdle(): void {
  const begin = (): void => {
    import('./app/pwa/start-pwa').then(
      (module) => module.startPwa(),
      () => {
        // The network went away before this code (and the service worker that would cache it) arrived: try
        // again when it is back, rather than leave this page without offline support or an unhandled error.
        window.addEventListener('online', begin, { once: true });
      },
    );
  };
  void afterPageSettles(PWA_START_DELAY_MS).then(begin);
}

void start().then(startPwaWhenIdle);
