/**
 * Support for the property-based hostile-input tests (api/routes/hostile-input.test.ts):
 * - the app's routes, read from Fastify itself (printRoutes), so a route added later is attacked automatically;
 * - fast-check generators for hostile path parameters, query strings, headers and bodies;
 * - a storage snapshot that proves a rejected request stored nothing, and a storage wrapper whose writes can be
 *   made to fail (the only case where a 5xx, a 503, is an acceptable answer).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SITE_SETTINGS } from '../../domain';
import {
  COLLECTION_NAMES,
  StorageUnavailableError,
  type AuditEntry,
  type CollectionName,
  type Storage,
} from '../../api/storage/storage';
import { PASSWORD_CHECK_ACTIONS } from '../../api/security/password-attempts';
import { communityBody, contactBody, listingBody, propertyBody } from './api';

// ---- routes --------------------------------------------------------------------------------------------------

export interface AppRoute {
  method: string;
  /** The route pattern, e.g. /api/listings/:id or /* */
  url: string;
}

/**
 * Every method + URL pattern the app serves, parsed from `app.printRoutes({ commonPrefix: false })`. That output
 * is a tree whose lines are `<indent><├── |└── ><segment> (<METHODS>)`, each level indented by 4 characters;
 * a route's URL is its segment appended to its ancestors' segments.
 */
export function listRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('').replace(/^\/*/, '/');
    for (const method of (match[3] ?? '').split(',').map((name) => name.trim())) {
      if (method) routes.push({ method, url });
    }
  }
  return routes;
}

// ---- storage -------------------------------------------------------------------------------------------------

/**
 * What storage holds, by reference: records are deep-frozen and replaced (never mutated) on change, so "same
 * array of the same objects" means "nothing changed". Audit entries are kept apart: a refused password check (login,
 * change-password, kiosk pass) is audited on purpose, so those failure lines are the only ones a rejected request
 * may add.
 */
export interface StorageSnapshot {
  records: Map<CollectionName, readonly object[]>;
  auditIds: Set<string>;
}

export async function snapshotStorage(storage: Storage): Promise<StorageSnapshot> {
  const records = new Map<CollectionName, readonly object[]>();
  for (const name of COLLECTION_NAMES) if (name !== 'audit') records.set(name, await storage.list(name));
  const auditIds = new Set((await storage.list('audit')).map((entry) => entry.id));
  return { records, auditIds };
}

/** The differences between two snapshots a rejected request must not have caused (empty = nothing stored). */
export async function unexpectedChanges(storage: Storage, before: StorageSnapshot): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, previous] of before.records) {
    const now = await storage.list(name);
    const same = now.length === previous.length && now.every((record, index) => record === previous[index]);
    if (!same) problems.push(`${name}: ${previous.length} records before, ${now.length} after, contents differ`);
  }
  const added = (await storage.list('audit')).filter((entry) => !before.auditIds.has(entry.id));
  // A refused password check (login, or a confirmation on change-password and kiosk passes) is audited on purpose.
  const notFailedLogins = added.filter(
    (entry: AuditEntry) =>
      !(PASSWORD_CHECK_ACTIONS as readonly string[]).includes(entry.action) || entry.outcome !== 'failure',
  );
  if (notFailedLogins.length > 0) {
    problems.push(`audit: unexpected entries ${JSON.stringify(notFailedLogins.map((entry) => entry.action))}`);
  }
  return problems;
}

/** Every file below `dir` (relative paths), for "no file left behind". */
export function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Storage whose writes fail with StorageUnavailableError (as on a full or read-only disk) while `failing` is on. */
export function switchableStorage(inner: Storage): Storage & { failing: boolean } {
  const wrapper = Object.create(inner) as Storage & { failing: boolean };
  wrapper.failing = false;
  wrapper.transact = (body) =>
    wrapper.failing
      ? Promise.reject(new StorageUnavailableError('injected: disk refuses writes'))
      : inner.transact(body);
  return wrapper;
}

// ---- generators ----------------------------------------------------------------------------------------------

/** A marker in hostile file names: after the run no file with it may exist anywhere the test looks. */
export const FILE_NAME_MARKER = 'hostile-marker';
/** The key prototype-pollution payloads try to set on Object.prototype. */
export const POLLUTION_KEY = 'polluted';

const TRAVERSALS = [
  '..',
  '.',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%252e%252e%252f',
  '....//....//etc/passwd',
  '/etc/passwd',
  'secret',
  '../secret',
  '..%2fsecret',
  '.%2e/.%2e/secret',
  'db.json',
  '../db.json',
  '%00',
  'a%00.png',
  '%ZZ',
  '%',
  '%c0%ae%c0%ae%2f',
];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE communities; --",
  '{"$gt": ""}',
  '=cmd|" /C calc"!A0',
  '\u0000',
  '\u202e\u2066evil',
  '\ud800',
  '\udfff\ud800',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Ｈｏｕｓｔｏｎ',
  'İıſ',
  'e\u0301',
  '\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e999',
  '0x10',
  '2026-02-30',
  ...TRAVERSALS,
];

