/**
 * Where the favourites are kept, behind the store (favorites-store.ts, the only module that loads this one): the
 * device's IndexedDB table (data/repositories/favorites-repository.ts, through Dexie), and the localStorage copy
 * of its rows (favorites-mirror.ts) that the store shows on the next page before this code has loaded.
 */
import {
  favoriteKey,
  removeFavorite,
  saveFavorite,
  toggleFavorite,
  watchFavorites,
  type FavoriteItem,
  type FavoriteRow,
} from '@/data/repositories/favorites-repository';
import { StorageTimeLimitError, withinStorageTimeLimit } from '@/data/storage-time-limit';
import { STORAGE_BLOCKED_MESSAGE } from './favorites-messages';
import { readFavoritesMirror, writeFavoritesMirror } from './favorites-mirror';

type StoredState = { status: 'ready' | 'unavailable' | 'stuck'; rows: FavoriteRow[]; notice?: string };

/**
 * The keys of the favourites last handed to the store, which its buttons show (undefined before the first read).
 * A press does what its button says: when the device's table and the page disagree (another tab cleared the
 * site's data, a read failed), flipping what is stored would remove a home the visitor just pressed to save.
 */
let shownKeys: Set<string> | undefined;

/** How long /favorites waits for the device's first answer before it says the storage is not answering. */
export const FAVORITES_READ_TIME_LIMIT_MS = 4_000;

/**
 * The device's storage has not answered /favorites in time; the list below it is the copy the last page left,
 * which may miss a change made since.
 */
export const STORAGE_NOT_ANSWERING_MESSAGE =
  "This device's storage is not answering, so this list may not show your latest changes. Close the browser completely and open it again to see them.";

/**
 * Hands the store the device's favourites now and after every change, in any tab (Dexie's liveQuery). When the
 * device's storage gives no first answer within `firstAnswerLimitMs` (WebKit can leave it stuck until the browser
 * restarts: data/storage-time-limit.ts), 'stuck' with the localStorage copy the last page left, rather than
 * "Loading your favorites..." for as long as the browser stays open; the watch goes on, and 'ready' follows if the
 * storage answers after all.
 */
export function watchStoredFavorites(
  publish: (state: StoredState) => void,
  firstAnswerLimitMs: number = FAVORITES_READ_TIME_LIMIT_MS,
): void {
  let answered = false;
  const stuckTimer = setTimeout(() => {
    if (answered) return;
    const rows = readFavoritesMirror();
    // What the buttons show is the copy: a press does what its button says (see shownKeys).
    shownKeys = new Set(rows.map((row) => row.key));
    publish({ status: 'stuck', rows, notice: STORAGE_NOT_ANSWERING_MESSAGE });
  }, firstAnswerLimitMs);
  const firstAnswer = () => {
    answered = true;
    clearTimeout(stuckTimer);
  };
  watchFavorites(
    (rows) => {
      firstAnswer();
      writeFavoritesMirror(rows);
      shownKeys = new Set(rows.map((row) => row.key));
      publish({ status: 'ready', rows });
    },
    () => {
      firstAnswer();
      shownKeys = new Set();
      publish({ status: 'unavailable', rows: [] });
    },
  );
}

/** A device out of space: the advice is to free some, not to allow site data. Here, with the storage code. */
export const STORAGE_FULL_MESSAGE = 'This device is out of storage space. Free some space and try again.';

/** Whether IndexedDB refused for lack of space (Dexie passes the browser's error on, or wraps it as `inner`). */
const outOfSpace = (error: unknown): boolean =>
  [error, (error as { inner?: unknown } | null)?.inner].some(
    (candidate) => (candidate as { name?: unknown } | null)?.name === 'QuotaExceededError',
  );

/**
 * A device whose storage stopped answering (data/storage-time-limit.ts: WebKit can leave a site's database stuck
 * until the browser restarts). What helps is a restart, so that is what the visitor is told.
 */
export const STORAGE_STUCK_MESSAGE =
  'This device did not save it in time. Close the browser completely, open it again and try again.';

/** How long a press waits for the device's answer; a write takes milliseconds. */
export const FAVORITE_WRITE_TIME_LIMIT_MS = 3_000;

const refusal = (error: unknown): string =>
  error instanceof StorageTimeLimitError
    ? STORAGE_STUCK_MESSAGE
    : outOfSpace(error)
      ? STORAGE_FULL_MESSAGE
      : STORAGE_BLOCKED_MESSAGE;

const answer = (write: Promise<unknown>, limitMs: number): Promise<string | null> =>
  withinStorageTimeLimit(write, limitMs, 'storing a favourite').then(() => null, refusal);

/** Resolves null, or the visitor's words when this device refuses to store favourites. */
export function toggleStoredFavorite(
  item: FavoriteItem,
  limitMs: number = FAVORITE_WRITE_TIME_LIMIT_MS,
): Promise<string | null> {
  const shownSaved = shownKeys?.has(favoriteKey(item.kind, item.id));
  const write =
    shownSaved === undefined
      ? toggleFavorite(item)
      : shownSaved
        ? removeFavorite(item.kind, item.id)
        : saveFavorite(item);
  return answer(write, limitMs);
}

export const removeStoredFavorite = (item: Pick<FavoriteItem, 'kind' | 'id'>): Promise<string | null> =>
  answer(removeFavorite(item.kind, item.id), FAVORITE_WRITE_TIME_LIMIT_MS);
