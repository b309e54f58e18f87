/**
 * Where the favourites are kept, behind the store (favorites-store.ts, the only module that loads this one): the
 * device's IndexedDB table (data/repositories/favorites-repository.ts, through Dexie), and the localStorage copy
 * of its rows (favorites-mirror.ts) that the store shows on the next page before this code has loaded.
 */
import {
  removeFavorite,
  toggleFavorite,
  watchFavorites,
  type FavoriteItem,
  type FavoriteRow,
} from '@/data/repositories/favorites-repository';
import { STORAGE_BLOCKED_MESSAGE } from './favorites-messages';
import { writeFavoritesMirror } from './favorites-mirror';

type StoredState = { status: 'ready' | 'unavailable'; rows: FavoriteRow[] };

/** Hands the store the device's favourites now and after every change, in any tab (Dexie's liveQuery). */
export function watchStoredFavorites(publish: (state: StoredState) => void): void {
  watchFavorites(
    (rows) => {
      writeFavoritesMirror(rows);
      publish({ status: 'ready', rows });
    },
    () => publish({ status: 'unavailable', rows: [] }),
  );
}

/** Resolves null, or the visitor's words when this device refuses to store favourites. */
export const toggleStoredFavorite = (item: FavoriteItem): Promise<string | null> =>
  toggleFavorite(item).then(
    () => null,
    () => STORAGE_BLOCKED_MESSAGE,
  );

export const removeStoredFavorite = (item: Pick<FavoriteItem, 'kind' | 'id'>): Promise<string | null> =>
  removeFavorite(item.kind, item.id).then(
    () => null,
    () => STORAGE_BLOCKED_MESSAGE,
  );
