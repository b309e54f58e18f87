/**
 * React.lazy for a component whose route loader can load its code first. Without a preload it behaves like
 * lazy(): the first render suspends while the chunk loads. Once preload() has finished (the loader awaits it),
 * the factory hands React an already-settled thenable, which React.lazy reads synchronously, so the server
 * renders the real component (not the fallback) and client navigations show it without a flash. On hydration
 * the browser has not preloaded: the boundary suspends and React keeps the server's HTML until the chunk arrives.
 *
 * Used for the filter bars, whose code stays out of the JavaScript a public page needs (DESIGN §7), and under
 * lazyWithPreload for the dialogs public pages open.
 *
 * `hydrateWhen` (issue 14): on a hydrating page, the code loads only once the visitor reaches for that part, or it
 * comes near the viewport (utils/when-wanted.ts); until then React keeps the server's HTML and does no work for it.
 * A preload (a client navigation's loader) loads it at once, whether the part was wanted or not.
 */
import { lazy, type ComponentType } from 'react';
import type { WantedPart } from '@/utils/when-wanted';

type Module<P> = { default: ComponentType<P> };

export function preloadable<P extends object>(
  load: () => Promise<Module<P>>,
  { hydrateWhen }: { hydrateWhen?: WantedPart } = {},
) {
  let loaded: Module<P> | undefined;
  let markPreloaded!: () => void;
  /** Resolves when a loader first preloads: a part still waiting to be wanted loads then too. */
  const preloaded = new Promise<void>((resolve) => (markPreloaded = resolve));
  const preload = async (): Promise<void> => {
    markPreloaded();
    loaded ??= await load();
  };
  const Component = lazy(() =>
    loaded
      ? // A thenable that calls back at once: React.lazy resolves it within the same render.
        ({ then: (resolve: (module: Module<P>) => void) => resolve(loaded!) } as Promise<Module<P>>)
      : (hydrateWhen
          ? // Its own chunk, loaded as the page hydrates: the page does not wait for it (the 110 KB budget). If it
            // cannot load, the part loads at once, as it did before it was hydrated on demand.
            Promise.race([
              preloaded,
              import('@/utils/when-wanted').then(
                (module) => module.whenWanted(hydrateWhen),
                () => {},
              ),
            ])
          : Promise.resolve()
        )
          .then(load)
          .then((module) => (loaded ??= module)),
  );
  /** The component itself once its code is in (preloaded): rendered without a lazy boundary. */
  const loadedComponent = (): ComponentType<P> | undefined => loaded?.default;
  return { Component, preload, loadedComponent };
}
