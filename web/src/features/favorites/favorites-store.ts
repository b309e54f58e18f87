/**
 * The favourites: one store for the whole page. The header's saved count, every Save to Favorites button and the
 * /favorites page read it (useFavorites, or readFavorites with subscribeFavorites) and change it (toggleFavorite,
 * removeFavorite). Where they are kept is behind it (favorites-persistence.ts: the device's IndexedDB table, and
 * a localStorage copy of the rows, favorites-mirror.ts).
 *
 * Every page loads this module first, so it stays small: the storage code (and Dexie with it) loads once the
 * page has settled, at once when the visitor acts, or when /favorites opens (Total Blocking Time, DESIGN §7).
 * Until then the store holds the localStorage copy the last page left (read synchronously, no IndexedDB code), so
 * a saved home shows as saved straight away. The server and the hydrating browser both see 'loading' with no
 * rows, so the first render matches the server's HTML.
 */
import { useSyncExternalStore } from 'react';
import type { FavoriteItem, FavoriteRow } from '@/data/repositories/favorites-repository';
import { afterPageSettles } from '@/utils/after-page-settles';
import { readFavoritesMirror } from './favorites-mirror';

export type { FavoriteItem, FavoriteRow };

export interface FavoritesState {
  /**
   * 'unavailable': this browser does not let the site store anything (blocked storage, some private modes).
   * 'stuck': the device's storage has not answered in time (data/storage-time-limit.ts); `rows` are then the
   * localStorage copy the last page left, and 'ready' follows if the storage answers after all.
   */
  status: 'loading' | 'ready' | 'unavailable' | 'stuck';
  rows: FavoriteRow[];
  /**
   * 'stuck': what to tell the visitor. The storage code has the words, as it has those of a refused save: they
   * stay out of the JavaScript every page loads before it is interactive (DESIGN §7).
   */
  notice?: string;
}

/** Time after the load event before the storage code loads by itself (see utils/after-page-settles.ts). */
const STORAGE_START_DELAY_MS = 3000;

/** Shown when the favourites code itself could not load (offline before the service worker cached it). */
export const RELOAD_MESSAGE = 'Could not save right now. Reload the page and try again.';

const INITIAL: FavoritesState = { status: 'loading', rows: [] };
let state = INITIAL;
const listeners = new Set<() => void>();
let subscribed = false;
type Persistence = typeof import('./favorites-persistence');
let storageCode: Promise<Persistence> | undefined;

function publish(next: FavoritesState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Loads the storage code and watches the device's favourites (once for the page's lifetime). */
function connect() {
  storageCode ??= import('./favorites-persistence').then(
    (persistence) => {
      persistence.watchStoredFavorites(publish);
      return persistence;
    },
    (error: unknown) => {
      // The code could not load (offline before the service worker cached it): the next action tries again.
      storageCode = undefined;
      publish({ status: 'unavailable', rows: state.rows });
      throw error;
    },
  );
  return storageCode;
}

export function subscribeFavorites(listener: () => void): () => void {
  listeners.add(listener);
  if (!subscribed) {
    subscribed = true;
    // Only when there is something to show: a new state would re-render every Save button of the page right
    // after hydration for nothing.
    const mirror = readFavoritesMirror();
    if (mirror.length > 0) publish({ status: 'loading', rows: mirror });
    void afterPageSettles(STORAGE_START_DELAY_MS)
      .then(connect)
      .catch(() => undefined);
  }
  return () => listeners.delete(listener);
}

export const readFavorites = (): FavoritesState => state;

export function useFavorites(): FavoritesState {
  return useSyncExternalStore(subscribeFavorites, readFavorites, () => INITIAL);
}

/** The /favorites page lists them at once rather than after the page settles. */
export const loadFavoritesNow = (): void => void connect().catch(() => undefined);

/** Saves or unsaves; resolves with null, or with what to tell the visitor when it could not be stored. */
export const toggleFavorite = (item: FavoriteItem): Promise<string | null> =>
  connect().then(
    (persistence) => persistence.toggleStoredFavorite(item),
    () => RELOAD_MESSAGE,
  );

/** Removes; resolves with null, or with what to tell the visitor when it could not be stored. */
export const removeFavorite = (item: Pick<FavoriteItem, 'kind' | 'id'>): Promise<string | null> =>
  connect().then(
    (persistence) => persistence.removeStoredFavorite(item),
    () => RELOAD_MESSAGE,
  );
