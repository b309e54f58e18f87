/**
 * The route table (SPEC §2), shared by the server renderer and the browser. Page code is loaded on demand;
 * /community/{id} sits outside the public layout because it has its own header and footer.
 */
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import { withChunkReload } from './pwa/chunk-reload';
import { routeModules, type RouteModuleId } from './route-modules';
import { RootLayout, rootLoader } from './layouts/root-layout';
import { PublicLayout } from './layouts/public-layout';
import { HydrateFallback, RouteError } from './layouts/route-error';

/** What a route module exports (see app/routes/public/home.tsx). */
interface RouteModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  handle?: unknown;
  /** Code the first render behind a lazy boundary needs, loaded before hydrating (entry-client.tsx). */
  beforeHydration?: () => Promise<void>;
}

const lazyRoute = (id: RouteModuleId) => async () => {
  // A chunk that fails to load (replaced by a new build) reloads the page once (DESIGN §5 "Chunk failures").
  const module = await withChunkReload(routeModules[id] as () => Promise<RouteModule>)();
  return {
    Component: module.Component,
    loader: module.loader,
    handle: module.handle,
    beforeHydration: module.beforeHydration,
  };
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a client-only start (offline shell, admin) runs the first loaders.
    HydrateFallback: HydrateFallback,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { id: 'home', index: true, lazy: lazyRoute('home') },
          { id: 'communities', path: 'communities', lazy: lazyRoute('communities') },
          { id: 'contact', path: 'contact', lazy: lazyRoute('contact') },
          { id: 'favorites', path: 'favorites', lazy: lazyRoute('favorites') },
          { id: 'listing', path: 'listing/:id', lazy: lazyRoute('listing') },
          { id: 'legal', path: 'legal/:page', lazy: lazyRoute('legal') },
          { id: 'search', path: 'search', lazy: lazyRoute('search') },
          { id: 'not-found', path: '*', lazy: lazyRoute('notFound') },
        ],
      },
      { id: 'community', path: 'community/:id', lazy: lazyRoute('community') },
      { id: 'kiosk', path: 'kiosk/:community', lazy: lazyRoute('kiosk') },
      // The back office: one lazy route with its own descendant routes (routes/admin/admin-app.tsx).
      { id: 'admin', path: 'admin/*', lazy: lazyRoute('admin') },
    ],
  },
];
