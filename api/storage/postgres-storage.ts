/**
 * The PostgreSQL adapter (`STORAGE=postgres`, `DATABASE_URL`): the storage for more than one instance.
 *
 * Why a mirror
 * - `Storage.transact` runs a synchronous body against synchronous reads (storage.ts): an async database cannot
 *   answer those. So each instance keeps the shared in-memory engine (engine.ts) as a mirror of the database, as
 *   the memory and file adapters do, and PostgreSQL is the source of truth. Reads are served from the mirror.
 *
 * Tables (migrations/*.sql, applied by node-pg-migrate at open and by `npm run migrate`)
 * - `records(collection, id, ord, version, data json)`: every record; `ord` is insertion order; a deferred unique
 *   constraint on the collection's unique field (communities.slug, adminUsers.email) is the safety net behind the
 *   mirror's own checks.
 * - `changes(seq, at, changes json)`: one row per committed write transaction, exactly the engine's Change list
 *   (`put` with the whole record, `del` with the id). Seqs are consecutive: assigned under the write lock.
 *
 * A write (group commit: every body queued while the previous write was under way goes in one SQL transaction)
 *   BEGIN; SELECT pg_advisory_xact_lock(k)  -- one writer at a time across all instances
 *   apply the changes logged since this mirror's seq (other instances' writes), so the bodies see the latest state
 *   run the bodies synchronously on the mirror (a body that throws is undone by the engine and rejected alone)
 *   write the records, the change-log row (seq + 1) and pg_notify(seq); COMMIT
 * and only then do the callers' promises resolve. If anything fails before COMMIT succeeds, the mirror is rolled
 * back with the engine's undo steps (touched revisions are bumped, so no cache keeps the rolled-back state) and the
 * callers get StorageUnavailableError. If the connection broke during COMMIT and the COMMIT did land, nothing is
 * lost: the transaction's own log row is caught up like any other instance's write (the caller saw an error and
 * retries with its Idempotency-Key, whose stored answer is then found).
 * As in the file adapter, readers of this instance may see a body's result while its COMMIT is under way.
 *
 * Catching up with other instances: on every NOTIFY (a dedicated LISTEN connection, reconnected when it drops),
 * before every write (under the lock: exact), and on a timer (`pollEveryMs`, 1 s) so that a lost notification
 * cannot hide a change for longer. Applying a logged transaction bumps the revision of the collections it touched,
 * so the JSON and page caches drop what they built from the old state. The log is pruned after `keepChangesMs`
 * (1 h, always keeping the newest row); a mirror that finds a gap in the log (it was offline longer) reloads every
 * record under the write lock.
 *
 * Because every write of every instance holds one lock and runs against an exact mirror, If-Match (expected
 * versions), Idempotency-Key answers and the audit entry written in the same body hold across instances unchanged.
 * The price is that writes are serialised across instances (as they are in one process): measured in the tests.
 *
 * Modules: postgres-sql.ts (the statements), postgres-mirror.ts (the mirror and how it follows the log),
 * postgres-listener.ts (the LISTEN connection); this one queues the writes, catches up and is the Storage.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { deleteExpiredRecords, engineReads, startSweeper } from './engine';
import { migratePostgres } from './postgres-migrations';
import { listenForChanges, type ChangeListener } from './postgres-listener';
import { PostgresMirror } from './postgres-mirror';
import { errorText, LOG_FROM_SEQ, readLastSeq, splitLogFrom, TAKE_WRITE_LOCK, type LogRow } from './postgres-sql';
import { createPostgresWriter } from './postgres-writer';
import {
  DEFAULT_SWEEP_EVERY_MS,
  EXPIRING_COLLECTIONS,
  StorageUnavailableError,
  type CollectionName,
  type ExpiringCollection,
  type Storage,
  type Transaction,
} from './storage';

export { CHANGES_CHANNEL, importIntoEmptyPostgres } from './postgres-sql';

export interface PostgresStorageOptions {
  /** postgres://user:password@host:port/database */
  databaseUrl: string;
  /** Apply pending migrations at open (default true; `npm run migrate` does it ahead of a deploy). */
  migrate?: boolean;
  /** The clock expired records are judged by (tests move it). Default Date.now. */
  now?: () => number;
  /** Sweep expired records (and prune the change log) this often; 0 = never. Default 10 minutes. */
  sweepEveryMs?: number;
  /** Catch up with other instances at least this often, whatever the notifications; 0 = never. Default 1 s. */
  pollEveryMs?: number;
  /** LISTEN for other instances' commits (default true; tests turn it off to prove the timer alone suffices). */
  listen?: boolean;
  /** Change-log rows older than this are pruned by the sweep (the newest is always kept). Default 1 hour. */
  keepChangesMs?: number;
  /** Pool size (default 10). */
  maxConnections?: number;
  /**
   * A query that has no answer after this long fails (client side, and `statement_timeout` on the server); close
   * gives up waiting for the database after twice this. Default 10 s.
   */
  queryTimeoutMs?: number;
  /** Where connection trouble is reported. Default: console.warn. */
  log?: (message: string) => void;
}

