/**
 * The route table (SPEC §2), shared by the server renderer and the browser. Page code is loaded on demand;
 * /community/{id} sits outside the public layout because it has its own header and footer.
 */
import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { withChunkReload } from './pwa/chunk-reload';
import { routeLoaders, routeModules, type RouteLoaderId, type RouteModuleId } from './route-modules';
import { RootLayout, rootLoader } from './layouts/root-layout';
import { PublicLayout } from './layouts/public-layout';
import { HydrateFallback, RouteError } from './layouts/route-error';
import type { RouteHandle } from './head';

/** What a route module exports (see app/routes/public/home.tsx). */
interface RouteModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  handle?: unknown;
  /** Code the first render behind a lazy boundary needs, loaded before hydrating (entry-client.tsx). */
  beforeHydration?: () => Promise<void>;
}

// The module itself: its exports are the route's properties (a module has no undefined ones, so a loader kept in a
// module of its own stays). A chunk that fails to load (replaced by a new build) reloads the page once (DESIGN §5
// "Chunk failures").
const lazyRoute = (id: RouteModuleId) => withChunkReload(routeModules[id] as () => Promise<RouteModule>);

/** A route's data module (route-modules.ts routeLoaders): its loader and, where it has one, what its head says. */
interface RouteDataModule {
  loader: LoaderFunction;
  handle?: Pick<RouteHandle<never>, 'head'>;
}

const loadDataModule = (id: RouteLoaderId): Promise<RouteDataModule> =>
  withChunkReload(routeLoaders[id] as () => Promise<RouteDataModule>)();

/**
 * A loader in a module of its own, loaded when it first runs, together with its page's module, whose lazy parts
 * (`preloadLazyParts`) load alongside the data.
 */
const separateLoader =
  (id: RouteLoaderId & RouteModuleId): LoaderFunction =>
  async (args: LoaderFunctionArgs) => {
    const [data, page] = await Promise.all([
      loadDataModule(id),
      withChunkReload(routeModules[id] as () => Promise<{ preloadLazyParts?: () => Promise<void> }>)(),
    ]);
    const [result] = await Promise.all([data.loader(args), page.preloadLazyParts?.()]);
    return result;
  };

/** The head of a page whose data module says it: computed after a navigation (or on the server), never at start. */
const separateHead = (id: RouteLoaderId): RouteHandle<never> => ({
  head: async (data, context) => (await loadDataModule(id)).handle!.head!(data, context),
});

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
          {
            id: 'listing',
            path: 'listing/:id',
            loader: separateLoader('listing'),
            handle: separateHead('listing'),
            lazy: lazyRoute('listing'),
          },
          { id: 'legal', path: 'legal/:page', lazy: lazyRoute('legal') },
          { id: 'search', path: 'search', lazy: lazyRoute('search') },
          { id: 'not-found', path: '*', lazy: lazyRoute('notFound') },
        ],
      },
      { id: 'community', path: 'community/:id', loader: separateLoader('community'), lazy: lazyRoute('community') },
      { id: 'kiosk', path: 'kiosk/:community', lazy: lazyRoute('kiosk') },
      // The back office: one lazy route with its own descendant routes (routes/admin/admin-app.tsx).
      { id: 'admin', path: 'admin/*', lazy: lazyRoute('admin') },
    ],
  },
];
