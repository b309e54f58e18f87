/** Pure helpers about API paths (relative to /api), shared by the HTTP client and the outbox policy. */

/** `'/public/x'` and `'public/x'` both become `'public/x'`: ky's prefixUrl wants no leading slash. */
export function normaliseApiPath(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * Calls that never carry the bearer token (SPEC §6, §7 "Public"): /public/* and the contact page's /contact.
 * Outbox entries for these paths also need no login to be delivered.
 */
export function isPublicPath(path: string): boolean {
  const bare = normaliseApiPath(path).split(/[?#]/, 1)[0]!;
  return bare.startsWith('public/') || bare === 'public' || bare === 'contact';
}

/** Login answers 401 for wrong credentials: that is the form's error, not an expired session (SPEC §8 "Login failure"). */
export function isCredentialCheckPath(path: string): boolean {
  return normaliseApiPath(path).split(/[?#]/, 1)[0] === 'admin/login';
}
