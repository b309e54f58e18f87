/**
 * Browser entry: hydrates the server-rendered page (or renders, for client-only routes such as /admin), with the
 * loader data the server embedded. The data layer (ky, Dexie) is registered but only imported when a loader
 * first needs it, after hydration, to keep public pages within the JS budget (DESIGN §7).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router-dom';
import { registerPublicReaderLoader } from './app/public-reader';
import { routes } from './app/routes';
import './styles/global.css';

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
        const loaded = await (match.route.lazy as () => Promise<object>)();
        Object.assign(match.route, loaded, { lazy: undefined });
      }),
  );
}

async function start(): Promise<void> {
  const hydrationData = readHydrationData();
  const container = document.getElementById('root')!;
  if (hydrationData) {
    await loadInitialLazyRoutes();
    const router = createBrowserRouter(routes, { hydrationData });
    hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  } else {
    const router = createBrowserRouter(routes);
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  }
}

void start();
