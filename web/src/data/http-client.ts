/**
 * The one HTTP client (DESIGN §5): a single ky instance with prefix /api, JSON, a timeout, the bearer token on
 * every non-public call, and the SPEC §8 error texts. Every request of the browser goes through here.
 *
 * ky never retries (`retry: 0`): a read is retried by falling back to IndexedDB, a write by the outbox, which
 * resends with the same Idempotency-Key. A ky-level retry of a PUT/DELETE would otherwise repeat a write
 * without the caller knowing.
 */
import ky, { type KyInstance } from 'ky';
import { CLIENT_TIME_HEADER } from '@domain/constants/leads';
import { MESSAGES, httpErrorMessage, networkErrorMessage } from '@domain/messages';
import { isCredentialCheckPath, isPublicPath, normaliseApiPath } from './api-paths';
import { ApiError, NetworkUnreachableError, type FieldErrorDetail } from './http-errors';
import { REACHABILITY_EVENT } from '@/utils/page-events';
import { clearSessionIfStill, getToken } from './session';

export { ApiError, NetworkUnreachableError } from './http-errors';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface HttpClientConfig {
  /** '/api' in the browser; an absolute URL such as http://127.0.0.1:PORT/api in Node tests. */
  baseUrl: string;
  timeoutMs: number;
  /** A fetch to use instead of the global one (tests). */
  fetch?: typeof fetch;
}

let config: HttpClientConfig = { baseUrl: '/api', timeoutMs: DEFAULT_TIMEOUT_MS };
let instance: KyInstance | undefined;

export function configureHttpClient(next: Partial<HttpClientConfig>): void {
  config = { ...config, ...next };
  instance = undefined;
}

