/**
 * Every write goes through `runWrite` (DESIGN §4 "Concurrency and retries"):
 * - `Idempotency-Key`: the first answer is stored with the change, in the same transaction, for 24 h and
 *   replayed for the same key; the same key with another request answers 422. The key is looked up before the
 *   write runs (and so before If-Match), so a retry whose first answer was lost gets that answer, not a 412.
 * - `If-Match: "<version>"` becomes the storage's expectedVersion (412 on mismatch, with the current record).
 * - Admin writes add an audit entry in the same transaction, with the record's name and an update's changes
 *   (api/http/audit-details.ts), the record read before and after the write in that transaction.
 * - What identifies the first request is a keyed fingerprint: an HMAC (key derived from the server secret) of
 *   method, URL, caller and body, with the body's secret fields (passwords, passes, tokens) left out. An unsalted
 *   SHA-256 of the body, as stored before, kept a fast hash of every new admin's password for anyone who reads
 *   db.json; leaving secrets out means a request is told apart by what it does, not by the password it carries.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { MESSAGES } from '../../domain';
import type { CollectionName, Transaction } from '../storage/storage';
import { recheckAdminAccess } from '../security/admin-access';
import { auditDetails } from './audit-details';
import { HttpError } from './http-error';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export interface WriteResult<T> {
  statusCode: number;
  body: T;
  /** Nothing was written (a create found already made by the same admin): no audit entry. */
  unchanged?: boolean;
}

export interface WriteContext {
  tx: Transaction;
  /** The version the client based its change on (If-Match), if it sent one. */
  expectedVersion: number | undefined;
}

export interface AuditInfo {
  action: string;
  entity: CollectionName | 'session';
  entityId: (result: unknown) => string | null;
  /**
   * The id of the record the write changes, known before it runs (default: the route's `:id`): the record is read
   * first, in the same transaction, so the entry can list an update's changes and name what a delete removed.
   */
  recordId?: string;
}

/** AuditInfo.entityId of a write that answers with the record it wrote. */
export const idOfWritten = (result: unknown): string => (result as { id: string }).id;

/** Parses `If-Match: "3"`, `W/"3"` or `3`; anything else is a 400. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw new HttpError(400, 'If-Match must be a record version such as "3"');
  return Number(match[1]);
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 8-128 letters, digits or -_.:');
  }
  return key;
}

/** Field names whose values are secrets: never part of a fingerprint (password, currentPassword, kioskPass…). */
const SECRET_FIELD = /pass|secret|token/i;
const FINGERPRINT_PREFIX = 'hmac-sha256:';

/** The body without its secret fields, at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([field]) => !SECRET_FIELD.test(field))
        .map(([field, inner]) => [field, withoutSecrets(inner)]),
    );
  }
  return value;
}

/** The HMAC key, derived from the server secret (so the JWT signing key itself is used for one purpose only). */
let fingerprintKey: { secret: string; key: Buffer } | null = null;
function fingerprintKeyFor(secret: string): Buffer {
  if (fingerprintKey?.secret !== secret) {
    fingerprintKey = { secret, key: createHmac('sha256', secret).update('idempotency-request-fingerprint/1').digest() };
  }
  return fingerprintKey.key;
}

/** Identifies the request a key was first used with: who, which route, which body (secrets left out). */
function requestFingerprint(request: FastifyRequest): string {
  const secret = request.server.config.jwtSecret;
  if (!secret) throw new Error('runWrite needs config.jwtSecret to fingerprint requests');
  return (
    FINGERPRINT_PREFIX +
    digestRequest(createHmac('sha256', fingerprintKeyFor(secret)), request, withoutSecrets(request.body ?? null))
  );
}

/** The hex digest of method, URL, admin and body, NUL-separated. */
function digestRequest(hash: Hash | Hmac, request: FastifyRequest, body: unknown): string {
  return hash
    .update(request.method)
    .update('\0')
    .update(request.url)
    .update('\0')
    .update(request.admin?.id ?? 'public')
    .update('\0')
    .update(JSON.stringify(body))
    .digest('hex');
}

/**
 * Whether a stored fingerprint names this request. Records stored before fingerprints were keyed (no prefix) hold
 * the old unsalted hash: it is recomputed only to compare, for the 24 h such a record lives, and never stored.
 */
