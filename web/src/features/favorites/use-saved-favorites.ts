/**
 * The small part of favourites that public pages carry on load: a hook for the Save buttons and the header's
 * count, and the loader of the store for actions.
 *
 * The store (and with it the repository and Dexie) is the truth, but loading it costs long tasks right after a
 * page appears, so it loads only once the page has settled, or at once when the visitor acts (a toggle calls
 * loadFavoritesStore). Until then the hook shows the copy of the saved rows the store keeps in localStorage
 * (read synchronously, no IndexedDB code), so a saved home shows as saved straight away. Server and hydrating
 * browser both start with no favourites, so the first render matches the server's HTML.
 */
import { useEffect, useState } from 'react';
import type { FavoriteRow } from '@/data/repositories/favorites-repository';
import { afterPageSettles } from '@/utils/after-page-settles';
import { readFavoritesMirror } from './favorites-mirror';

/** Time after the load event before the store loads by itself (see utils/after-page-settles.ts). */
const STORE_START_DELAY_MS = 3000;

let markStoreRequested: () => void = () => undefined;
const storeRequested = new Promise<void>((resolve) => {
  markStoreRequested = resolve;
});

export const loadFavoritesStore = () => {
  markStoreRequested();
  return import('./favorites-store');
};

/** Shown when the favourites code itself could not load (offline before the service worker cached it). */
export const RELOAD_MESSAGE = 'Could not save right now. Reload the page and try again.';

export function useSavedFavorites(): FavoriteRow[] {
  const [rows, setRows] = useState<FavoriteRow[]>([]);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // Only when there is something to show: a new empty array would re-render every Save button of the page
    // right after hydration for nothing (Total Blocking Time, DESIGN §7).
    const mirror = readFavoritesMirror();
    if (mirror.length > 0) setRows(mirror);
    void Promise.race([afterPageSettles(STORE_START_DELAY_MS), storeRequested])
      .then(loadFavoritesStore)
      .then(
        (store) => {
          if (live) stop = store.watchRows(setRows);
        },
        () => undefined,
      );
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return rows;
}
