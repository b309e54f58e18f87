/**
 * When a route's code fails to load (DESIGN §5 "Chunk failures", SPEC §2): usually a new build replaced the
 * chunks this page refers to. Reload once per build within 30 s; never while offline (the route error shows
 * instead); a second failure clears the service worker caches and reloads; a third shows the error page instead
 * of looping. Installed first thing in entry-client, so it is kept tiny.
 */
import { anyDirty } from '@/utils/dirty-forms';

export type ChunkFailureDecision = 'reload' | 'clear-caches-and-reload' | 'show-error';

/** What the last reloads did, kept in sessionStorage (per tab) across them. */
export interface ChunkReloadState {
  buildId: string;
  /** When the last reload for this failure began (ms). */
  at: number;
  /** 1 after the plain reload, 2 after clearing caches: the flag that stops the loop. */
  attempts: number;
}

export const CHUNK_RELOAD_WINDOW_MS = 30_000;
const STORAGE_KEY = 'chunk-reload';
/** The offline pack's last-run stamp (offline-pack-schedule.ts): dropped with the caches so the pack re-warms. */
const OFFLINE_PACK_KEY = 'pwa:offline-pack-at';
/** The entry chunk's URL carries its content hash, which changes with any chunk it imports: a build id for free. */
const BUILD_ID = import.meta.url;

export function decideOnChunkFailure(
  state: ChunkReloadState | null,
  now: number,
  online: boolean,
  buildId: string,
): ChunkFailureDecision {
  if (!online) return 'show-error';
  // A clock that went backwards counts as "within the window": never a reason to loop.
  if (!state || state.buildId !== buildId || now - state.at > CHUNK_RELOAD_WINDOW_MS) return 'reload';
  return state.attempts <= 1 ? 'clear-caches-and-reload' : 'show-error';
}

function readState(): ChunkReloadState | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as ChunkReloadState | null;
    return value && typeof value.at === 'number' && typeof value.attempts === 'number' ? value : null;
  } catch {
    return null;
  }
}

let reloading = false;

/**
 * Handles one chunk failure. `background` failures (vite:preloadError, which also fires for hover prefetches) do
 * not reload over a form with unsaved input; navigation failures (withChunkReload) do, as the page is gone anyway.
 */
export function handleChunkFailure(background = false): ChunkFailureDecision {
  if (reloading) return 'reload';
  const decision = decideOnChunkFailure(readState(), Date.now(), navigator.onLine, BUILD_ID);
  if (decision === 'show-error' || (background && anyDirty())) return 'show-error';
  reloading = true;
  const state: ChunkReloadState = { buildId: BUILD_ID, at: Date.now(), attempts: decision === 'reload' ? 1 : 2 };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage unavailable: reloading once is still better than a dead page
  }
  if (decision === 'reload') {
    window.location.reload();
  } else {
    try {
      localStorage.removeItem(OFFLINE_PACK_KEY);
    } catch {
      // ignore
    }
    // Not the service worker's precache: its files are named by their content, so it cannot hold a stale chunk,
    // and the worker never refills it before the next deploy: without it, the site stopped working offline.
    const cleared =
      'caches' in window
        ? caches
            .keys()
            .then((keys) =>
              Promise.all(keys.filter((key) => !key.startsWith('workbox-precache')).map((key) => caches.delete(key))),
            )
        : null;
    void Promise.resolve(cleared)
      .catch(() => undefined)
      .then(() => window.location.reload());
  }
  return decision;
}

/** Wraps a lazy route importer: a failed import triggers the guard, then rejects as before (the route error). */
export function withChunkReload<T>(importer: () => Promise<T>): () => Promise<T> {
  return () =>
    importer().catch((error: unknown) => {
      handleChunkFailure();
      throw error;
    });
}

export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', () => void handleChunkFailure(true));
}
