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
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  deleteExpiredRecords,
  Engine,
  isExpired,
  startSweeper,
  type Change,
  type StoredRecord,
  engineReads,
} from './engine';
import { migratePostgres } from './postgres-migrations';
import {
  COLLECTION_NAMES,
  DEFAULT_SWEEP_EVERY_MS,
  StorageUnavailableError,
  type CollectionName,
  type ExpiringCollection,
  type Storage,
  type Transaction,
} from './storage';

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

/** The notification channel every commit signals with its seq. */
export const CHANGES_CHANNEL = 'storage_changes';
/** pg_advisory_xact_lock key of the write lock (any constant; advisory locks are per database). */
const WRITE_LOCK_KEY = '4837261904518';
const DEFAULT_POLL_EVERY_MS = 1000;
const DEFAULT_KEEP_CHANGES_MS = 60 * 60 * 1000;
/** Bodies per SQL transaction at most: bounds one change-log row and one event-loop turn. */
const MAX_BATCH = 500;
/** Log rows applied per catch-up query outside the lock. */
const CATCH_UP_PAGE = 1000;
const COLLECTION_SET = new Set<string>(COLLECTION_NAMES);

interface Queued {
  body: (tx: Transaction) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface LogRow {
  seq: string;
  changes: Change[];
}

const errorText = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
};

