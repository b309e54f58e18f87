import { describe, expect, it, vi } from 'vitest';
import { formDirtyRegistry } from '@/utils/dirty-forms';
import { isOfflinePackDue, OFFLINE_PACK_INTERVAL_MS } from './offline-pack-schedule';
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
