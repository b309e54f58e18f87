/**
 * The JSON body parser, with a depth limit checked before JSON.parse (issue 13 item 5).
 *
 * A 0.9 MB body of `[[[…]]]` cost ~300 ms of JSON.parse (the event loop stalled for everyone) before any route
 * or rate limit saw it. No request this API takes nests deeper than a handful of levels, so a linear scan counts
 * the depth first (about 1 ms per MB; strings are skipped with indexOf) and a body nesting deeper than
 * MAX_JSON_DEPTH is a 400 at once. Everything else goes to Fastify's own parser (secure-json-parse, with its
 * prototype-poisoning checks), so size limits, empty bodies and malformed JSON answer as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error';

export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`;

/** Whether `text` opens more than `max` arrays or objects inside each other (brackets in strings do not count). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth -= 1;
    } else if (code === 0x22 /* " */) {
      // Jump to the closing quote: the first one not escaped by an odd run of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end === -1) return false; // unterminated: JSON.parse refuses it
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes += 1;
        if (backslashes % 2 === 0) break;
      }
      i = end;
    }
  }
  return false;
}

/** Fastify's own JSON parser, as `getDefaultJsonParser` returns it. */
type FastifyJsonParser = ReturnType<FastifyInstance['getDefaultJsonParser']>;
type CallbackParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void,
) => void;

/**
 * Fastify's JSON parser behind the depth check (register with `parseAs: 'string'`), as an async parser. Fastify
 * types its default parser as either a callback or a promise-returning function; it is the callback form today,
 * and a promise it might return instead is awaited, so either way every outcome settles the parse exactly once.
 */
export function depthLimitedJsonParser(defaultParser: FastifyJsonParser) {
  // Called with a callback; what it returns is checked for a promise below.
  const parse = defaultParser as CallbackParser;
  return (request: FastifyRequest, body: string): Promise<unknown> => {
    if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) return Promise.reject(new HttpError(400, TOO_DEEP_MESSAGE));
    // SPEC §7 gives every call a JSON content type and DELETEs no payload: a client that sets the header on each
    // call sends DELETE with it and an empty body, which is not an error. Other methods keep Fastify's 400.
    if (body === '' && request.method === 'DELETE') return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const returned: unknown = parse(request, body, (error, value) => (error ? reject(error) : resolve(value)));
      if (returned instanceof Promise) returned.then(resolve, reject);
    });
  };
}
