/**
 * Ending kiosk mode takes the password of the admin who started it. Online the server decides (the login call,
 * rate-limited and audited there); when the server cannot be reached, or refuses to check for now (its rate
 * limit), the tablet compares with the salted PBKDF2 hash it kept at the start (utils/password-hash.ts). A right
 * answer online wins over the local hash, so a password changed since counts. Repeated wrong tries lock the
 * dialog for a while, as the server would.
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
  // Unreachable, or refusing to check for now (a 429, which a visitor's wrong guesses at this dialog can cause):
  // the hash on the device decides, else anyone could keep the admin from leaving for the server's whole window.
  if (!mode.passwordHash) {
    return { ok: false, message: server.outcome === 'throttled' ? server.message : EXIT_NEEDS_NETWORK };
  }
  const matches = await (deps.verifyLocal ?? verifyPassword)(password, mode.passwordHash);
  return matches ? { ok: true, signedIn: false } : { ok: false, message: WRONG_EXIT_PASSWORD };
}

/** Where this tab keeps the wrong tries (sessionStorage), so that a reload does not start them over. */
export const EXIT_ATTEMPTS_KEY = 'kioskExitAttempts';

type AttemptsStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStorage(): AttemptsStore | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null;
  }
}

/**
 * Counts wrong tries on this tablet and says how long the dialog stays locked. Kept outside the dialog (closing
 * it and opening it again must not clear the count) and in `store`, read back on creation.
 */
export class ExitAttempts {
  private failures = 0;
  private lockedUntil = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly store: AttemptsStore | null = tabStorage(),
  ) {
    try {
      const saved = JSON.parse(store?.getItem(EXIT_ATTEMPTS_KEY) ?? 'null') as {
        failures?: unknown;
        lockedUntil?: unknown;
      } | null;
      if (typeof saved?.failures === 'number' && typeof saved.lockedUntil === 'number') {
        this.failures = saved.failures;
        this.lockedUntil = saved.lockedUntil;
      }
    } catch {
      // Unreadable: start counting afresh.
    }
  }

  /** Milliseconds until another try is allowed (0: now). */
  lockRemainingMs(): number {
    return Math.max(0, this.lockedUntil - this.now());
  }

  recordFailure(): void {
    this.failures += 1;
    const overLimit = this.failures - EXIT_TRIES_BEFORE_LOCK;
    if (overLimit >= 0) this.lockedUntil = this.now() + EXIT_LOCK_MS * 2 ** overLimit;
    try {
      this.store?.setItem(
        EXIT_ATTEMPTS_KEY,
        JSON.stringify({ failures: this.failures, lockedUntil: this.lockedUntil }),
      );
    } catch {
      // Storage full or disabled: the count still holds for as long as this page lives.
    }
  }

  recordSuccess(): void {
    this.failures = 0;
    this.lockedUntil = 0;
    try {
      this.store?.removeItem(EXIT_ATTEMPTS_KEY);
    } catch {
      // As above.
    }
  }
}
