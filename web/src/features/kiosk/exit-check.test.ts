import { describe, expect, it, vi } from 'vitest';
import type { ServerPasswordCheck } from '@/data/repositories/kiosk-repository';
import { hashPassword, verifyPassword, type PasswordHash } from '@/utils/password-hash';
import {
  checkExitPassword,
  EXIT_ATTEMPTS_KEY,
  EXIT_LOCK_MS,
  EXIT_NEEDS_NETWORK,
  EXIT_PASSWORD_REQUIRED,
  EXIT_TRIES_BEFORE_LOCK,
  ExitAttempts,
  WRONG_EXIT_PASSWORD,
} from './exit-check';

const PASSWORD = 'open-house-admin-1';
// Fewer iterations than the real 600,000 to keep the tests quick; the production default is tested below.
let storedHash: PasswordHash;
const mode = async () => {
  storedHash ??= await hashPassword(PASSWORD, 1_000);
  return { adminEmail: 'agent@example.com', passwordHash: storedHash };
};
const server = (answer: ServerPasswordCheck) => vi.fn(async () => answer);

describe('the PBKDF2 password hash', () => {
  it('keeps a salted hash, never the password, and verifies only the same password', { timeout: 30_000 }, async () => {
    // The production default once (each derivation takes a noticeable moment, by design).
    const production = await hashPassword(PASSWORD);
    expect(production.iterations).toBe(600_000);
    expect(await verifyPassword(PASSWORD, production)).toBe(true);
    const first = await hashPassword(PASSWORD, 1_000);
    expect(JSON.stringify(first)).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
    // A new salt each time: two hashes of the same password differ.
    const second = await hashPassword(PASSWORD, 1_000);
    expect(second.salt).not.toBe(first.salt);
    expect(second.hash).not.toBe(first.hash);
  });

  it('refuses a tampered record', async () => {
    const hash = await hashPassword(PASSWORD, 1_000);
    expect(await verifyPassword(PASSWORD, { ...hash, iterations: 0 })).toBe(false);
    expect(await verifyPassword(PASSWORD, { ...hash, iterations: 999 })).toBe(false);
  });
});

describe('the exit password check', () => {
  it('online, the server decides: right leaves (signed in), wrong is refused even if the old hash matches', async () => {
    const right = server({ outcome: 'right', admin: {} as never });
    expect(await checkExitPassword('anything', await mode(), { checkWithServer: right })).toEqual({
      ok: true,
      signedIn: true,
    });
    expect(right).toHaveBeenCalledWith('agent@example.com', 'anything');
    const wrong = server({ outcome: 'wrong', message: 'Invalid email or password' });
    expect(await checkExitPassword(PASSWORD, await mode(), { checkWithServer: wrong })).toEqual({
      ok: false,
      message: WRONG_EXIT_PASSWORD,
    });
  });

  it('when the server refuses to check (429, which wrong guesses cause), the hash kept on the device decides', async () => {
    const throttled = server({ outcome: 'throttled', message: 'Too many requests' });
    expect(await checkExitPassword(PASSWORD, await mode(), { checkWithServer: throttled })).toEqual({
      ok: true,
      signedIn: false,
    });
    expect(await checkExitPassword('guess', await mode(), { checkWithServer: throttled })).toEqual({
      ok: false,
      message: WRONG_EXIT_PASSWORD,
    });
    // Without a hash (no WebCrypto) the server's message is all there is to say.
    const noHash = { adminEmail: 'agent@example.com', passwordHash: null };
    expect(await checkExitPassword(PASSWORD, noHash, { checkWithServer: throttled })).toEqual({
      ok: false,
      message: 'Too many requests',
    });
  });

  it('offline, checks the hash kept on the device', async () => {
    const unreachable = server({ outcome: 'unreachable' });
    expect(await checkExitPassword(PASSWORD, await mode(), { checkWithServer: unreachable })).toEqual({
      ok: true,
      signedIn: false,
    });
    expect(await checkExitPassword('guess', await mode(), { checkWithServer: unreachable })).toEqual({
      ok: false,
      message: WRONG_EXIT_PASSWORD,
    });
  });

  it('offline without a hash (no WebCrypto), says the network is needed; an empty password is not sent', async () => {
    const unreachable = server({ outcome: 'unreachable' });
    const noHash = { adminEmail: 'agent@example.com', passwordHash: null };
    expect(await checkExitPassword(PASSWORD, noHash, { checkWithServer: unreachable })).toEqual({
      ok: false,
      message: EXIT_NEEDS_NETWORK,
    });
    const untouched = server({ outcome: 'right', admin: {} as never });
    expect(await checkExitPassword('', await mode(), { checkWithServer: untouched })).toEqual({
      ok: false,
      message: EXIT_PASSWORD_REQUIRED,
    });
    expect(untouched).not.toHaveBeenCalled();
  });

  it('locks after repeated wrong tries, longer each time, until a right one', () => {
    let now = 0;
    const attempts = new ExitAttempts(() => now);
    for (let index = 1; index < EXIT_TRIES_BEFORE_LOCK; index += 1) attempts.recordFailure();
    expect(attempts.lockRemainingMs()).toBe(0);
    attempts.recordFailure();
    expect(attempts.lockRemainingMs()).toBe(EXIT_LOCK_MS);
    now += EXIT_LOCK_MS;
    expect(attempts.lockRemainingMs()).toBe(0);
    attempts.recordFailure();
    expect(attempts.lockRemainingMs()).toBe(2 * EXIT_LOCK_MS);
    attempts.recordSuccess();
    expect(attempts.lockRemainingMs()).toBe(0);
  });

  it('keeps the count when the dialog is closed and opened again, or the page reloads', () => {
    let now = 0;
    const saved = new Map<string, string>();
    const store = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    };
    const first = new ExitAttempts(() => now, store);
    for (let index = 1; index < EXIT_TRIES_BEFORE_LOCK; index += 1) first.recordFailure();
    // A new count read back from the tab's storage, as after a reload: one more wrong try locks it.
    const second = new ExitAttempts(() => now, store);
    expect(second.lockRemainingMs()).toBe(0);
    second.recordFailure();
    expect(second.lockRemainingMs()).toBe(EXIT_LOCK_MS);
    now += 1_000;
    expect(new ExitAttempts(() => now, store).lockRemainingMs()).toBe(EXIT_LOCK_MS - 1_000);
    second.recordSuccess();
    expect(new ExitAttempts(() => now, store).lockRemainingMs()).toBe(0);
    // An unreadable record starts afresh.
    saved.set(EXIT_ATTEMPTS_KEY, '{not json');
    expect(new ExitAttempts(() => now, store).lockRemainingMs()).toBe(0);
  });
});
