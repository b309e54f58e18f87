import { describe, expect, it, vi } from 'vitest';
import { formDirtyRegistry } from '@/utils/dirty-forms';
import { isOfflinePackDue, OFFLINE_PACK_INTERVAL_MS, packOutcome } from './offline-pack-schedule';
import { packStoredText } from './offline-indicator';
import { updateBlocker } from './update-prompt';

describe('isOfflinePackDue', () => {
  const now = 1_700_000_000_000;
  it('runs when the pack was never stored', () => {
    expect(isOfflinePackDue(null, now)).toBe(true);
    expect(isOfflinePackDue(Number.NaN, now)).toBe(true);
  });
  it('runs at most once per 6 hours', () => {
    expect(isOfflinePackDue(now - 60_000, now)).toBe(false);
    expect(isOfflinePackDue(now - OFFLINE_PACK_INTERVAL_MS + 1, now)).toBe(false);
    expect(isOfflinePackDue(now - OFFLINE_PACK_INTERVAL_MS, now)).toBe(true);
  });
  it('runs again when the stamp is in the future (clock changed)', () => {
    expect(isOfflinePackDue(now + 60_000, now)).toBe(true);
  });
  it('runs again when the device no longer holds the pack (data cleared or evicted, the stamp kept)', () => {
    expect(isOfflinePackDue(now - 60_000, now, false)).toBe(true);
    expect(isOfflinePackDue(now - 60_000, now, true)).toBe(false);
  });
});

describe('updateBlocker', () => {
  it('lets the update through only with no dirty form and no sync drain', () => {
    expect(updateBlocker({ dirty: false, draining: false })).toBeNull();
    expect(updateBlocker({ dirty: true, draining: false })).toMatch(/save/i);
    expect(updateBlocker({ dirty: false, draining: true })).toMatch(/sync/i);
  });
});

describe('formDirtyRegistry', () => {
  it('tracks dirty forms by id and notifies on changes only', () => {
    const listener = vi.fn();
    const unsubscribe = formDirtyRegistry.subscribe(listener);
    expect(formDirtyRegistry.anyDirty()).toBe(false);
    formDirtyRegistry.markDirty('contact');
    formDirtyRegistry.markDirty('contact');
    formDirtyRegistry.markDirty('visit');
    expect(formDirtyRegistry.anyDirty()).toBe(true);
    formDirtyRegistry.markClean('contact');
    expect(formDirtyRegistry.anyDirty()).toBe(true);
    formDirtyRegistry.markClean('visit');
    formDirtyRegistry.markClean('visit');
    expect(formDirtyRegistry.anyDirty()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    formDirtyRegistry.markDirty('x');
    expect(listener).toHaveBeenCalledTimes(4);
    formDirtyRegistry.markClean('x');
  });
});

describe('a stored offline pack', () => {
  it('is stamped only when every photo reached the device, so missing photos are tried again on the next load', () => {
    expect(packOutcome({ failed: 0 }, true)).toEqual({ stamp: true, photosMissing: 0 });
    expect(packOutcome({ failed: 57 }, true)).toEqual({ stamp: false, photosMissing: 57 });
    // A worker that did not answer: again on the next load; a browser without workers: nothing to retry.
    expect(packOutcome(null, true)).toEqual({ stamp: false, photosMissing: 0 });
    expect(packOutcome(null, false)).toEqual({ stamp: true, photosMissing: 0 });
  });

  it('says how many photos are missing rather than "Available offline" alone', () => {
    expect(packStoredText(0)).toBe('Available offline');
    expect(packStoredText(1)).toBe('Available offline, but 1 photo could not be saved on this device');
    expect(packStoredText(57)).toBe('Available offline, but 57 photos could not be saved on this device');
  });
});
