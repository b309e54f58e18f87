/**
 * The localStorage copy of the saved favourites: the storage code (favorites-persistence.ts) writes it whenever
 * it has the device's rows, and the store (favorites-store.ts) reads it on the next page, before that code has
 * loaded. Its own module because both use it and the store must not load the storage code to read it.
 */
import type { FavoriteRow } from '@/data/repositories/favorites-repository';

const MIRROR_KEY = 'favorites:rows';

/** The rows last written on this device; [] when there are none or storage is blocked. */
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

/** Called whenever the device's rows are known. */
export function writeFavoritesMirror(
  rows: readonly FavoriteRow[],
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(MIRROR_KEY, JSON.stringify(rows));
  } catch {
    // Storage full or blocked: the buttons then wait for the storage code, as before the mirror existed.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
