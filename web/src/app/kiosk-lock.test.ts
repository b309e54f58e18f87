import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY_KIOSK_MODE } from '@domain/constants';
import { lockedKioskPath } from './kiosk-lock';

/** A localStorage for the node environment. */
const values = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => values.get(key) ?? null,
  setItem: (key: string, value: string) => void values.set(key, value),
  removeItem: (key: string) => void values.delete(key),
} as Storage;
afterEach(() => values.clear());

describe('kiosk lock', () => {
  it('leaves every page alone when the device is not a kiosk', () => {
    expect(lockedKioskPath('/communities')).toBeNull();
    expect(lockedKioskPath('/admin/login')).toBeNull();
  });

  it('sends every other page of a kiosk device to its kiosk', () => {
    values.set(STORAGE_KEY_KIOSK_MODE, JSON.stringify({ communitySlug: 'emberly' }));
    expect(lockedKioskPath('/communities')).toBe('/kiosk/emberly');
    expect(lockedKioskPath('/admin/contacts')).toBe('/kiosk/emberly');
    expect(lockedKioskPath('/kiosk/indigo')).toBe('/kiosk/emberly');
    expect(lockedKioskPath('/kiosk/emberly')).toBeNull();
  });

  it('ignores an unreadable stored value', () => {
    values.set(STORAGE_KEY_KIOSK_MODE, '{not json');
    expect(lockedKioskPath('/')).toBeNull();
    values.set(STORAGE_KEY_KIOSK_MODE, JSON.stringify({ communitySlug: 42 }));
    expect(lockedKioskPath('/')).toBeNull();
  });
});