/** Long strings are built once (generating them per run would dominate the test's time). */
const LONG_STRINGS = ['A'.repeat(10_001), '€'.repeat(70_000), '<'.repeat(300_000)];

const HUGE_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  1e21,
  -0,
  5e-324,
  0.1 + 0.2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
];

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG_STRINGS) },
);

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...HUGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

/** Any JSON value, biased towards hostile leaves, arrays where objects belong and prototype keys. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileLeaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(
    fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', POLLUTION_KEY), fc.string({ maxLength: 12 })),
    tie('value'),
    {
      maxKeys: 5,
    },
  ),
})).value;

/** JSON text of an object whose own keys may be `__proto__` (JSON.stringify of an object literal would drop it). */
function objectJson(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

/** A valid body for the route when there is one, so mutations get past the first checks and deeper. */
export function validBodyFor(route: AppRoute, ids: { communityId: string }): Record<string, unknown> {
  const url = route.url;
  if (url.includes('/communities')) return communityBody({ name: `Hostile ${Math.random()}` });
  if (url.includes('/listings')) return listingBody(ids.communityId);
  if (url.includes('/properties')) return propertyBody();
  if (url.includes('/contact'))
    return route.method === 'PATCH' ? { status: 'CONTACTED', notes: 'Called back' } : contactBody();
  if (url.includes('/admin/login')) return { email: 'nobody@example.com', password: 'wrong-password-1' };
  if (url.includes('/change-password')) return { currentPassword: 'wrong-password-1', newPassword: 'new-password-123' };
  if (url.includes('/admin/users'))
    return { email: 'new-admin@example.com', password: 'new-admin-password-1', role: 'ADMIN' };
  if (url.includes('/settings')) return { ...DEFAULT_SITE_SETTINGS };
  if (url.includes('/upload'))
    return { filename: `${FILE_NAME_MARKER}.png`, file: 'data:image/png;base64,iVBORw0KGgo=' };
  return {};
}

/** The valid body with one field replaced, a prototype key added, or a field dropped. */
function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  return fc.oneof(
    fc.tuple(key, hostileJsonValue).map(([field, value]) => objectJson(Object.entries({ ...valid, [field]: value }))),
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), hostileJsonValue)
      .map(([protoKey, value]) =>
        objectJson([
          [
            protoKey,
            { [POLLUTION_KEY]: 'yes', prototype: { [POLLUTION_KEY]: 'yes' }, isAdmin: true, role: 'SUPER_ADMIN' },
          ],
          ...Object.entries(valid),
          [`${protoKey}x`, value],
        ]),
      ),
    key.map((field) => objectJson(Object.entries(valid).filter(([name]) => name !== field))),
    // The same key twice: JSON.parse keeps the last one.
    fc.tuple(key, hostileJsonValue).map(([field, value]) => objectJson([...Object.entries(valid), [field, value]])),
    fc.constant(JSON.stringify([valid])),
    fc.constant(JSON.stringify({ data: valid })),
  );
}

const MALFORMED_JSON = [
  '',
  '{',
  '}',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '{"a": NaN}',
  '{"a": Infinity}',
  '{"a": 1e999999}',
  '{"a": 0x10}',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  'null',
  'true',
  '123',
  '"a string"',
  '[]',
  '[null]',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
];

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG_AS_PNG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);

export interface HostileBody {
  payload: string | Buffer | undefined;
  /** The content type that goes with it (the request may still get another from the headers generator). */
  contentType: string | undefined;
  label: string;
}

function multipart(fileName: string, mime: string, bytes: Buffer, boundary = '----hostile-boundary'): HostileBody {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mime}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
    label: `multipart ${JSON.stringify(fileName)} ${mime} ${bytes.length} B`,
  };
}

const hostileFileName = fc
  .tuple(
    fc.constantFrom(...TRAVERSALS, '', 'photo', '<script>', '..\\..', '\u202egnp.exe'),
    fc.constantFrom('.png', '.svg', '.html', '', '.png\u0000.html'),
  )
  .map(([stem, extension]) => `${stem}/${FILE_NAME_MARKER}${extension}`);

const uploadBody: fc.Arbitrary<HostileBody> = fc.oneof(
  fc
    .tuple(
      hostileFileName,
      fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
      fc.constantFrom(TINY_PNG, SVG_AS_PNG, TINY_PNG.subarray(0, 20), Buffer.alloc(0)),
    )
    .map(([fileName, mime, bytes]) => multipart(fileName, mime, bytes)),
  // A boundary that never closes, and a part without a file name.
  fc.constant({
    payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nabc',
    contentType: 'multipart/form-data; boundary=b',
    label: 'unterminated multipart',
  }),
  fc.constant({
    payload: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--b--\r\n',
    contentType: 'multipart/form-data; boundary=b',
    label: 'multipart field without a file',
  }),
  fc
    .tuple(
      hostileFileName,
      fc.constantFrom(TINY_PNG, SVG_AS_PNG),
      fc.constantFrom('image/png', 'image/svg+xml', 'text/html'),
    )
    .map(([fileName, bytes, mime]) => ({
      payload: objectJson([
        ['filename', fileName],
        ['file', `data:${mime};base64,${bytes.toString('base64')}`],
      ]),
      contentType: 'application/json',
      label: `JSON upload ${JSON.stringify(fileName)} ${mime}`,
    })),
);

