/**
 * The route table (SPEC §2), shared by the server renderer and the browser. Page code is loaded on demand;
 * /community/{id} sits outside the public layout because it has its own header and footer.
 */
import type { RouteObject } from 'react-router-dom';
import { routeModules, type RouteModuleId } from './route-modules';
import { RootLayout, rootLoader } from './layouts/root-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './layouts/route-error';

const lazyRoute = (id: RouteModuleId) => async () => {
  const module = await routeModules[id]();
  return { Component: module.Component, loader: 'loader' in module ? module.loader : undefined, handle: module.handle };
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { id: 'home', index: true, lazy: lazyRoute('home') },
          { id: 'communities', path: 'communities', lazy: lazyRoute('communities') },
          { id: 'contact', path: 'contact', lazy: lazyRoute('contact') },
          { id: 'listing', path: 'listing/:id', lazy: lazyRoute('listing') },
          { id: 'legal', path: 'legal/:page', lazy: lazyRoute('legal') },
          { id: 'not-found', path: '*', lazy: lazyRoute('notFound') },
        ],
      },
      { id: 'community', path: 'community/:id', lazy: lazyRoute('community') },
    ],
  },
];
