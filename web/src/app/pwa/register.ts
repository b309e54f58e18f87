/**
 * Service worker registration and updates (DESIGN §5 "Service worker"), loaded after hydration. A new version
 * waits until the user picks Reload in the prompt, which is possible only while no form is dirty and no sync
 * drain runs; then the waiting worker is told to SKIP_WAITING and the page reloads once it takes control.
 */
import { createElement } from 'react';
import { Workbox } from 'workbox-window';
import { formDirtyRegistry } from '@/utils/dirty-forms';
import { mountIsland } from './mount';
import { createStore } from './store';
import { initialUpdateState, UpdatePrompt, updateBlocker, type UpdateState } from './update-prompt';

export const SW_URL = '/sw.js';
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** How often a page no worker controls yet tries the install again (a no-op while one is under way). */
const INSTALL_RETRY_MS = 20_000;

export const updateStore = createStore<UpdateState>({ ...initialUpdateState, dirty: formDirtyRegistry.anyDirty() });
formDirtyRegistry.subscribe(() => updateStore.set((state) => ({ ...state, dirty: formDirtyRegistry.anyDirty() })));

let workbox: Workbox | null = null;
let promptMounted = false;
/** A newer worker already controls this page (activated from another tab): reloading is all that is left. */
let takenOver = false;

/** Feeds the sync worker's status in (web/src/data/sync.ts subscribeSyncStatus). */
export function connectSyncStatus(subscribe: (listener: (status: { draining: boolean }) => void) => unknown): void {
  subscribe((status) => updateStore.set((state) => ({ ...state, draining: Boolean(status.draining) })));
}

function showPrompt(): void {
  updateStore.set((state) => ({ ...state, available: true, dismissed: false }));
  if (promptMounted) return;
  promptMounted = true;
  mountIsland(
    'pwa-update-prompt',
    createElement(UpdatePrompt, {
      store: updateStore,
      onReload: applyUpdate,
      onLater: () => updateStore.set((state) => ({ ...state, dismissed: true })),
    }),
  );
}

export function applyUpdate(): void {
  const state = updateStore.get();
  if (state.applying || updateBlocker(state)) return;
  updateStore.set({ ...state, applying: true });
  if (takenOver || !workbox) {
    window.location.reload();
    return;
  }
  workbox.messageSkipWaiting();
  // If 'controlling' never comes (the worker was already activated elsewhere), reload anyway.
  window.setTimeout(() => window.location.reload(), 4000);
}

/**
 * A first install that the network cut short (a phone losing signal while the app downloads, a kiosk tablet carried
 * out of the office) leaves the page with no worker until the next full page load, which a visitor browsing within
 * the app or a kiosk never makes: so while no worker controls the page, the install is tried again every
 * INSTALL_RETRY_MS and when the device comes online. Registering again while an install runs returns that one.
 */
function retryInstallUntilControlled(): void {
  const container = navigator.serviceWorker;
  if (container.controller) return;
  const retry = () => {
    if (container.controller || document.visibilityState !== 'visible') return;
    void container.register(SW_URL, { scope: '/' }).catch(() => undefined);
  };
  const timer = window.setInterval(retry, INSTALL_RETRY_MS);
  window.addEventListener('online', retry);
  container.addEventListener(
    'controllerchange',
    () => {
      window.clearInterval(timer);
      window.removeEventListener('online', retry);
    },
    { once: true },
  );
}

export async function registerServiceWorker(): Promise<Workbox | null> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  retryInstallUntilControlled();
  const wb = new Workbox(SW_URL, { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => showPrompt());
  // The first install also takes control of the page (clients.claim): that is not an update.
  let wasControlled = Boolean(navigator.serviceWorker.controller);
  wb.addEventListener('controlling', () => {
    if (updateStore.get().applying) {
      window.location.reload();
      return;
    }
    if (wasControlled) {
      takenOver = true;
      showPrompt();
    }
    wasControlled = true;
  });
  // Set up before the registration, which can fail (a page opened offline: Firefox rejects it then), and a kiosk
  // tab open for days must still look for updates once the network is back: a failed registration is tried again.
  let registered = false;
  const register = () => wb.register({ immediate: true }).then(() => (registered = true));
  window.setInterval(() => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    void (registered ? wb.update() : register()).catch(() => undefined);
  }, UPDATE_CHECK_MS);
  await wb.register();
  registered = true;
  return wb;
}
