import type { ErrorResponse } from '../../domain';

/** An error a route throws to answer with a given status and message (handled by plugins/error-responses.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorResponse['details'],
    readonly headers: Record<string, string> = {},
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
