/**
 * A tablet in kiosk mode stays on its kiosk: any page of the site opened on it (a typed address, a bookmark, a
 * restored tab) shows the kiosk instead. Runs in the entry before the router starts, so it is kept to a few lines
 * that read localStorage; the kiosk's own code loads only on /kiosk/*.
 */
import type { STORAGE_KEY_KIOSK_MODE } from '@domain/constants';

/** Spelled out rather than imported: the entry bundle stays free of the constants module (DESIGN §7). */
const KIOSK_MODE_KEY: typeof STORAGE_KEY_KIOSK_MODE = 'kioskMode';

/** The kiosk path this device is locked to when `pathname` is elsewhere; null when not in kiosk mode. */
export function lockedKioskPath(pathname: string): string | null {
  let slug: unknown;
  try {
    slug = (JSON.parse(localStorage.getItem(KIOSK_MODE_KEY) ?? 'null') as { communitySlug?: unknown } | null)
      ?.communitySlug;
  } catch {
    return null;
  }
  if (typeof slug !== 'string' || !slug) return null;
  const kioskPath = `/kiosk/${encodeURIComponent(slug)}`;
  return pathname === kioskPath ? null : kioskPath;
}
