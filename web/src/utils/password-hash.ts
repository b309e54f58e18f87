/**
 * The offline check of the admin password that ends kiosk mode. The tablet never keeps the password: only a
 * PBKDF2-SHA-256 hash of it with a random 16-byte salt (WebCrypto), compared in constant time. Online, the server
 * decides instead (features/kiosk/exit-check.ts); this copy lets an admin end kiosk mode where the open house has no network.
 *
 * WebCrypto's subtle API exists only in secure contexts (https, localhost): without it no hash is kept and ending
 * kiosk mode needs the network.
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256; about half a second on a mid-range tablet, once per check. */
export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordHash {
  algorithm: 'PBKDF2-SHA-256';
  iterations: number;
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export function canHashPasswords(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.deriveBits === 'function';
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations: number = PBKDF2_ITERATIONS): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { algorithm: 'PBKDF2-SHA-256', iterations, salt: toBase64(salt), hash: toBase64(hash) };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  if (stored.algorithm !== 'PBKDF2-SHA-256' || !Number.isInteger(stored.iterations) || stored.iterations < 1) {
    return false;
  }
  const expected = fromBase64(stored.hash);
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  if (actual.length !== expected.length) return false;
  // Constant time: the loop never stops early on the first differing byte.
  let difference = 0;
  for (let index = 0; index < actual.length; index += 1) difference |= actual[index]! ^ expected[index]!;
  return difference === 0;
}
