/**
 * Turns a failed save or delete into what a form shows: field errors keyed by the server's detail path (the same
 * dotted path zod gives on the client, e.g. `name`, `theme.primaryColor`, `homes.0.name`), one form-level message,
 * and whether it was a 412 version conflict (shown as a link to the Sync page instead of a message).
 */
import type { ZodError } from 'zod';
import { ApiError } from '@/data/http-errors';

export type FieldErrors = Record<string, string>;

export interface SaveFailure {
  /** 412: someone else changed the record since this form loaded it. */
  conflict: boolean;
  /** Form-level text; empty for a conflict. */
  message: string;
  fieldErrors: FieldErrors;
}

export const CONFLICT_MESSAGE = 'Someone else changed this record.';

/**
 * `fallback` is used when the error carries no server text. With `fixedMessage` the form always shows the
 * fallback (the properties page has one fixed text per SPEC §8), still placing the field details.
 */
export function describeSaveError(
  error: unknown,
  fallback: string,
  {
    fixedMessage = false,
    isKnownPath = () => true,
  }: { fixedMessage?: boolean; isKnownPath?: (path: string) => boolean } = {},
): SaveFailure {
  if (!(error instanceof ApiError)) return { conflict: false, message: fallback, fieldErrors: {} };
  if (error.status === 412) return { conflict: true, message: '', fieldErrors: {} };
  const fieldErrors: FieldErrors = {};
  const unplaced: string[] = [];
  for (const detail of error.details ?? []) {
    if (detail.path && isKnownPath(detail.path)) fieldErrors[detail.path] ??= detail.message;
    else unplaced.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message);
  }
  const base = fixedMessage ? fallback : error.serverMessage || fallback;
  const message = unplaced.length ? `${base} (${unplaced.join('; ')})` : base;
  return { conflict: false, message, fieldErrors };
}

/** Field errors from a zod parse, keyed by dotted path; the first message per field wins. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** The server's text of a failed delete (e.g. the 409 "This community still has 3 listings…"), if any. */
export function serverText(error: unknown): string | undefined {
  return error instanceof ApiError && error.status !== 412 && error.status !== 401 ? error.serverMessage : undefined;
}

export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 412;
