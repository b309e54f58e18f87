/**
 * React.lazy for a component whose route loader can load its code first. Without a preload it behaves like
 * lazy(): the first render suspends while the chunk loads. Once preload() has finished (the loader awaits it),
 * the factory hands React an already-settled thenable, which React.lazy reads synchronously, so the server
 * renders the real component (not the fallback) and client navigations show it without a flash. On hydration
 * the browser has not preloaded: the boundary suspends and React keeps the server's HTML until the chunk arrives.
 *
 * Used for the filter bars, whose code stays out of the JavaScript a public page needs (DESIGN §7).
 *
 * `hydrateWhen` (issue 14): on a hydrating page, the code loads only once this resolves (utils/when-wanted.ts: the
 * visitor reaches for the part); until then React keeps the server's HTML and does no work for it. A preload (a
 * client navigation's loader) loads it at once, whether the gate has opened or not.
 */
import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export function preloadable<P extends object>(
  load: () => Promise<Module<P>>,
  { hydrateWhen }: { hydrateWhen?: () => Promise<void> } = {},
) {
  let loaded: Module<P> | undefined;
  /** Settles the lazy component's pending load, when one waits for `hydrateWhen`. */
  let settleWaiting: ((module: Module<P>) => void) | undefined;
  const preload = async (): Promise<void> => {
    loaded ??= await load();
    settleWaiting?.(loaded);
  };
  const loadWhenWanted = (): Promise<Module<P>> =>
    new Promise((resolve, reject) => {
      settleWaiting = resolve;
      hydrateWhen!()
        .then(load)
        .then((module) => resolve((loaded ??= module)), reject);
    });
  const Component = lazy(() =>
    loaded
      ? // A thenable that calls back at once: React.lazy resolves it within the same render.
        ({ then: (resolve: (module: Module<P>) => void) => resolve(loaded!) } as Promise<Module<P>>)
      : hydrateWhen
        ? loadWhenWanted()
        : load().then((module) => (loaded = module)),
  );
  /** The component itself once its code is in (preloaded): rendered without a lazy boundary. */
  const loadedComponent = (): ComponentType<P> | undefined => loaded?.default;
  return { Component, preload, loadedComponent };
}
