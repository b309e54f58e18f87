/**
 * The favourites as the pages see them: one shared state for every Save to Favorites button, the header's count
 * and the /favorites page. This module and the repository (and with it Dexie) load after hydration (see
 * use-saved-favorites.ts), so a public page's JavaScript stays within budget (DESIGN §7). The server and the
 * hydrating browser both see 'loading' with no favourites, so the first render matches the server's HTML.
 */
import { useSyncExternalStore } from 'react';
import type { FavoriteItem, FavoriteRow } from '@/data/repositories/favorites-repository';
import { writeFavoritesMirror } from './favorites-mirror';

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
const repository = () => import('@/data/repositories/favorites-repository');

function publish(next: FavoritesState): void {
  state = next;
  // The copy pages show before this store loads (favorites-mirror.ts, read by use-saved-favorites.ts).
  if (next.status === 'ready') writeFavoritesMirror(next.rows);
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

/** Calls `onRows` with the favourites once known and after every change; returns the unsubscribe function. */
export function watchRows(onRows: (rows: FavoriteRow[]) => void): () => void {
  // Not while loading: the caller already shows the localStorage copy, which an empty list would blank out.
  const emit = () => {
    if (state.status !== 'loading') onRows(state.rows);
  };
  emit();
  return subscribe(emit);
}

/** The visitor's words when this device refuses to store favourites. */
export const STORAGE_BLOCKED_MESSAGE =
  'This browser does not let the site save on this device. Allow site data (or leave private browsing) and try again.';

/** Saves or unsaves; resolves with null, or with what to tell the visitor when this device cannot store it. */
export const toggleFavorite = (item: FavoriteItem): Promise<string | null> =>
  repository()
    .then((module) => module.toggleFavorite(item))
    .then(
      () => null,
      () => STORAGE_BLOCKED_MESSAGE,
    );

/** Removes; resolves with null, or with what to tell the visitor when this device cannot store it. */
export const removeFavorite = (item: Pick<FavoriteItem, 'kind' | 'id'>): Promise<string | null> =>
  repository()
    .then((module) => module.removeFavorite(item.kind, item.id))
    .then(
      () => null,
      () => STORAGE_BLOCKED_MESSAGE,
    );
