/**
 * React DOM's client (hydrateRoot, createRoot), evaluated when the entry first asks for it rather than with the
 * entry's own module.
 *
 * Why: React DOM is about 200 KB of the entry's 326 KB. Imported as a module, its set-up runs in the task that
 * evaluates the entry, one of the longest of a page's start on a slow phone (Lighthouse `mobile-slow`, issue 14).
 * Asked for here, it runs in a task of its own, between the entry's evaluation and the router's creation: the same
 * work, split so that input waits behind less of it. A `require` the bundler resolves (Rolldown bundles React DOM
 * into the entry chunk as before and calls its CommonJS wrapper here), not a dynamic `import()`: a chunk of its own,
 * compressed on its own, cost 770 B of gzip of the 110 KB budget of every public page (DESIGN §7).
 *
 * entry-client.tsx imports this where it imported React DOM (beside React): the bundler places React DOM's code by
 * that import, and placed further down the entry compressed about 70 B worse.
 */
import type * as ReactDomClient from 'react-dom/client';

/** The bundler's `require` of a CommonJS package (the production build resolves and inlines it). */
declare const require: (id: 'react-dom/client') => typeof ReactDomClient;

/** The module itself in the production build; a promise of it from Vite's dev server (await either). */
export function loadReactDomClient(): typeof ReactDomClient | Promise<typeof ReactDomClient> {
  // The dev server serves modules unbundled, where there is no `require`: the package as an ES module instead.
  return import.meta.env.DEV ? import('react-dom/client') : require('react-dom/client');
}
