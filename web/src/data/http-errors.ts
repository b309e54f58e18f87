/**
 * The errors a request to the server ends in: an answer that is not OK (ApiError), no answer at all
 * (NetworkUnreachableError), a visitor's inquiry refused (InquiryRejectedError). Kept apart from http-client.ts so
 * features can check them with `instanceof` without pulling ky into their chunk.
 */
import type { ErrorResponse } from '@domain/schemas/common';

export type FieldErrorDetail = NonNullable<ErrorResponse['details']>[number];

/** The server answered with a non-OK status. `message` is the SPEC §8 text the UI shows as is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The body's `error` (unwrapped), or "HTTP error! status: {code}". */
  readonly serverMessage: string;
  /** Field errors of a 400 (`{ path, message }`), for forms to place next to their fields. */
  readonly details: FieldErrorDetail[] | undefined;
  /** The stored record of a 412, for the conflict view. */
  readonly current: unknown;
  /** Retry-After of a 429 or 503, in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    readonly status: number,
    options: { serverMessage?: string; details?: FieldErrorDetail[]; current?: unknown; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.serverMessage = options.serverMessage ?? message;
    this.details = options.details;
    this.current = options.current;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * The server could not be reached at all: offline, DNS, connection refused, or no answer within the timeout.
 * Distinct from ApiError so repositories can fall back to the local copy and the outbox can retry.
 */
export class NetworkUnreachableError extends Error {
  override readonly name = 'NetworkUnreachableError';
  constructor(
    readonly reason: 'offline' | 'timeout' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'timeout'
        ? 'The server did not answer in time'
        : reason === 'offline'
          ? 'This device is offline'
          : 'The server could not be reached',
      options,
    );
  }
}

/** A visitor's inquiry the server refused (400): the form shows `details` next to the fields. */
export class InquiryRejectedError extends Error {
  override readonly name = 'InquiryRejectedError';
  constructor(
    message: string,
    readonly status: number,
    readonly details: FieldErrorDetail[] = [],
  ) {
    super(message);
  }
}

/** True when the server itself cannot answer now (unreachable, timeout, 5xx): read paths fall back to the local copy. */
export function isServerUnavailable(error: unknown): boolean {
  if (error instanceof NetworkUnreachableError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429);
}
