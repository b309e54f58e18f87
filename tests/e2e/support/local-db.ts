/**
 * The app's IndexedDB as the device keeps it (web/src/data/local-db.ts), read or filled from a test inside the page:
 * the outbox, the pending uploads, the local copies of records, the `meta` rows.
 *
 * Every call opens the database without a version, runs one request and closes it again, so the app's own
 * connection is never blocked. A database the app has not created yet is not created here either (the open's
 * upgrade is aborted): the call then throws, or answers `ifMissing` when the caller gives one, since "no database
 * yet" must never pass for "an empty outbox" in a test that checks that nothing waits.
 */
import type { Page } from 'playwright-core';

/** The app's database name (LOCAL_DB_NAME in web/src/data/local-db.ts, which the tests do not import: Dexie). */
export const LOCAL_DB_NAME = 'houston-communities';

/** One request on one object store, or the record count of every store (`counts`). */
export type LocalRequest =
  | { store: string; op: 'get'; key: string | number }
  | { store: string; op: 'getAll' }
  | { store: string; op: 'count' }
  | { store: string; op: 'add'; rows: unknown[] }
  | { op: 'counts' };

type LocalAnswer = { found: false } | { found: true; value: unknown };

/**
 * Runs `request` on the app's IndexedDB in `page` and answers its result (`add`: undefined, once its transaction
 * has committed). Without the database or the store: `options.ifMissing` if given, else an error saying so.
 */
export async function localDb<T>(page: Page, request: LocalRequest, options?: { ifMissing: T }): Promise<T> {
  const answer = await page.evaluate(
    async ({ name, request }): Promise<LocalAnswer> => {
      const db = await new Promise<IDBDatabase | undefined>((resolve, reject) => {
        const open = indexedDB.open(name);
        // No database yet: abort the creation this open would start (the open then fails with an AbortError).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(undefined) : reject(open.error));
      });
      if (!db) return { found: false };
      const answerOf = (read: IDBRequest) =>
        new Promise<unknown>((resolve, reject) => {
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        });
      try {
        if (request.op === 'counts') {
          const counts: Record<string, unknown> = {};
          for (const store of Array.from(db.objectStoreNames)) {
            counts[store] = await answerOf(db.transaction(store, 'readonly').objectStore(store).count());
          }
          return { found: true, value: counts };
        }
        if (!db.objectStoreNames.contains(request.store)) return { found: false };
        const transaction = db.transaction(request.store, request.op === 'add' ? 'readwrite' : 'readonly');
        const store = transaction.objectStore(request.store);
        if (request.op === 'add') {
          for (const row of request.rows) store.add(row);
          await new Promise<void>((resolve, reject) => {
            transaction.oncomplete = () => resolve();
            transaction.onerror = () => reject(transaction.error);
          });
          return { found: true, value: undefined };
        }
        const read: IDBRequest =
          request.op === 'get' ? store.get(request.key) : request.op === 'getAll' ? store.getAll() : store.count();
        return { found: true, value: await answerOf(read) };
      } finally {
        db.close();
      }
    },
    { name: LOCAL_DB_NAME, request },
  );
  if (answer.found) return answer.value as T;
  if (options) return options.ifMissing;
  const what = request.op === 'counts' ? 'database' : `"${request.store}" store`;
  throw new Error(`The app's IndexedDB (${LOCAL_DB_NAME}) has no ${what} in this page yet`);
}

/** Record counts per object store, or null while the database does not exist. */
export function localCounts(page: Page): Promise<Record<string, number> | null> {
  return localDb<Record<string, number> | null>(page, { op: 'counts' }, { ifMissing: null });
}

/** The value of a row of the app's `meta` store, or undefined (no such row, or no database yet). */
export async function localMeta(page: Page, key: string): Promise<unknown> {
  const row = await localDb<{ value?: unknown } | undefined>(
    page,
    { store: 'meta', op: 'get', key },
    { ifMissing: undefined },
  );
  return row?.value;
}
