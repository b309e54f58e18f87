/**
 * The storage interface every adapter implements (DESIGN §4 "Storage").
 *
 * It is SQL-shaped on purpose, so a PostgreSQL adapter can slot in later: reads are by id, by an indexed field
 * or a filtered list; writes happen inside `transact`, which applies every change of one request atomically and
 * resolves only once the changes are durable. Versions are checked in the write itself (like
 * `UPDATE … WHERE version = $n`), never by a read-then-write in the caller.
 */
import {
  RECORD_COLLECTIONS,
  type AdminRole,
  type AuditEntry,
  type Community,
  type Lead,
  type Listing,
  type Property,
  type RecordMeta,
  type SiteSettings,
} from '../../domain';

export type { AuditEntry };

/** A stored admin account. Only api/ ever sees `passwordHash`. */
export interface StoredAdminUser extends RecordMeta {
  email: string;
  passwordHash: string;
  role: AdminRole;
  isActive: boolean;
}

/** The stored answer of a write that carried an Idempotency-Key (DESIGN §4 "Concurrency and retries"). */
export interface IdempotencyRecord extends RecordMeta {
  /** Who sent it and what: method, path and a hash of the body; the same key with another request is a 422. */
  requestHash: string;
  statusCode: number;
  body: unknown;
  expiresAt: string;
}

/**
 * An admin token ended by its logout (POST /api/admin/logout), by its `jti`: refused from then on, and kept only
 * until the token would have expired anyway (`expiresAt`, its `exp`).
 */
export interface RevokedToken extends RecordMeta {
  adminId: string;
  expiresAt: string;
}

export interface StoredSettings extends RecordMeta, SiteSettings {}

export interface CollectionTypes {
  communities: Community;
  listings: Listing;
  properties: Property;
  contacts: Lead;
  adminUsers: StoredAdminUser;
  settings: StoredSettings;
  idempotency: IdempotencyRecord;
  audit: AuditEntry;
  revokedTokens: RevokedToken;
}
export type CollectionName = keyof CollectionTypes;
export const COLLECTION_NAMES: readonly CollectionName[] = [
  ...RECORD_COLLECTIONS,
  'idempotency',
  'audit',
  'revokedTokens',
];

/**
 * Collections whose records carry an `expiresAt` (ISO date-time) after which they are dead: adapters never load
 * them at start and sweep them on a timer (DESIGN §4: an idempotent answer is kept 24 h; a logged-out token until
 * its own expiry, 12 h at most). 5,000 keyed writes
 * left 18 MB of stored answers in a 21 MB db.json when they were kept forever (issue 13 item 7).
 */
export type ExpiringCollection = 'idempotency' | 'revokedTokens';
export const EXPIRING_COLLECTIONS: readonly ExpiringCollection[] = ['idempotency', 'revokedTokens'];
/** How often adapters sweep expired records unless told otherwise. */
export const DEFAULT_SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Indexed fields per collection. `unique` fields reject a second record with the same value
 * (case-sensitive: callers store emails lower-case). Lookups on other fields scan.
 */
export const INDEXES: {
  [C in CollectionName]: { unique: (keyof CollectionTypes[C])[]; lookup: (keyof CollectionTypes[C])[] };
} = {
  communities: { unique: ['slug'], lookup: [] },
  listings: { unique: [], lookup: ['communityId'] },
  properties: { unique: [], lookup: [] },
  contacts: { unique: [], lookup: [] },
  adminUsers: { unique: ['email'], lookup: [] },
  settings: { unique: [], lookup: [] },
  idempotency: { unique: [], lookup: [] },
  audit: { unique: [], lookup: [] },
  revokedTokens: { unique: [], lookup: [] },
};

/** Fields the storage owns: callers never set them, except `id` on insert. */
export type NewRecord<T extends RecordMeta> = Omit<T, 'createdAt' | 'updatedAt' | 'version' | 'id'> & { id?: string };
export type RecordChanges<T extends RecordMeta> = Partial<Omit<T, 'id' | 'createdAt' | 'updatedAt' | 'version'>>;

export interface WriteOptions {
  /** When set, the write fails with VersionConflictError unless the stored version equals it. */
  expectedVersion?: number;
}

/**
 * What a transaction body can do. Its methods are synchronous: the body runs alone (no other transaction
 * interleaves), sees its own writes, and every change it makes is committed together or not at all
 * (a body that throws leaves nothing behind).
 */
export interface Transaction {
  get<C extends CollectionName>(collection: C, id: string): CollectionTypes[C] | undefined;
  findOne<C extends CollectionName, F extends keyof CollectionTypes[C]>(
    collection: C,
    field: F,
    value: CollectionTypes[C][F],
  ): CollectionTypes[C] | undefined;
  list<C extends CollectionName>(collection: C, where?: Partial<CollectionTypes[C]>): CollectionTypes[C][];
  /** Sets id (a new UUID unless given), createdAt = updatedAt = now, version = 1. */
  insert<C extends CollectionName>(collection: C, record: NewRecord<CollectionTypes[C]>): CollectionTypes[C];
  /** Shallow-merges `changes`, sets updatedAt = now and version + 1. */
  update<C extends CollectionName>(
    collection: C,
    id: string,
    changes: RecordChanges<CollectionTypes[C]>,
    options?: WriteOptions,
  ): CollectionTypes[C];
  /** Removes the record and returns it as it was. */
  remove<C extends CollectionName>(collection: C, id: string, options?: WriteOptions): CollectionTypes[C];
}