export async function openPostgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  const { databaseUrl } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(message));
  const keepChangesMs = options.keepChangesMs ?? DEFAULT_KEEP_CHANGES_MS;
  if (options.migrate !== false) await migratePostgres(databaseUrl);

  // A database that does not answer (a dropped route, not a refused connection) fails a write after 5 s with
  // StorageUnavailableError (503) instead of holding the request until TCP gives up.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle pooled connection that breaks (server restart) emits here; without a listener it would crash the process.
  pool.on('error', (error) => log(`PostgreSQL storage: idle connection lost (${errorText(error)})`));

  let engine = new Engine();
  /** Added to the engine's revisions: bumped when caught-up changes touch a collection, and when the engine is replaced. */
  const revisionBase = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, 0])) as Record<CollectionName, number>;
  let lastSeq = 0;
  let closed = false;
  /** True from the moment bodies may run on the mirror until their COMMIT is settled: catch-up must not interleave. */
  let writing = false;
  /** Set when the log showed a gap or the mirror could not apply it: the next write reloads everything. */
  let needReload = false;

  /** Replaces the mirror with every record of the database (caller holds the write lock, or nobody writes yet). */
  const reload = async (client: pg.PoolClient | pg.Client) => {
    const fresh = new Engine();
    const nowMs = now();
    const { rows } = await client.query<{ collection: string; data: StoredRecord }>(
      'SELECT collection, data FROM records ORDER BY ord',
    );
    for (const { collection, data } of rows) {
      // A collection this version does not know (a newer version wrote it) is left alone in the database.
      if (!COLLECTION_SET.has(collection)) continue;
      const c = collection as CollectionName;
      if (isExpired(c, data, nowMs)) continue;
      fresh.load({ op: 'put', c, r: data });
    }
    const { rows: seqRows } = await client.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM changes');
    for (const name of COLLECTION_NAMES) revisionBase[name] += engine.revision(name) + 1;
    engine = fresh;
    lastSeq = Number(seqRows[0]!.seq);
    needReload = false;
  };

  /**
   * Applies log rows in seq order, each only if it is the next one; rows at or below lastSeq are skipped (another
   * catch-up applied them). Returns false when a row is missing (pruned) or cannot be applied: reload needed.
   */
  const applyLog = (rows: LogRow[]): boolean => {
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq <= lastSeq) continue;
      if (seq !== lastSeq + 1) return false;
      const touched = new Set<CollectionName>();
      try {
        for (const change of row.changes) {
          engine.load(change);
          touched.add(change.c);
        }
      } catch (error) {
        log(`PostgreSQL storage: change ${seq} could not be applied to the mirror (${errorText(error)}); reloading`);
        for (const name of COLLECTION_NAMES) revisionBase[name]++;
        return false;
      }
      for (const collection of touched) revisionBase[collection]++;
      lastSeq = seq;
    }
    return true;
  };

  // ---- writes ----------------------------------------------------------------------------------------------

  const queue: Queued[] = [];
  let draining: Promise<void> | null = null;

  /** The records of a batch as SQL wants them: rows to delete first, then rows to upsert, in mirror order. */
  const sqlRows = (changes: Change[]) => {
    const deletes = new Map<string, { c: CollectionName; id: string }>();
    const puts = new Map<string, { c: CollectionName; id: string; version: number; data: StoredRecord }>();
    for (const change of changes) {
      const id = change.op === 'put' ? change.r.id : change.id;
      const key = `${change.c}\u0000${id}`;
      if (change.op === 'del') {
        // A record deleted and inserted again in one batch gets a new row (a new ord), as it does in the mirror.
        puts.delete(key);
        deletes.set(key, { c: change.c, id });
      } else {
        // Map.set keeps an existing key's position: an insert updated later in the batch keeps its place.
        puts.set(key, { c: change.c, id, version: change.r.version, data: change.r });
      }
    }
    return { deletes: [...deletes.values()], puts: [...puts.values()] };
  };

  const commitBatch = async (batch: Queued[]) => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      const failure = new StorageUnavailableError(`cannot reach PostgreSQL (${errorText(error)})`);
      for (const item of batch) item.reject(failure);
      return;
    }
    const executed: { item: Queued; committed: ReturnType<Engine['execute']> }[] = [];
    let broken = false;
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
      if (needReload) {
        await reload(client);
      } else {
        const { rows } = await client.query<LogRow>('SELECT seq, changes FROM changes WHERE seq > $1 ORDER BY seq', [
          lastSeq,
        ]);
        if (!applyLog(rows)) await reload(client);
      }

      writing = true;
      for (const item of batch) {
        try {
          executed.push({ item, committed: engine.execute(item.body) });
        } catch (error) {
          item.reject(error); // the engine has undone this body; the others go on
        }
      }
      const changes = executed.flatMap(({ committed }) => committed.changes);
      if (changes.length > 0) {
        const seq = lastSeq + 1;
        const { deletes, puts } = sqlRows(changes);
        if (deletes.length > 0) {
          await client.query(
            `DELETE FROM records r USING json_to_recordset($1::json) AS x(c text, id text)
             WHERE r.collection = x.c AND r.id = x.id`,
            [JSON.stringify(deletes)],
          );
        }
        if (puts.length > 0) {
          await client.query(
            `INSERT INTO records (collection, id, version, data)
             SELECT x.c, x.id, x.version, x.data
             FROM json_to_recordset($1::json) AS x(n integer, c text, id text, version integer, data json)
             ORDER BY x.n
             ON CONFLICT (collection, id) DO UPDATE SET version = excluded.version, data = excluded.data`,
            [JSON.stringify(puts.map((put, n) => ({ n, ...put })))],
          );
        }
        await client.query('INSERT INTO changes (seq, changes) VALUES ($1, $2)', [seq, JSON.stringify(changes)]);
        await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, String(seq)]);
        await client.query('COMMIT');
        lastSeq = seq;
      } else {
        await client.query('COMMIT'); // read-only bodies: nothing to log
      }
    } catch (error) {
      broken = true;
      engine.rollback(executed.map(({ committed }) => committed));
      await client.query('ROLLBACK').catch(() => {});
      // A unique value the database refused although the mirror allowed it: the mirror was wrong. Start over.
      if ((error as { code?: string }).code === '23505') needReload = true;
      const failure = new StorageUnavailableError(`PostgreSQL refused the write (${errorText(error)})`);
      for (const { item } of executed) item.reject(failure);
      // Bodies not reached (the failure came before them) are rejected too.
      for (const item of batch) if (!executed.some((done) => done.item === item)) item.reject(failure);
      return;
    } finally {
      writing = false;
      // A connection that failed mid-transaction may be unusable: destroy it rather than return it to the pool.
      client.release(broken);
    }
    for (const { item, committed } of executed) item.resolve(committed.result);
  };

  const drain = async () => {
    while (queue.length > 0) await commitBatch(queue.splice(0, MAX_BATCH));
  };

  const startDrain = () => {
    if (draining) return;
    draining = drain().finally(() => {
      draining = null;
      if (queue.length > 0) startDrain();
    });
  };

  // ---- catching up -------------------------------------------------------------------------------------------

  let catching: Promise<void> | null = null;
  let catchAgain = false;

  const catchUpOnce = async () => {
    const { rows } = await pool.query<LogRow>('SELECT seq, changes FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2', [
      lastSeq,
      CATCH_UP_PAGE,
    ]);
    if (rows.length === 0 || closed) return;
    // A write holds the lock and has caught up under it; the mirror may hold its uncommitted bodies: leave it.
    if (writing) return;
    if (!applyLog(rows)) {
      // A gap: rows were pruned while this instance was behind. Reload under the write lock (an empty write).
      needReload = true;
      await storage.transact(() => undefined).catch(() => {});
      return;
    }
    if (rows.length === CATCH_UP_PAGE) catchAgain = true;
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
    try {
      const { rows } = await pool.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM changes');
      target = Number(rows[0]!.seq);
    } catch (error) {
      throw new StorageUnavailableError(`cannot reach PostgreSQL (${errorText(error)})`);
    }
    for (let attempt = 0; lastSeq < target; attempt += 1) {
      if (attempt === 3) throw new StorageUnavailableError('cannot catch up with the changes of other instances');
      // A write of this instance holds the lock and has caught up under it; its own seq lands when it settles.
      if (draining) await draining;
      if (lastSeq < target) await catchUp();
    }
  };

  // ---- LISTEN ------------------------------------------------------------------------------------------------

  let listener: pg.Client | null = null;
  let relisten: NodeJS.Timeout | null = null;
  const scheduleListen = () => {
    if (closed || relisten) return;
    relisten = setTimeout(() => {
      relisten = null;
      void listen();
    }, 1000);
    relisten.unref();
  };
  const listen = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      scheduleListen();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (Number(message.payload) > lastSeq) void catchUp();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (closed) {
        await client.end();
        return;
      }
      listener = client;
      // Notifications sent while no connection listened are lost: look at the log once.
      void catchUp();
    } catch (error) {
      log(`PostgreSQL storage: cannot LISTEN for other instances' writes (${errorText(error)}); retrying`);
      onLost();
    }
  };

  // ---- open --------------------------------------------------------------------------------------------------

  {
    // The first load, under the write lock so that it is exactly the state of one seq.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
      await reload(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release(true);
      await pool.end();
      throw error;
    }
    client.release();
  }
  if (options.listen !== false) await listen();

  const ensureOpen = () => {
    if (closed) throw new Error('Storage is closed');
  };

  const storage = {
    get seq() {
      return lastSeq;
    },
    pool,
    ...engineReads(() => engine, ensureOpen),
    transact<R>(body: (tx: Transaction) => R): Promise<R> {
      if (closed) return Promise.reject(new Error('Storage is closed'));
      return new Promise<R>((resolve, reject) => {
        queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
        startDrain();
      });
    },
    revision(collection: CollectionName) {
      return revisionBase[collection] + engine.revision(collection);
    },
    async deleteExpired(collection: ExpiringCollection, at: Date) {
      ensureOpen();
      return deleteExpiredRecords(engine, storage.transact, collection, at);
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
      while (draining) await draining;
    },
    async close() {
      if (closed) return;
      closed = true;
      stopSweeper();
      if (poller) clearInterval(poller);
      if (relisten) clearTimeout(relisten);
      // Writes already queued are finished, not dropped.
      while (draining) await draining;
      await catching;
      await listener?.end().catch(() => {});
      listener = null;
      await pool.end();
    },
  };

  const pollEveryMs = options.pollEveryMs ?? DEFAULT_POLL_EVERY_MS;
  const poller = pollEveryMs > 0 ? setInterval(() => void catchUp(), pollEveryMs) : null;
  poller?.unref();
  const stopSweeper = startSweeper(async () => {
    await storage.deleteExpired('idempotency', new Date(now()));
    await pool.query(
      `DELETE FROM changes WHERE at < now() - $1 * interval '1 millisecond'
       AND seq < (SELECT max(seq) FROM changes)`,
      [keepChangesMs],
    );
  }, options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS);

  return storage as unknown as PostgresStorage;
}

