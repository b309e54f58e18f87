/**
 * The small part of favourites that public pages carry on load: a hook that reads the saved favourites after
 * hydration (the store, the repository and Dexie load then, DESIGN §7), and the loader of the store for actions.
 * Until the device has answered there are no favourites, which is also what the server rendered.
 */
import { useEffect, useState } from 'react';
import type { FavoriteRow } from '../../data/repositories/favorites-repository';

export const loadFavoritesStore = () => import('./favorites-store');

/** Shown when the favourites code itself could not load (offline before the service worker cached it). */
export const RELOAD_MESSAGE = 'Could not save right now. Reload the page and try again.';

export function useSavedFavorites(): FavoriteRow[] {
  const [rows, setRows] = useState<FavoriteRow[]>([]);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    loadFavoritesStore().then(
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
