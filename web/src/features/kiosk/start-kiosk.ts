/**
 * Starting kiosk mode on this device: a signed-in admin (or one who signs in on the start form) confirms their
 * password; the server hands out a pass for the community (which proves the password right), the tablet keeps a
 * salted hash of the password for the offline exit check, and the admin is signed out of this device.
 */
import type { Community } from '@domain/schemas/community';
import {
  readKioskMode,
  requestKioskPass,
  saveKioskMode,
  signOutForKiosk,
  type KioskMode,
} from '@/data/repositories/kiosk-repository';
import { persistStorage } from '@/data/offline-pack';
import { canHashPasswords, hashPassword } from '@/utils/password-hash';

export async function startKioskMode(
  community: Pick<Community, 'id' | 'slug' | 'name'>,
  email: string,
  password: string,
): Promise<KioskMode> {
  const pass = await requestKioskPass(email, password, community.id);
  const mode: KioskMode = {
    communityId: pass.communityId,
    communitySlug: community.slug,
    communityName: community.name,
    pass: pass.pass,
    passExpiresAt: pass.expiresAt,
    adminEmail: email.trim().toLowerCase(),
    passwordHash: canHashPasswords() ? await hashPassword(password) : null,
    startedAt: new Date().toISOString(),
  };
  saveKioskMode(mode);
  // A kiosk tablet is where sign-ins wait longest without signal (an open house, then a drive, then a weekend): ask
  // the browser not to evict its storage (DESIGN §5 asks after an admin login, which starting the kiosk is). Not
  // awaited: Firefox answers with a prompt.
  void persistStorage();
  await signOutForKiosk();
  return mode;
}

/** The kiosk mode this device is in, if it is for `community` (by id or slug). */
export function kioskModeFor(community: Pick<Community, 'id' | 'slug'>): KioskMode | null {
  const mode = readKioskMode();
  return mode && (mode.communityId === community.id || mode.communitySlug === community.slug) ? mode : null;
}
