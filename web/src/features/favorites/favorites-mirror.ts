/**
 * The localStorage copy of the saved favourites: the store (favorites-store.ts) writes it whenever it has the
 * device's rows, and public pages read it before the store loads (use-saved-favorites.ts). Its own module so the
 * store and the hook do not import each other.
 */
import type { FavoriteRow } from '@/data/repositories/favorites-repository';

const MIRROR_KEY = 'favorites:rows';

/** The rows last published by the store on this device; [] when there are none or storage is blocked. */
export function readFavoritesMirror(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): FavoriteRow[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(MIRROR_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (row): row is FavoriteRow =>
            typeof row === 'object' && row !== null && typeof row.kind === 'string' && typeof row.id === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Called by the store whenever it has the device's rows. */
export function writeFavoritesMirror(
  rows: readonly FavoriteRow[],
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(MIRROR_KEY, JSON.stringify(rows));
  } catch {
    // Storage full or blocked: the buttons then wait for the store, as before the mirror existed.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
