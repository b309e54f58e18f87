/**
 * Kiosk passes: what lets one tablet sign open-house visitors in faster than the public contact limit allows.
 *
 * A pass is `<payload>.<signature>` (base64url), the payload naming the admin who started the kiosk, the community
 * and an expiry, signed with HMAC-SHA256 under a key derived from the server secret. It is deliberately not a JWT
 * signed with the admin-token key: a pass must never be accepted as an admin's bearer token.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** Long enough for a weekend of open houses plus the days a tablet may stay offline before it syncs. */
export const KIOSK_PASS_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export interface KioskPassClaims {
  /** This kiosk's id: sign-ins are counted per kiosk. */
  kioskId: string;
  adminId: string;
  communityId: string;
  /** Epoch ms. */
  expiresAt: number;
  /**
   * The admin's credential version when the pass was issued: a password change (which ends the admin's sessions)
   * ends the passes they issued too, the way to revoke a lost tablet's. Absent from passes issued before it existed.
   */
  adminVersion?: number;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export class KioskPassSigner {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A key of its own, so a pass and an admin token can never be swapped for one another.
    this.key = createHmac('sha256', serverSecret).update('kiosk-pass-v1').digest();
  }

  issue(
    admin: { id: string; version: number },
    communityId: string,
    now: number = Date.now(),
  ): { pass: string; claims: KioskPassClaims } {
    const claims: KioskPassClaims = {
      kioskId: randomUUID(),
      adminId: admin.id,
      communityId,
      expiresAt: now + KIOSK_PASS_LIFETIME_MS,
      adminVersion: admin.version,
    };
    const payload = base64url(JSON.stringify(claims));
    return { pass: `${payload}.${this.sign(payload)}`, claims };
  }

  /** The claims of a genuine, unexpired pass; null for anything else. */
  verify(pass: string, now: number = Date.now()): KioskPassClaims | null {
    const [payload, signature, extra] = pass.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: Partial<KioskPassClaims>;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<KioskPassClaims>;
    } catch {
      return null;
    }
    const wellFormed =
      typeof claims.kioskId === 'string' &&
      typeof claims.adminId === 'string' &&
      typeof claims.communityId === 'string' &&
      typeof claims.expiresAt === 'number' &&
      (claims.adminVersion === undefined || typeof claims.adminVersion === 'number');
    if (!wellFormed || claims.expiresAt! <= now) return null;
    return claims as KioskPassClaims;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
