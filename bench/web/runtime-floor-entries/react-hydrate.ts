/**
 * Runtime floor "React DOM": the floor page's heading and paragraph hydrated by React DOM, the way the app's entry
 * hydrates a page (in a transition, StrictMode), with no router and no app code (runtime-floors.ts).
 */
import { createElement, startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { FloorContent } from './floor-content';

const container = document.getElementById('root');
if (container) {
  startTransition(() => {
    hydrateRoot(container, createElement(StrictMode, null, createElement(FloorContent)));
  });
}
