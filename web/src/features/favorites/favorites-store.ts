/**
 * The favourites as the pages see them: one shared state for every Save to Favorites button, the header's count
 * and the /favorites page. The repository (and with it Dexie) is imported on the first subscription, after
 * hydration, so a public page's JavaScript stays within budget (DESIGN §7). The server and the hydrating
 * browser both see 'loading' with no favourites, so the first render matches the server's HTML.
 */
import { useSyncExternalStore } from 'react';
import type { FavoriteItem, FavoriteRow } from '../../data/repositories/favorites-repository';

export type { FavoriteItem, FavoriteRow };

export interface FavoritesState {
  /** 'unavailable': this browser does not let the site store anything (blocked storage, some private modes). */
  status: 'loading' | 'ready' | 'unavailable';
  rows: FavoriteRow[];
}

const INITIAL: FavoritesState = { status: 'loading', rows: [] };
let state = INITIAL;
let watching = false;
const listeners = new Set<() => void>();
const repository = () => import('../../data/repositories/favorites-repository');

function publish(next: FavoritesState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!watching) {
    // One watch for the page's lifetime: every tab's changes flow into the one state.
    watching = true;
    repository().then(
      ({ watchFavorites }) =>
        watchFavorites(
          (rows) => publish({ status: 'ready', rows }),
          () => publish({ status: 'unavailable', rows: [] }),
        ),
      () => {
        // The code could not load (offline before the service worker cached it): try again on the next subscribe.
        watching = false;
        publish({ status: 'unavailable', rows: [] });
      },
    );
  }
  return () => listeners.delete(listener);
}

export function useFavorites(): FavoritesState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

export const isSaved = (rows: FavoriteRow[], item: Pick<FavoriteItem, 'kind' | 'id'>): boolean =>
  rows.some((row) => row.kind === item.kind && row.id === item.id);

/** Saves or unsaves; resolves with the new state, rejects when this device cannot store it. */
export const toggleFavorite = (item: FavoriteItem): Promise<boolean> =>
  repository().then((module) => module.toggleFavorite(item));

export const removeFavorite = (item: Pick<FavoriteItem, 'kind' | 'id'>): Promise<void> =>
  repository().then((module) => module.removeFavorite(item.kind, item.id));