function http(): KyInstance {
  instance ??= ky.create({
    prefixUrl: config.baseUrl,
    timeout: config.timeoutMs,
    retry: 0,
    // Non-OK answers are mapped below, in one place, instead of through ky's HTTPError.
    throwHttpErrors: false,
    headers: { accept: 'application/json' },
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  return instance;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  searchParams?: Record<string, string | number | boolean | undefined>;
  /** Overrides the default timeout (public reads use a short one to fall back quickly). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The token to send instead of the stored one (a logout ends its token after the session is cleared). */
  bearerToken?: string;
}

export interface SendOptions extends RequestOptions {
  /** Sent as `Idempotency-Key`: the server replays the first answer for a repeated key. */
  idempotencyKey?: string;
  /** Sent as `If-Match: "<version>"`: the server answers 412 with `current` when the record changed. */
  ifMatchVersion?: number;
}

/** Seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Reads an error answer's body as JSON without `.json()`: an empty or unreadable body is undefined. */
async function readJsonBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * An OK answer's body, which this API always sends as JSON (or none: 204). An OK answer of any other kind did not
 * come from it but from something on the way: a guest Wi-Fi's login page answers every request with 200 and its
 * HTML. Taking that for the server's word deleted queued leads as delivered while none had arrived; it is no
 * answer (NetworkUnreachableError through readAnswer), so a queued write stays and is sent again.
 */
/** This API answers in JSON, refusals included: an answer of another type came from something on the way. */
const isJsonAnswer = (response: Response): boolean =>
  /^application\/json\b/i.test(response.headers.get('content-type') ?? '');

async function readApiAnswer(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  if (!isJsonAnswer(response))
    throw new Error(`An answer of type ${response.headers.get('content-type') || 'none'} is not this API's`);
  return JSON.parse(await response.text());
}

/** SPEC §8 transport errors. */
async function toApiError(response: Response, path: string, sentToken: string | null): Promise<ApiError> {
  const body = (await readJsonBody(response).catch(() => undefined)) as
    | { error?: unknown; details?: unknown; current?: unknown }
    | undefined;
  const bodyError = typeof body?.error === 'string' && body.error ? body.error : undefined;
  if (response.status === 401) {
    if (isCredentialCheckPath(path)) {
      // Wrong email or password: the login form shows the server's message (SPEC §8 "Login failure").
      return new ApiError(bodyError ?? MESSAGES.loginFailed, 401, { serverMessage: bodyError ?? MESSAGES.loginFailed });
    }
    // Only the token this request carried is refused: a login since then (here or in another tab) stands.
    clearSessionIfStill(sentToken);
    return new ApiError(MESSAGES.authExpired, 401);
  }
  const serverMessage = bodyError ?? httpErrorMessage(response.status);
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return new ApiError(networkErrorMessage(serverMessage), response.status, {
    serverMessage,
    ...(Array.isArray(body?.details) ? { details: body.details as FieldErrorDetail[] } : {}),
    ...(body && typeof body === 'object' && 'current' in body ? { current: body.current } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

/**
 * Tells the page whether the server answered (REACHABILITY_EVENT, detail true or false): the offline pill follows
 * real requests, since a dead zone often leaves navigator.onLine true and fires no 'online' when it ends.
 */
function announceReachability(reachable: boolean): void {
  if (typeof window !== 'undefined' && typeof CustomEvent === 'function')
    window.dispatchEvent(new CustomEvent(REACHABILITY_EVENT, { detail: reachable }));
}

function isOffline(): boolean {
  // navigator.onLine === false is reliable (true is not): skip a request that cannot succeed.
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function request(
  method: HttpMethod,
  rawPath: string,
  options: SendOptions & { json?: unknown },
): Promise<Response> {
  const path = normaliseApiPath(rawPath);
  if (isOffline()) throw new NetworkUnreachableError('offline');
  const headers: Record<string, string> = {};
  const token = isPublicPath(path) ? null : (options.bearerToken ?? getToken());
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  // This device's clock as it sends: the server corrects a lead's time for a clock that is wrong.
  if (options.json !== undefined) headers[CLIENT_TIME_HEADER] = new Date().toISOString();
  if (options.ifMatchVersion !== undefined) headers['if-match'] = `"${options.ifMatchVersion}"`;
  const searchParams = options.searchParams
    ? Object.fromEntries(
        Object.entries(options.searchParams).filter((entry): entry is [string, string | number | boolean] => {
          return entry[1] !== undefined;
        }),
      )
    : undefined;

  let response: Response;
  try {
    response = await http()(path, {
      method,
      headers,
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(searchParams ? { searchParams } : {}),
      ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    // The caller's own abort is not a network failure.
    if (options.signal?.aborted) throw error;
    const reason = (error as Error | undefined)?.name === 'TimeoutError' ? 'timeout' : 'failed';
    announceReachability(false);
    throw new NetworkUnreachableError(reason, { cause: error });
  }
  if (isSomeoneElsesRefusal(response)) {
    announceReachability(false);
    throw new NetworkUnreachableError('failed');
  }
  // A gateway's 502-504 means our server was not reached either.
  announceReachability(response.status < 502 || response.status > 504);
  if (!response.ok) throw await toApiError(response, path, token);
  return response;
}

/** Refusals about the request's size: whoever answers them, sending the same request again cannot help. */
const SIZE_REFUSALS = new Set([413, 414, 431]);

/**
 * A 4xx this API did not send: every refusal of ours is JSON, so an HTML 403, 404 or 407 comes from something on
 * the way, such as a guest Wi-Fi's login page or a proxy. Taken for the server's word, it parked a visitor's queued
 * lead as refused for ever; as no answer, the lead stays queued and goes once the network lets it through (as
 * readApiAnswer does for such a page's 200).
 */
function isSomeoneElsesRefusal(response: Response): boolean {
  if (response.status < 400 || response.status > 499 || SIZE_REFUSALS.has(response.status)) return false;
  return !isJsonAnswer(response);
}

/**
 * Reads an OK answer's body. A body cut off on its way (the connection dropped after the headers) is no answer:
 * NetworkUnreachableError, as when nothing came, so callers treat it like an unreachable server (the stored session
 * stands, a queued write is sent again with its key), never like the server's word.
 */
async function readAnswer<T>(
  response: Response,
  read: (response: Response) => Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await read(response);
  } catch (error) {
    // The caller's own abort is not a network failure.
    if (signal?.aborted) throw error;
    announceReachability(false);
    throw new NetworkUnreachableError('failed', { cause: error });
  }
}

/** GET a JSON answer. Throws ApiError (non-OK) or NetworkUnreachableError (no answer, or only part of it). */
export async function getJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request('GET', path, options);
  return (await readAnswer(response, readApiAnswer, options.signal)) as T;
}

/** GET a text answer (for example the leads CSV export). */
export async function getText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await request('GET', path, options);
  return readAnswer(response, (answer) => answer.text(), options.signal);
}

/**
 * A write with a JSON body (none for DELETE): the answer's JSON, or undefined for 204.
 * Throws ApiError (non-OK, with status, details, current) or NetworkUnreachableError.
 */
export async function sendJson<T = unknown>(
  method: Exclude<HttpMethod, 'GET'>,
  path: string,
  body?: unknown,
  options: SendOptions = {},
): Promise<T> {
  const response = await request(method, path, { ...options, json: body });
  return (await readAnswer(response, readApiAnswer, options.signal)) as T;
}

