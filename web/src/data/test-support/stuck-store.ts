/**
 * Tests: an object store of the local database held by a transaction that never ends until released, as WebKit
 * leaves one when the page that ran it went away (data/storage-time-limit.ts). Every later transaction of the store
 * queues behind it. The transaction keeps itself alive as a page's would: one request after another.
 */
import { localDb, LOCAL_DB_NAME } from '../local-db';

export interface StuckStore {
  /** Ends the transaction: the queued ones run. */
  release(): Promise<void>;
}

export async function holdStore(storeName: string): Promise<StuckStore> {
  await localDb().open();
  const connection = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(LOCAL_DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  const transaction = connection.transaction(storeName, 'readwrite');
  const store = transaction.objectStore(storeName);
  let held = true;
  const spin = () => {
    if (held) store.get('stuck-store-probe').onsuccess = spin;
  };
  spin();
  const done = new Promise<void>((resolve) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => resolve();
  });
  return {
    release: async () => {
      held = false;
      await done;
      connection.close();
    },
  };
}
