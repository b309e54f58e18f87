/**
 * One error shape for every failure (DESIGN §4 "Errors"): `{ error, details? }`, with the right status and
 * never internals. Also installs zod as the request validator, so route schemas are the domain's schemas.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError, type ZodType } from 'zod';
import { MESSAGES, type ErrorResponse } from '../../domain';
import { NotFoundError, StorageUnavailableError, UniqueViolationError, VersionConflictError } from '../storage/storage';
import { HttpError } from '../http/http-error';

/** Turns zod issues into `{ path, message }` pairs a form can place next to its fields. */
export function zodDetails(error: ZodError): NonNullable<ErrorResponse['details']> {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function isZodSchema(schema: unknown): schema is ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  // Request schemas are zod schemas: parse (with defaults and transforms) instead of JSON-schema checks.
  app.setValidatorCompiler(({ schema }) => {
    if (!isZodSchema(schema)) throw new Error('Route schemas must be zod schemas');
    return (data: unknown) => {
      const result = schema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  });
  // Response schemas document the answers and are checked in tests (tests/support/api.ts); serialising
  // through them on every request would cost time for nothing the tests do not already prove.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.decorate('renderHtmlNotFound', null);
  app.setNotFoundHandler(async (request, reply) => {
    // HEAD like GET (Fastify sends no body): link checkers probe with HEAD, and /favorites must not look broken.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && app.renderHtmlNotFound) return app.renderHtmlNotFound(request, reply);
    return reply.code(404).send({ error: MESSAGES.notFound } satisfies ErrorResponse);
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const send = (status: number, body: ErrorResponse, headers: Record<string, string> = {}) => {
      reply.code(status).headers(headers).send(body);
    };
    if (error instanceof ZodError) {
      return send(400, { error: MESSAGES.invalidInput, details: zodDetails(error) });
    }
    if (error instanceof HttpError) {
      return send(
        error.statusCode,
        {
          error: error.message,
          ...(error.details ? { details: error.details } : {}),
          ...(error.current !== undefined ? { current: error.current } : {}),
        },
        error.headers,
      );
    }
    if (error instanceof NotFoundError) return send(404, { error: MESSAGES.notFound });
    if (error instanceof VersionConflictError)
      return send(412, { error: MESSAGES.versionConflict, current: error.current });
    if (error instanceof UniqueViolationError) {
      return send(409, {
        error: `A record with this ${error.field} already exists`,
        details: [{ path: error.field, message: 'Already in use' }],
      });
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error }, 'storage unavailable');
      return send(503, { error: MESSAGES.storageUnavailable }, { 'Retry-After': '30' });
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors: malformed JSON (400), body too large (413), wrong media type (415)...
      const messages: Record<number, string> = {
        413: 'The request body is too large.',
        415: 'Unsupported content type. Send JSON (application/json).',
      };
      return send(statusCode, { error: messages[statusCode] ?? error.message });
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error');
    return send(500, { error: MESSAGES.internalError });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
