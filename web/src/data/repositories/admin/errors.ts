/**
 * The errors the admin repositories raise besides the HTTP client's ApiError and NetworkUnreachableError.
 *
 * - AdminActionError: an action that needs the server right now (login, password change, admin users, uploads,
 *   CSV export) did not happen. `message` is the text to show: the server's message, else the SPEC §8 fallback
 *   ("Login failed", "Failed to change password"...), or, when the server could not be reached, that fallback
 *   followed by why and what to do. `offline` tells the two apart.
 * - SaveConflictError: an online save was refused with 412 because someone else changed the record. The change
 *   is parked in the outbox as a conflict (`entryId`) for the admin to resolve (keep mine / take theirs).
 */
import { MESSAGES, httpErrorMessage, networkErrorMessage } from '@domain/messages';
import { ApiError, NetworkUnreachableError, type FieldErrorDetail } from '../../http-errors';

export interface AdminActionErrorOptions {
  status?: number;
  serverMessage?: string;
  details?: FieldErrorDetail[];
  offline?: boolean;
  cause?: unknown;
}

export class AdminActionError extends Error {
  override readonly name = 'AdminActionError';
  /** The HTTP status when the server answered; undefined when it could not be reached. */
  readonly status: number | undefined;
  /** The body's `error` (unwrapped) when the server gave one. */
  readonly serverMessage: string | undefined;
  /** Field errors of a 400, for the form. */
  readonly details: FieldErrorDetail[] | undefined;
  /** True when the server could not be reached (offline, refused, timeout): nothing was changed. */
  readonly offline: boolean;

  constructor(message: string, options: AdminActionErrorOptions = {}) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.details = options.details;
    this.offline = options.offline ?? false;
  }
}

/** A 412 on an online save: `current` is the server's record, `entryId` the parked outbox entry. */
export class SaveConflictError extends ApiError {
  constructor(
    readonly entryId: string,
    serverMessage: string,
    current: unknown,
  ) {
    super(networkErrorMessage(serverMessage), 412, { serverMessage, current });
  }
}

/** Why the server could not be reached, and what to do, in a sentence or two. */
export function unreachableSentence(error: NetworkUnreachableError): string {
  switch (error.reason) {
    case 'offline':
      return 'You are offline. Try again once the connection is back.';
    case 'timeout':
      return 'The server did not answer in time. Try again in a moment.';
    default:
      return 'The server could not be reached. Check the connection and try again.';
  }
}

/** The body's own message, or undefined when the client had to make one up ("HTTP error! status: N"). */
export function serverMessageOf(error: ApiError): string | undefined {
  const message = error.serverMessage;
  return message && message !== httpErrorMessage(error.status) ? message : undefined;
}

/**
 * Turns whatever an online-only action threw into an AdminActionError: a 401 keeps the HTTP client's text (SPEC
 * §8 "Authentication expired. Please login again." after it cleared the session, or the login's own message); another HTTP error gives the server's message or `fallback`;
 * no answer gives `offlineMessage`, or `fallback` followed by why.
 */
export function toAdminActionError(
  error: unknown,
  fallback: string,
  offlineMessage?: (error: NetworkUnreachableError) => string,
): AdminActionError {
  if (error instanceof AdminActionError) return error;
  if (error instanceof ApiError) {
    if (error.status === 401) {
      // The HTTP client's text: "Authentication expired..." (session cleared), or the login form's own message.
      return new AdminActionError(error.message || MESSAGES.authExpired, {
        status: 401,
        serverMessage: error.serverMessage,
        cause: error,
      });
    }
    const serverMessage = serverMessageOf(error);
    return new AdminActionError(serverMessage ?? fallback, {
      status: error.status,
      ...(serverMessage !== undefined ? { serverMessage } : {}),
      ...(error.details ? { details: error.details } : {}),
      cause: error,
    });
  }
  if (error instanceof NetworkUnreachableError) {
    const message = offlineMessage ? offlineMessage(error) : `${fallback}. ${unreachableSentence(error)}`;
    return new AdminActionError(message, { offline: true, cause: error });
  }
  return new AdminActionError(fallback, { cause: error });
}
