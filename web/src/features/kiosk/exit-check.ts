/**
 * Ending kiosk mode takes the password of the admin who started it. Online the server decides (the login call,
 * rate-limited and audited there); when the server cannot be reached the tablet compares with the salted PBKDF2
 * hash it kept at the start (utils/password-hash.ts). A right answer online wins over the local hash, so a
 * password changed since counts. Repeated wrong tries lock the dialog for a while, as the server would.
 */
import type { KioskMode, ServerPasswordCheck } from '@/data/repositories/kiosk-repository';
import { verifyPassword, type PasswordHash } from '@/utils/password-hash';

export const WRONG_EXIT_PASSWORD = 'Wrong password. Ask the admin who started kiosk mode.';
export const EXIT_PASSWORD_REQUIRED = 'Enter the admin password to leave kiosk mode.';
export const EXIT_NEEDS_NETWORK =
  'This device cannot check the password offline. Connect to the internet and try again.';
/** Wrong tries allowed before the dialog locks, and the first lock (doubling after each further wrong try). */
export const EXIT_TRIES_BEFORE_LOCK = 5;
export const EXIT_LOCK_MS = 30_000;

export type ExitCheckResult = { ok: true; signedIn: boolean } | { ok: false; message: string };

export interface ExitCheckDeps {
  checkWithServer: (email: string, password: string) => Promise<ServerPasswordCheck>;
  verifyLocal?: (password: string, hash: PasswordHash) => Promise<boolean>;
}

export async function checkExitPassword(
  password: string,
  mode: Pick<KioskMode, 'adminEmail' | 'passwordHash'>,
  deps: ExitCheckDeps,
): Promise<ExitCheckResult> {
  if (!password) return { ok: false, message: EXIT_PASSWORD_REQUIRED };
  const server = await deps.checkWithServer(mode.adminEmail, password);
  if (server.outcome === 'right') return { ok: true, signedIn: true };
  if (server.outcome === 'wrong') return { ok: false, message: WRONG_EXIT_PASSWORD };
  if (server.outcome === 'throttled') return { ok: false, message: server.message };
  if (!mode.passwordHash) return { ok: false, message: EXIT_NEEDS_NETWORK };
  const matches = await (deps.verifyLocal ?? verifyPassword)(password, mode.passwordHash);
  return matches ? { ok: true, signedIn: false } : { ok: false, message: WRONG_EXIT_PASSWORD };
}

/** Counts wrong tries on this screen and says how long the dialog stays locked. */
export class ExitAttempts {
  private failures = 0;
  private lockedUntil = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds until another try is allowed (0: now). */
  lockRemainingMs(): number {
    return Math.max(0, this.lockedUntil - this.now());
  }

  recordFailure(): void {
    this.failures += 1;
    const overLimit = this.failures - EXIT_TRIES_BEFORE_LOCK;
    if (overLimit >= 0) this.lockedUntil = this.now() + EXIT_LOCK_MS * 2 ** overLimit;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.lockedUntil = 0;
  }
}