/** A hostile body for the route: mutated valid JSON, any JSON, malformed JSON, non-JSON bytes, huge, or none. */
export function hostileBody(route: AppRoute, ids: { communityId: string }): fc.Arbitrary<HostileBody> {
  const json = (label: string) => (payload: string) => ({ payload, contentType: 'application/json', label });
  const variants: fc.WeightedArbitrary<HostileBody>[] = [
    { weight: 5, arbitrary: mutatedBody(validBodyFor(route, ids)).map(json('mutated valid body')) },
    { weight: 2, arbitrary: hostileJsonValue.map((value) => JSON.stringify(value) ?? 'null').map(json('random JSON')) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map(json('malformed JSON')) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({
        payload: text,
        contentType: undefined,
        label: 'random text',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
        payload: Buffer.from(bytes),
        contentType: 'application/octet-stream',
        label: 'random bytes',
      })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, contentType: undefined, label: 'no body' }) },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: `{"a":"${'x'.repeat(1_100_000)}"}`,
        contentType: 'application/json',
        label: '1.1 MB JSON',
      }),
    },
  ];
  if (route.url.includes('/upload')) variants.push({ weight: 6, arbitrary: uploadBody });
  return fc.oneof(...variants);
}

export const hostileContentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/json, text/plain',
  '*/*',
  '',
  ';;;',
  'application/vnd.api+json',
  'application/json\u00e9',
);

/** Percent-encoded as a client would (lone surrogates cannot be encoded: they become U+FFFD). */
function encodePathSegment(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
}

/** A path parameter: a real id now and then (so the request gets past the lookup), else hostile text. */
export function hostilePathParam(realIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 1, arbitrary: fc.uuid() },
    // Raw, already URL-shaped: traversal and bad percent-encoding reach the router as is.
    { weight: 3, arbitrary: fc.constantFrom(...TRAVERSALS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encodePathSegment) },
    { weight: 2, arbitrary: hostileString.map(encodePathSegment) },
  );
}

const QUERY_KEYS = ['communityId', 'status', 'interest', 'source', 'q', 'from', 'to', 'id', 'page', 'limit'];
const HOSTILE_QUERY_KEYS = [
  '__proto__',
  `__proto__[${POLLUTION_KEY}]`,
  `constructor[prototype][${POLLUTION_KEY}]`,
  'constructor',
  'a[b][c]',
  'communityId[]',
  'communityId[$ne]',
  '',
];

/** A query string with repeated keys, prototype keys, bad encoding and long values (without the leading `?`). */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.constantFrom(...HOSTILE_QUERY_KEYS), fc.string({ maxLength: 8 })),
      fc.oneof(hostileString, fc.constantFrom('NEW', 'SPAM', 'buying', '2026-01-31', '%', '%zz', '&&&', '==')),
      fc.boolean(),
    ),
    { maxLength: 6 },
  )
  .map((pairs) =>
    pairs
      .map(([key, value, raw]) => {
        const safe = (text: string) => text.replace(/[\ud800-\udfff]/g, '\ufffd');
        // Raw pairs keep brackets and stray % as they are; the others are encoded as a browser would.
        return raw && /^[\x21-\x7e]*$/.test(key + value)
          ? `${key}=${value.replace(/[#&]/g, '')}`
          : `${encodeURIComponent(safe(key))}=${encodeURIComponent(safe(value))}`;
      })
      .join('&'),
  );

export interface HostileHeaders {
  auth: 'none' | 'super' | 'admin' | 'garbage';
  garbageToken: string;
  contentType: string | undefined | null;
  extra: Record<string, string>;
}

const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.constantFrom('', ' ', '"3"', 'W/"1"', '*', '-1', '99999999999', '"abc"', 'a'.repeat(8_000)),
);

export const hostileHeaders: fc.Arbitrary<HostileHeaders> = fc.record({
  auth: fc.constantFrom('none', 'super', 'admin', 'garbage'),
  garbageToken: fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Basic YTpi',
      'bearer x',
      'Bearer eyJhbGciOiJub25lIn0.e30.',
      'Bearer ' + 'a'.repeat(5_000),
    ),
    headerValue,
  ),
  // null: use the body's own content type; undefined: send none.
  contentType: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: hostileContentType }),
  extra: fc.dictionary(
    fc.constantFrom(
      'idempotency-key',
      'if-match',
      'accept',
      'accept-encoding',
      'content-encoding',
      'x-forwarded-for',
      'host',
      'origin',
      'x-http-method-override',
      'transfer-encoding-x',
      'cookie',
      'range',
    ),
    headerValue,
    { maxKeys: 4 },
  ),
});