function sameRequest(stored: string, fingerprint: string, request: FastifyRequest): boolean {
  if (stored.startsWith(FINGERPRINT_PREFIX)) return stored === fingerprint;
  return stored === digestRequest(createHash('sha256'), request, request.body ?? null);
}

/** The audited record as it was before the write: the "before" of an update, the name of what a delete removes. */
function recordBeforeWrite(tx: Transaction, request: FastifyRequest, audit: AuditInfo): unknown {
  if (audit.entity === 'session') return undefined;
  const paramId = (request.params as { id?: unknown } | undefined)?.id;
  const id = audit.recordId ?? (typeof paramId === 'string' ? paramId : undefined);
  return id ? tx.get(audit.entity, id) : undefined;
}

export async function runWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (context: WriteContext) => WriteResult<T>,
  audit?: AuditInfo,
): Promise<void> {
  const storage = request.server.storage;
  const key = idempotencyKeyOf(request);
  const expectedVersion = parseIfMatch(request.headers['if-match']);
  const fingerprint = key ? requestFingerprint(request) : '';
  const idempotencyId = key ? `${request.admin?.id ?? 'public'}:${key}` : '';

  const outcome = await storage.transact((tx) => {
    // The admin let in when the request arrived may have been deleted, or signed out everywhere, while this request
    // hashed a password or waited its turn: nothing it writes may land after that (DESIGN §4 "Auth").
    if (request.admin) recheckAdminAccess(tx, request.admin, request.token?.jti);
    if (key) {
      const previous = tx.get('idempotency', idempotencyId);
      if (previous && Date.parse(previous.expiresAt) > Date.now()) {
        if (!sameRequest(previous.requestHash, fingerprint, request)) {
          throw new HttpError(422, MESSAGES.idempotencyKeyReused);
        }
        return { replayed: true, statusCode: previous.statusCode, body: previous.body as T };
      }
      if (previous) tx.remove('idempotency', idempotencyId);
    }
    const auditedBefore = audit && request.admin ? recordBeforeWrite(tx, request, audit) : undefined;
    const result = write({ tx, expectedVersion });
    if (key) {
      tx.insert('idempotency', {
        id: idempotencyId,
        requestHash: fingerprint,
        statusCode: result.statusCode,
        body: result.body,
        expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString(),
      });
    }
    if (audit && request.admin && !result.unchanged) {
      const entityId = audit.entityId(result.body);
      const after = audit.entity !== 'session' && entityId ? tx.get(audit.entity, entityId) : undefined;
      tx.insert('audit', {
        at: new Date().toISOString(),
        actorId: request.admin.id,
        actorEmail: request.admin.email,
        action: audit.action,
        entity: audit.entity,
        entityId,
        ip: request.ip,
        outcome: 'success',
        ...auditDetails(audit.entity, auditedBefore, after),
      });
    }
    return { replayed: false, statusCode: result.statusCode, body: result.body };
  });

  // A replay may answer from a change that is committed in memory but not yet on disk: wait for it.
  if (outcome.replayed) {
    await storage.flush();
    reply.header('Idempotent-Replayed', 'true');
  }
  // Awaited: a large body is compressed asynchronously, and a handler that returns before the send
  // completes makes Fastify send again with an empty body.
  if (outcome.statusCode === 204) {
    await reply.code(204).send();
    return;
  }
  await reply.code(outcome.statusCode).send(outcome.body);
}

/**
 * A route handler that runs `write` through runWrite, audited as `action` on `entity`. The entry names the record
 * the write answers with, or with `named: 'route'` (a delete, whose answer carries no record) the route's `:id`.
 * The admin write routes differ only in what they write; the call around it is this one.
 */
export function auditedWrite<Route extends RouteGenericInterface>(
  audit: { action: string; entity: CollectionName; named?: 'written' | 'route' },
  write: (request: FastifyRequest<Route>, context: WriteContext) => WriteResult<unknown>,
): (request: FastifyRequest<Route>, reply: FastifyReply) => Promise<void> {
  return (request, reply) =>
    runWrite(request, reply, (context) => write(request, context), {
      action: audit.action,
      entity: audit.entity,
      entityId: audit.named === 'route' ? () => (request.params as { id: string }).id : idOfWritten,
    });
}