/**
 * Writes records exported from another storage (`npm run data:import`) into an empty database, keeping their ids,
 * versions, dates and order, in one SQL transaction under the write lock. Refuses a database that already holds
 * records (a server already started on it has seeded example data). Instances that are running anyway find a gap
 * in the change log after it and reload every record.
 */
export async function importIntoEmptyPostgres(
  databaseUrl: string,
  collections: Partial<Record<CollectionName, readonly StoredRecord[]>>,
): Promise<void> {
  await migratePostgres(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM records');
    if (rows[0]!.n > 0) {
      throw new Error(
        `The database already holds ${rows[0]!.n} records: import only into an empty database (run the import before the first start; a start seeds example data).`,
      );
    }
    for (const c of COLLECTION_NAMES) {
      const records = collections[c] ?? [];
      for (let start = 0; start < records.length; start += 1000) {
        const chunk = records
          .slice(start, start + 1000)
          .map((r, n) => ({ n, c, id: r.id, version: r.version, data: r }));
        await client.query(
          `INSERT INTO records (collection, id, version, data)
           SELECT x.c, x.id, x.version, x.data
           FROM json_to_recordset($1::json) AS x(n integer, c text, id text, version integer, data json)
           ORDER BY x.n`,
          [JSON.stringify(chunk)],
        );
      }
    }
    const { rows: seqRows } = await client.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM changes');
    const seq = Number(seqRows[0]!.seq) + 2;
    await client.query('INSERT INTO changes (seq, changes) VALUES ($1, $2)', [seq, '[]']);
    await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, String(seq)]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
