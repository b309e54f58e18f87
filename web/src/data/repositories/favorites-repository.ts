/**
 * The visitor's favourites: listings and communities saved on this device (DESIGN §6 "Save to Favorites saves on
 * the device"). Nothing is sent to the server, so saving works the same online and offline. Every open tab sees a
 * change at once (Dexie's liveQuery also follows writes made by other tabs).
 */
import { liveQuery } from 'dexie';
import { localDb } from '../local-db';

export type FavoriteKind = 'listing' | 'community';

export interface FavoriteRow {
  /** `${kind}:${id}`, so a listing and a community never collide. */
  key: string;
  kind: FavoriteKind;
  /** The listing's or the community's id. */
  id: string;
  /** Title or name when saved: shown when the record itself is not on this device (yet) or was removed. */
  label: string;
  /** Where the favourite links to (/listing/{id}, /community/{slug}). */
  path: string;
  /** ISO time of the save; the list shows the newest first. */
  savedAt: string;
}

/** What a page knows about the thing it offers to save. */
export type FavoriteItem = Pick<FavoriteRow, 'kind' | 'id' | 'label' | 'path'>;

export const favoriteKey = (kind: FavoriteKind, id: string): string => `${kind}:${id}`;

/** Every favourite, newest first. */
export async function listFavorites(): Promise<FavoriteRow[]> {
  return localDb().favorites.orderBy('savedAt').reverse().toArray();
}

export async function saveFavorite(item: FavoriteItem, now: Date = new Date()): Promise<FavoriteRow> {
  const row: FavoriteRow = { ...item, key: favoriteKey(item.kind, item.id), savedAt: now.toISOString() };
  await localDb().favorites.put(row);
  return row;
}

export async function removeFavorite(kind: FavoriteKind, id: string): Promise<void> {
  await localDb().favorites.delete(favoriteKey(kind, id));
}

/** Saves the item, or removes it when it is already saved; answers whether it is saved now. */
export async function toggleFavorite(item: FavoriteItem, now: Date = new Date()): Promise<boolean> {
  const db = localDb();
  return db.transaction('rw', db.favorites, async () => {
    if (await db.favorites.get(favoriteKey(item.kind, item.id))) {
      await removeFavorite(item.kind, item.id);
      return false;
    }
    await saveFavorite(item, now);
    return true;
  });
}

/**
 * Calls `onChange` with the favourites now and after every change (in any tab); `onError` when IndexedDB cannot
 * be read (blocked storage, private mode). Returns the unsubscribe function.
 */
export function watchFavorites(onChange: (rows: FavoriteRow[]) => void, onError: (error: unknown) => void): () => void {
  const subscription = liveQuery(listFavorites).subscribe({ next: onChange, error: onError });
  return () => subscription.unsubscribe();
}
