/**
 * The SQL of the PostgreSQL adapter (tables in migrations/): writing a batch's changes, reading every record back,
 * and the one-off import into an empty database. postgres-storage.ts decides when; this module says how.
 */
import pg from 'pg';
import type { Change, StoredRecord } from './engine';
import { migratePostgres } from './postgres-migrations';
import { COLLECTION_NAMES, type CollectionName } from './storage';

/** The notification channel every commit signals with its seq. */
export const CHANGES_CHANNEL = 'storage_changes';
/** pg_advisory_xact_lock key of the write lock (any constant; advisory locks are per database). */
export const WRITE_LOCK_KEY = '4837261904518';
export const TAKE_WRITE_LOCK = `SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`;

/** One row of the change log: a committed write transaction's changes. */
export interface LogRow {
  seq: string;
  changes: Change[];
}

/**
 * The change log from `$1` on, the row of `$1` itself included without its changes (the mirror holds them). That
 * row is there unless the database was restored with less history than the mirror (a backup, a lagging replica
 * promoted), so one query says both what is new and whether the mirror got ahead of the database: a max(seq) of
 * its own cost every write batch a second round trip under the write lock.
 */
export const LOG_FROM_SEQ =
  'SELECT seq, CASE WHEN seq > $1 THEN changes END AS changes FROM changes WHERE seq >= $1 ORDER BY seq';

/** A LOG_FROM_SEQ answer for `seq`: the rows after it, and whether the row of `seq` itself was missing. */
export function splitLogFrom(rows: readonly LogRow[], seq: number): { newer: LogRow[]; lost: boolean } {
  const known = rows.length > 0 && Number(rows[0]!.seq) === seq;
  return { newer: known ? rows.slice(1) : [...rows], lost: seq > 0 && !known };
}

export const errorText = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
};

/** The records of a batch as SQL wants them: rows to delete first, then rows to upsert, in mirror order. */
function sqlRows(changes: Change[]) {
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
}

/** Inserts records in the given order (ord follows it), upserting or refusing an existing (collection, id). */
const insertRecords = (onConflict: string) =>
  `INSERT INTO records (collection, id, version, data)
   SELECT x.c, x.id, x.version, x.data
   FROM json_to_recordset($1::json) AS x(n integer, c text, id text, version integer, data json)
   ORDER BY x.n ${onConflict}`;

/**
 * Writes one batch's changes, its change-log row `seq` and the notification, inside the caller's transaction
 * (which holds the write lock).
 */
export async function writeChanges(client: pg.ClientBase, changes: Change[], seq: number): Promise<void> {
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
      insertRecords('ON CONFLICT (collection, id) DO UPDATE SET version = excluded.version, data = excluded.data'),
      [JSON.stringify(puts.map((put, n) => ({ n, ...put })))],
    );
  }
  await client.query('INSERT INTO changes (seq, changes) VALUES ($1, $2)', [seq, JSON.stringify(changes)]);
  await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, String(seq)]);
}

/** The newest change-log seq (0 when the log is empty). */
export async function readLastSeq(client: pg.ClientBase | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM changes');
  return Number(rows[0]!.seq);
}

/** Every record in insertion order and the newest change-log seq (the caller holds the write lock). */
export async function readEverything(
  client: pg.ClientBase,
): Promise<{ records: { collection: string; data: StoredRecord }[]; seq: number }> {
  const { rows } = await client.query<{ collection: string; data: StoredRecord }>(
    'SELECT collection, data FROM records ORDER BY ord',
  );
  return { records: rows, seq: await readLastSeq(client) };
}

/**
 * Writes records exported from another storage (`npm run data:import`) into an empty database, keeping their ids,
 * versions, dates and order, in one SQL transaction under the write lock. Refuses a database that already holds
 * records (a server already started on it has seeded example data). Instances that are running anyway find a gap
 * in the change log after it and reload every record.
 *
 * `alsoInTransaction` runs inside the same transaction after the records (the import stores the uploaded images
 * there): a failure or a killed import leaves nothing, so the import can simply be run again.
 */
export async function importIntoEmptyPostgres(
  databaseUrl: string,
  collections: Partial<Record<CollectionName, readonly StoredRecord[]>>,
  alsoInTransaction?: (client: pg.ClientBase) => Promise<void>,
): Promise<void> {
  await migratePostgres(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(TAKE_WRITE_LOCK);
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
        await client.query(insertRecords(''), [JSON.stringify(chunk)]);
      }
    }
    // Past any seq a running instance could expect next: it sees a gap and reloads everything.
    const seq = (await readLastSeq(client)) + 2;
    await client.query('INSERT INTO changes (seq, changes) VALUES ($1, $2)', [seq, '[]']);
    await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, String(seq)]);
    await alsoInTransaction?.(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
