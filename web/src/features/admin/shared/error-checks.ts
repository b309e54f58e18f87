/**
 * What admin screens ask of a caught error: its text, its HTTP status, and its kind (session expired, version
 * conflict, server unreachable). The error classes themselves are the data layer's: data/http-errors.ts (HTTP client)
 * and data/repositories/admin/errors.ts (admin actions, save conflicts). Repositories throw Errors whose message is
 * already the SPEC §8 text.
 */
import { ApiError, isServerUnavailable } from '@/data/http-errors';
import { AdminActionError } from '@/data/repositories/admin/errors';

/** The error's own message, or `fallback` when it has none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** HTTP status of an ApiError or AdminActionError, when the server answered. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (error instanceof AdminActionError) return error.status;
  return undefined;
}

/** A 401: the HTTP client already cleared the session and the admin layout sends the user to login. */
export function isAuthError(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/** A 412: someone else changed the record since it was loaded. */
export function isConflictError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 412;
}

/** No usable answer (offline, timeout, 5xx, 429): nothing says the session or the input is wrong. */
export function isUnreachable(error: unknown): boolean {
  if (isServerUnavailable(error)) return true;
  if (error instanceof AdminActionError) {
    const status = error.status;
    return error.offline || (status !== undefined && (status >= 500 || status === 408 || status === 429));
  }
  return false;
}
