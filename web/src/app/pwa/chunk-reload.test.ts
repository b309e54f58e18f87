import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, decideOnChunkFailure, type ChunkReloadState } from './chunk-reload';

const build = 'https://example.test/assets/index-abc123.js';
const now = 1_700_000_000_000;
const state = (attempts: number, ago: number, buildId = build): ChunkReloadState => ({
  buildId,
  at: now - ago,
  attempts,
});

describe('decideOnChunkFailure', () => {
  it('reloads on a first failure', () => {
    expect(decideOnChunkFailure(null, now, true, build)).toBe('reload');
  });

  it('never reloads while offline: the route error shows instead', () => {
    expect(decideOnChunkFailure(null, now, false, build)).toBe('show-error');
    expect(decideOnChunkFailure(state(1, 1_000), now, false, build)).toBe('show-error');
  });

  it('clears the caches and reloads on a second failure within 30 s', () => {
    expect(decideOnChunkFailure(state(1, 1_000), now, true, build)).toBe('clear-caches-and-reload');
    expect(decideOnChunkFailure(state(1, CHUNK_RELOAD_WINDOW_MS), now, true, build)).toBe('clear-caches-and-reload');
  });

  it('shows the error page instead of looping after the caches were cleared', () => {
    expect(decideOnChunkFailure(state(2, 1_000), now, true, build)).toBe('show-error');
    expect(decideOnChunkFailure(state(5, 1_000), now, true, build)).toBe('show-error');
  });

  it('starts over once the 30 s window has passed', () => {
    expect(decideOnChunkFailure(state(1, CHUNK_RELOAD_WINDOW_MS + 1), now, true, build)).toBe('reload');
    expect(decideOnChunkFailure(state(2, CHUNK_RELOAD_WINDOW_MS + 1), now, true, build)).toBe('reload');
  });

  it('reloads once per build: a failure in another build starts over', () => {
    expect(decideOnChunkFailure(state(2, 1_000, 'https://example.test/assets/index-old.js'), now, true, build)).toBe(
      'reload',
    );
  });

  it('treats a clock that went backwards as within the window (no loop)', () => {
    expect(decideOnChunkFailure(state(1, -60_000), now, true, build)).toBe('clear-caches-and-reload');
    expect(decideOnChunkFailure(state(2, -60_000), now, true, build)).toBe('show-error');
  });
});

describe('handleChunkFailure clearing the caches', () => {
  it("spares the service worker's precache (the offline site), deleting only the runtime caches", async () => {
    const { handleChunkFailure } = await import('./chunk-reload');
    const buildId = new URL('./chunk-reload.ts', import.meta.url).href;
    const session = new Map([['chunk-reload', JSON.stringify({ buildId, at: Date.now(), attempts: 1 })]]);
    const deleted: string[] = [];
    let reloaded = false;
    const keys = ['workbox-precache-v2-http://127.0.0.1/', 'pages', 'images', 'offline-pack-images'];
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => session.set(key, value),
    });
    vi.stubGlobal('localStorage', { removeItem: () => undefined });
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('caches', {
      keys: async () => keys,
      delete: async (key: string) => deleted.push(key) > 0,
    });
    vi.stubGlobal('window', { caches: {}, location: { reload: () => (reloaded = true) } });
    try {
      expect(handleChunkFailure()).toBe('clear-caches-and-reload');
      await vi.waitFor(() => expect(reloaded).toBe(true));
      expect(deleted).toEqual(['pages', 'images', 'offline-pack-images']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
