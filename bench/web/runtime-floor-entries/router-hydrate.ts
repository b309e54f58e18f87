/**
 * Runtime floor "React DOM and the data router": the floor page's heading and paragraph hydrated through the same
 * router APIs as the app's entry (createBrowserRouter with hydration data, RouterProvider), with no app code
 * (runtime-floors.ts).
 */
import { createElement, startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FloorContent } from './floor-content';

const container = document.getElementById('root');
if (container) {
  const router = createBrowserRouter([{ id: 'floor', path: '*', element: createElement(FloorContent) }], {
    hydrationData: { loaderData: {} },
  });
  startTransition(() => {
    hydrateRoot(container, createElement(StrictMode, null, createElement(RouterProvider, { router })));
  });
}