export interface Storage {
  get<C extends CollectionName>(collection: C, id: string): Promise<CollectionTypes[C] | undefined>;
  findOne<C extends CollectionName, F extends keyof CollectionTypes[C]>(
    collection: C,
    field: F,
    value: CollectionTypes[C][F],
  ): Promise<CollectionTypes[C] | undefined>;
  /** Records in insertion order, optionally filtered by equality on fields (indexed fields use their index). */
  list<C extends CollectionName>(collection: C, where?: Partial<CollectionTypes[C]>): Promise<CollectionTypes[C][]>;
  count(collection: CollectionName): Promise<number>;
  /**
   * Runs `body` alone and commits its changes atomically. Resolves with its result once the changes are
   * durable (for the file adapter: written and fsynced); rejects with the body's error, leaving nothing.
   * Rejects with StorageUnavailableError when the changes cannot be made durable (disk full, read-only).
   */
  transact<R>(body: (tx: Transaction) => R): Promise<R>;
  /**
   * A number that changes whenever a committed change touches the collection. Response caches key on it
   * so a public list is serialised once per change, not once per request.
   */
  revision(collection: CollectionName): number;
  /**
   * Deletes the records of an expiring collection whose `expiresAt` is at or before `now`, durably (like
   * `DELETE FROM idempotency WHERE expires_at <= $1`), and resolves with how many. Adapters also run it on a
   * timer; callers need not.
   */
  deleteExpired(collection: ExpiringCollection, now: Date): Promise<number>;
  /**
   * Adapters that mirror a database shared by several instances (PostgreSQL) resolve once the mirror holds every
   * change committed anywhere before the call, and reject with StorageUnavailableError when they cannot tell.
   * Called where a moment's lag would matter: an admin's access, checked on every protected request, must follow
   * a demotion or removal made on another instance at once. Single-process adapters have nothing to catch up
   * and leave it out.
   */
  upToDate?(): Promise<void>;
  /** Resolves once every change committed so far is durable. */
  flush(): Promise<void>;
  /** Flushes and releases files; later calls reject. */
  close(): Promise<void>;
}

export class NotFoundError extends Error {
  constructor(
    readonly collection: CollectionName,
    readonly id: string,
  ) {
    super(`${collection} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

export class VersionConflictError extends Error {
  constructor(
    readonly collection: CollectionName,
    readonly current: unknown,
    readonly expectedVersion: number,
  ) {
    super(`${collection} version conflict: expected ${expectedVersion}`);
    this.name = 'VersionConflictError';
  }
}

/** A second record with the same id or the same value of a unique field. */
export class UniqueViolationError extends Error {
  constructor(
    readonly collection: CollectionName,
    readonly field: string,
    readonly value: unknown,
  ) {
    super(`${collection}.${field} already has ${JSON.stringify(value)}`);
    this.name = 'UniqueViolationError';
  }
}

/** The data folder cannot take writes (read-only, full, gone). Reads keep working. */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`Storage unavailable: ${reason}`);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * The data file exists but cannot be parsed: the server must refuse to start and leave it alone. The advice never
 * suggests a step that loses acknowledged writes (moving the file away, starting with example data): the files
 * of the data folder hold them, so the way out is to inspect the damage or restore the folder from a backup.
 */
export class CorruptDataError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    /** The damaged line (1-based) of a journal, when the damage is in one line. */
    readonly line?: number,
  ) {
    const inspect =
      line === undefined
        ? 'Inspect it (it is JSON)'
        : `Inspect the damaged line with: sed -n '${line}p' '${file}' (one JSON transaction per line)`;
    super(
      `The data file ${file} cannot be read (${reason}). Nothing was changed. Keep it and every other file of the data folder as they are: they hold acknowledged writes, and moving, deleting or replacing them would lose those. ${inspect}, then stop the server and restore the whole data folder from a backup (or repair the line by hand if you know what it held).`,
    );
    this.name = 'CorruptDataError';
  }
}

/**
 * db.json is missing from a data folder that has held data (journals, the secret, the first admin's file, uploads):
 * the server must refuse to start rather than take it for a first start, which would seed example data and a new
 * admin over a folder whose records are gone from view. A CorruptDataError, so every start path reports it alike.
 */
export class MissingSnapshotError extends CorruptDataError {
  constructor(
    file: string,
    readonly traces: readonly string[],
  ) {
    super(file, 'missing');
    this.message = `The data file ${file} is missing, but its folder has held data (${traces.join(', ')} found). Starting would begin again as a first start, with a new admin and seeded content, and hide what the folder held. Nothing was changed. Keep the files above as they are, stop the server and restore db.json (or the whole data folder) from a backup. Only if you are sure the folder never held anything (a first start of an earlier version that stopped before its first write), start with a new, empty data folder instead.`;
    this.name = 'MissingSnapshotError';
  }
}
