/**
 * The offline pack (DESIGN §5 "Offline pack"): after the first online load, at idle time, the data layer pulls
 * every community and listing into IndexedDB (refreshOfflinePack), the service worker warms the image cache with
 * their images (WARM_IMAGES), and persistent storage is requested. At most once per 6 hours per device.
 */
import { messageSW } from 'workbox-window';
import { createStore } from './store';

/** Also dropped by chunk-reload.ts when it clears the caches. */
export const OFFLINE_PACK_KEY = 'pwa:offline-pack-at';
export const OFFLINE_PACK_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Let the page settle first (and stay out of the way of first-load metrics). */
const START_DELAY_MS = 4000;
const WORKER_READY_TIMEOUT_MS = 30_000;
const WARM_TIMEOUT_MS = 5 * 60_000;

export interface WarmImagesResult {
  type: 'WARM_IMAGES_RESULT';
  requested: number;
  cached: number;
  alreadyCached: number;
  failed: number;
  skipped: number;
  error?: string;
}

export interface OfflineStatus {
  online: boolean;
  /** This page is the service worker's offline shell (the network failed or took over 3 s): saved content. */
  fromShell: boolean;
  pack: 'unknown' | 'working' | 'ready' | 'error';
  /** When this page stored a fresh pack (0: not in this page's life): the indicator says so for a moment. */
  storedAt: number;
  /** The last request found no server although the device says it is online (connection-watch.ts). */
  unreachable: boolean;
  /** When a visitor's queued inquiry, visit request or sign-in reached the server (0: none yet). */
  deliveredAt: number;
  /** Visitors' inquiries, visit requests and sign-ins kept on this device, not yet on the server. */
  waiting: number;
  /** Those the server refused after they were queued: kept on this device, never delivered on their own. */
  refused: number;
  /** Photos the last pack could not keep on this device (storage full, a failed download): said beside "Available offline". */
  photosMissing: number;
}

/** Set by sw/sw.ts on the shell it answers a navigation with when the network fails. */
const servedFromShell = () =>
  typeof document !== 'undefined' && document.querySelector('meta[name="offline-shell"]') !== null;

export const offlineStatus = createStore<OfflineStatus>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  fromShell: servedFromShell(),
  pack: 'unknown',
  storedAt: 0,
  unreachable: false,
  deliveredAt: 0,
  waiting: 0,
  refused: 0,
  photosMissing: 0,
});

/**
 * What a finished pack leaves: whether to stamp it (no new pack for 6 hours) and how many photos it lacks. A pack
 * whose photos did not all reach the device is not stamped, so the next online load tries them again (an agent's
 * tablet at an open house must not wait 6 hours with photos missing); without a worker that warmed them, likewise,
 * unless this browser has no service worker at all.
 */
export function packOutcome(
  warmed: Pick<WarmImagesResult, 'failed'> | null,
  workers: boolean,
): { stamp: boolean; photosMissing: number } {
  const photosMissing = warmed?.failed ?? 0;
  return { stamp: workers ? Boolean(warmed) && photosMissing === 0 : true, photosMissing };
}

/**
 * Whether to pull the pack now: never stored, older than 6 hours, stamped in the future (the clock changed), or
 * gone from the device although stamped (`onDevice` false: "Clear stored data", or the browser evicted IndexedDB
 * and not this stamp): without that, offline pages read "Not Found" for up to 6 hours.
 */
export function isOfflinePackDue(lastAt: number | null, now: number, onDevice = true): boolean {
  if (!onDevice || lastAt === null || !Number.isFinite(lastAt)) return true;
  return now - lastAt >= OFFLINE_PACK_INTERVAL_MS || now < lastAt;
}

function readStamp(): number | null {
  try {
    const raw = localStorage.getItem(OFFLINE_PACK_KEY);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

function writeStamp(at: number): void {
  try {
    localStorage.setItem(OFFLINE_PACK_KEY, String(at));
  } catch {
    // private mode with no storage: the pack simply runs again next time
  }
}

const timeout = <T>(ms: number, value: T) => new Promise<T>((resolve) => window.setTimeout(() => resolve(value), ms));

/** Asks the active service worker to cache the images; null when no worker is there to do it. */
async function warmImages(urls: string[]): Promise<WarmImagesResult | null> {
  const registration = await Promise.race([navigator.serviceWorker.ready, timeout(WORKER_READY_TIMEOUT_MS, null)]);
  if (!registration?.active) return null;
  const answer = (await Promise.race([
    messageSW(registration.active, { type: 'WARM_IMAGES', urls }),
    timeout(WARM_TIMEOUT_MS, null),
  ])) as WarmImagesResult | null;
  return answer && !answer.error ? answer : null;
}

let running: Promise<void> | null = null;

/** Whether the device still holds the pack the stamp speaks of (its own record in IndexedDB). */
async function packOnDevice(): Promise<boolean> {
  try {
    const { readMeta, META_KEYS } = await import('@/data/local-db');
    return (await readMeta(META_KEYS.offlinePackAt)) !== undefined;
  } catch {
    return true; // No IndexedDB here: pulling again would not help.
  }
}

export function runOfflinePackIfDue(): Promise<void> {
  if (running) return running;
  if (!navigator.onLine) return Promise.resolve();
  running = (async () => {
    if (!isOfflinePackDue(readStamp(), Date.now(), await packOnDevice())) {
      offlineStatus.set((status) => ({ ...status, pack: 'ready' }));
      return;
    }
    offlineStatus.set((status) => ({ ...status, pack: 'working' }));
    const { refreshOfflinePack, persistStorage } = await import('@/data/offline-pack');
    const pack = await refreshOfflinePack();
    const workers = 'serviceWorker' in navigator && !import.meta.env.DEV;
    const warmed = workers ? await warmImages(pack.imageUrls) : null;
    // Asked, not awaited: Firefox answers with a permission prompt, and the pack waited for the visitor's click (for
    // ever, for one who never saw it): no "Available offline", no stamp, the whole pack fetched on every load.
    void Promise.resolve(persistStorage()).catch(() => undefined);
    const { stamp, photosMissing } = packOutcome(warmed, workers);
    if (stamp) writeStamp(Date.now());
    offlineStatus.set((status) => ({
      ...status,
      pack: 'ready',
      storedAt: Date.now(),
      fromShell: false,
      photosMissing,
    }));
  })()
    .catch((error: unknown) => {
      console.warn('Offline pack failed; it is retried on the next online load', error);
      offlineStatus.set((status) => ({ ...status, pack: 'error' }));
    })
    .finally(() => {
      running = null;
    });
  return running;
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 10_000 });
  else window.setTimeout(task, 0);
}

export function scheduleOfflinePack(): void {
  window.addEventListener('online', () => {
    offlineStatus.set((status) => ({ ...status, online: true, fromShell: false, unreachable: false }));
    whenIdle(() => void runOfflinePackIfDue());
  });
  window.addEventListener('offline', () => offlineStatus.set((status) => ({ ...status, online: false })));
  offlineStatus.set((status) => ({ ...status, online: navigator.onLine }));
  window.setTimeout(() => whenIdle(() => void runOfflinePackIfDue()), START_DELAY_MS);
}