export interface PostgresStorage extends Storage {
  /** The change-log seq this instance's mirror has applied. */
  readonly seq: number;
  /** Applies other instances' committed writes now (also done on NOTIFY, before each write and on a timer). */
  catchUp(): Promise<void>;
  upToDate(): Promise<void>;
  /**
   * A secret shared by every instance on this database: created (48 random bytes, base64url) by the first one
   * that asks, read by the others. Used for the JWT secret when JWT_SECRET is not set.
   */
  sharedSecret(name: string): Promise<string>;
  /** The connection pool, for the few tables outside the Storage interface (uploaded images). */
  readonly pool: pg.Pool;
}

const DEFAULT_POLL_EVERY_MS = 1000;
/**
 * Far above any query of a healthy database (the longest, reloading every record, takes well under a second at
 * this site's sizes; a write waits for the lock behind other instances' writes of a few ms each), and below the
 * time a user or a proxy waits for an answer.
 */
const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
/** A session left inside a transaction this long (its instance frozen or cut off) is ended, freeing the write lock. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
const DEFAULT_KEEP_CHANGES_MS = 60 * 60 * 1000;
/** Log rows applied per catch-up query outside the lock. */
const CATCH_UP_PAGE = 1000;

export async function openPostgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  const { databaseUrl } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(message));
  const keepChangesMs = options.keepChangesMs ?? DEFAULT_KEEP_CHANGES_MS;
  if (options.migrate !== false) await migratePostgres(databaseUrl);

  // A database that does not answer (a dropped route, a frozen server: not a refused connection) fails a write
  // with StorageUnavailableError (503) instead of holding the request until TCP gives up (~15 min). The connect
  // timeout covers opening a connection (and waiting for a free one); a query on a connection already open (the
  // poller keeps one warm) needs its own: `query_timeout` in the client, since a frozen server cannot enforce
  // its `statement_timeout`. The server-side ones stop a query or a transaction that the client gave up on from
  // holding the write lock; keepalive notices a dropped route on idle connections.
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    query_timeout: queryTimeoutMs,
    statement_timeout: queryTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle pooled connection that breaks (server restart) emits here; without a listener it would crash the process.
  pool.on('error', (error) => log(`PostgreSQL storage: idle connection lost (${errorText(error)})`));

  const mirror = new PostgresMirror(now, log);
  let closed = false;

  const writer = createPostgresWriter(pool, mirror);

  // ---- catching up -------------------------------------------------------------------------------------------

  let catching: Promise<void> | null = null;
  let catchAgain = false;

  const reloadUnderLock = async () => {
    mirror.needReload = true;
    await storage.transact(() => undefined).catch(() => {});
  };

  const catchUpOnce = async () => {
    // Read before the query: this instance sets lastSeq only after its COMMIT, so the row of `seen` is in the
    // database unless it was restored with less history (a backup, a replica that lagged): then reload.
    const seen = mirror.lastSeq;
    const { rows } = await pool.query<LogRow>(`${LOG_FROM_SEQ} LIMIT $2`, [seen, CATCH_UP_PAGE + 1]);
    if (closed) return;
    const { newer, lost } = splitLogFrom(rows, seen);
    if (lost) {
      await reloadUnderLock();
      return;
    }
    if (newer.length === 0) return;
    // A write holds the lock and has caught up under it; the mirror may hold its uncommitted bodies: leave it.
    if (writer.writing) return;
    if (!mirror.applyLog(newer)) {
      // A gap: rows were pruned while this instance was behind. Reload under the write lock (an empty write).
      await reloadUnderLock();
      return;
    }
    if (newer.length === CATCH_UP_PAGE) catchAgain = true;
  };

  const catchUp = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (catching) {
      catchAgain = true;
      return catching;
    }
    catching = (async () => {
      try {
        do {
          catchAgain = false;
          await catchUpOnce();
        } while (catchAgain && !closed);
      } catch (error) {
        // The database is unreachable: the timer and the next notification try again.
        log(`PostgreSQL storage: catching up failed (${errorText(error)})`);
      } finally {
        catching = null;
      }
    })();
    return catching;
  };

  /**
   * Resolves once the mirror holds every change committed by any instance before the call; rejects with
   * StorageUnavailableError when the database cannot say. One indexed `max(seq)` query when nothing is missing.
   */
  const upToDate = async (): Promise<void> => {
    ensureOpen();
    let target: number;
    const seen = mirror.lastSeq; // read first, as in catchUpOnce
    try {
      target = await readLastSeq(pool);
    } catch (error) {
      throw new StorageUnavailableError(`cannot reach PostgreSQL (${errorText(error)})`);
    }
    // Restored with less history: what this mirror holds past `target` is gone from the database.
    if (target < seen) await reloadUnderLock();
    for (let attempt = 0; mirror.lastSeq < target; attempt += 1) {
      if (attempt === 3) throw new StorageUnavailableError('cannot catch up with the changes of other instances');
      // A write of this instance holds the lock and has caught up under it; its own seq lands when it settles.
      await writer.idle();
      if (mirror.lastSeq < target) await catchUp();
    }
  };

  // ---- open --------------------------------------------------------------------------------------------------

  {
    // The first load, under the write lock so that it is exactly the state of one seq.
    const client = await pool.connect();
    // As in the writer: a session ended by the server must reject the load, not end the process.
    const onLost = () => {};
    client.on('error', onLost);
    try {
      await client.query('BEGIN');
      await client.query(TAKE_WRITE_LOCK);
      await mirror.reload(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release(true);
      await pool.end();
      throw error;
    }
    client.off('error', onLost);
    client.release();
  }
  const listener: ChangeListener | null =
    options.listen === false
      ? null
      : await listenForChanges({
          databaseUrl,
          log,
          onNotified: (seq) => {
            if (seq > mirror.lastSeq) void catchUp();
          },
          // Notifications sent while no connection listened are lost: look at the log once.
          onListening: () => void catchUp(),
        });

  const ensureOpen = () => {
    if (closed) throw new Error('Storage is closed');
  };

  const storage = {
    get seq() {
      return mirror.lastSeq;
    },
    pool,
    ...engineReads(() => mirror.engine, ensureOpen),
    transact<R>(body: (tx: Transaction) => R): Promise<R> {
      if (closed) return Promise.reject(new Error('Storage is closed'));
      return writer.enqueue(body);
    },
    revision: (collection: CollectionName) => mirror.revision(collection),
    async deleteExpired(collection: ExpiringCollection, at: Date) {
      ensureOpen();
      return deleteExpiredRecords(mirror.engine, storage.transact, collection, at);
    },
    catchUp,
    upToDate,
    async sharedSecret(name: string) {
      ensureOpen();
      const candidate = randomBytes(48).toString('base64url');
      // The first instance to ask creates it; everyone (including a loser of the race) reads the one stored.
      await pool.query('INSERT INTO shared_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        candidate,
      ]);
      const { rows } = await pool.query<{ value: string }>('SELECT value FROM shared_secrets WHERE name = $1', [name]);
      return rows[0]!.value;
    },
    async flush() {
      ensureOpen();
      await writer.idle();
    },
    async close() {
      if (closed) return;
      closed = true;
      stopSweeper();
      if (poller) clearInterval(poller);
      const shutdown = (async () => {
        // Writes already queued are finished, not dropped.
        await writer.idle();
        await catching;
        await listener?.stop();
        await pool.end();
      })();
      // Ending a connection waits for the server to close it: a database that does not answer would hold the
      // shutdown (SIGTERM) for ever. Queued writes have failed by then (query timeout); nothing acknowledged waits.
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        shutdown.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), 2 * queryTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (gaveUp) log('PostgreSQL storage: the database did not answer while closing; closed without waiting for it');
    },
  };

  const pollEveryMs = options.pollEveryMs ?? DEFAULT_POLL_EVERY_MS;
  const poller = pollEveryMs > 0 ? setInterval(() => void catchUp(), pollEveryMs) : null;
  poller?.unref();
  const stopSweeper = startSweeper(async () => {
    for (const collection of EXPIRING_COLLECTIONS) await storage.deleteExpired(collection, new Date(now()));
    await pool.query(
      `DELETE FROM changes WHERE at < now() - $1 * interval '1 millisecond'
       AND seq < (SELECT max(seq) FROM changes)`,
      [keepChangesMs],
    );
  }, options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS);

  return storage as unknown as PostgresStorage;
}
