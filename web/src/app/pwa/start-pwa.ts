/**
 * Everything PWA that runs in the page, started by entry-client after hydration (a dynamic import, so none of it
 * is in the first load's JS): the offline indicator and what it watches, service worker registration and updates,
 * the sync worker (web/src/data/sync.ts) and the offline pack.
 */
import { createElement } from 'react';
import { watchConnection } from './connection-watch';
import { mountIsland } from './mount';
import { OfflineIndicator } from './offline-indicator';
import { offlineStatus, scheduleOfflinePack } from './offline-pack-schedule';
import { connectSyncStatus, registerServiceWorker } from './register';

let started = false;

export function startPwa(): void {
  if (started) return;
  started = true;
  mountIsland('pwa-offline-indicator', createElement(OfflineIndicator, { store: offlineStatus }));
  watchConnection(offlineStatus);
  void registerServiceWorker().catch((error: unknown) => console.warn('Service worker registration failed', error));
  void import('@/data/sync')
    .then(({ startSyncWorker, subscribeSyncStatus }) => {
      connectSyncStatus(subscribeSyncStatus);
      void startSyncWorker();
    })
    .catch((error: unknown) => console.warn('Sync worker did not start', error));
  scheduleOfflinePack();
}
