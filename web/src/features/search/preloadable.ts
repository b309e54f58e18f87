/**
 * React.lazy for a component whose route loader can load its code first. Without a preload it behaves like
 * lazy(): the first render suspends while the chunk loads. Once preload() has finished (the loader awaits it),
 * the factory hands React an already-settled thenable, which React.lazy reads synchronously, so the server
 * renders the real component (not the fallback) and client navigations show it without a flash. On hydration
 * the browser has not preloaded: the boundary suspends and React keeps the server's HTML until the chunk arrives.
 *
 * Used for the filter bars, whose code stays out of the JavaScript a public page needs (DESIGN §7).
 */
import { lazy, type ComponentType } from 'react';

export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = async (): Promise<void> => {
    loaded ??= await load();
  };
  const Component = lazy(() =>
    loaded
      ? // A thenable that calls back at once: React.lazy resolves it within the same render.
        ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(loaded!) } as Promise<{
          default: ComponentType<P>;
        }>)
      : load().then((module) => (loaded = module)),
  );
  /** The component itself once its code is in (preloaded): rendered without a lazy boundary. */
  const loadedComponent = (): ComponentType<P> | undefined => loaded?.default;
  return { Component, preload, loadedComponent };
}
