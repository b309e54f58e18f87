/**
 * The PostgreSQL adapter's writes (group commit): every body queued while the previous batch was being written
 * goes in the next SQL transaction, which takes the write lock shared by all instances, catches the mirror up,
 * runs the bodies on it, writes their changes with the change-log row and NOTIFY, and only then settles their
 * promises. A batch that fails is undone in the mirror and every caller gets StorageUnavailableError.
 */
import type pg from 'pg';
import type { Committed } from './engine';
import type { PostgresMirror } from './postgres-mirror';
import { errorText, LOG_FROM_SEQ, splitLogFrom, TAKE_WRITE_LOCK, writeChanges, type LogRow } from './postgres-sql';
import { StorageUnavailableError, type Transaction } from './storage';

/** node-postgres's error for a query with no answer within `query_timeout`. */
const isQueryTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout';

/** Bodies per SQL transaction at most: bounds one change-log row and one event-loop turn. */
const MAX_BATCH = 500;

interface Queued {
  body: (tx: Transaction) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface PostgresWriter {
  /** Queues `body`; resolves with its result once its batch has committed. */
  enqueue<R>(body: (tx: Transaction) => R): Promise<R>;
  /** Resolves once every write queued so far is settled. */
  idle(): Promise<void>;
  /**
   * True from the moment bodies may run on the mirror until their COMMIT is settled: catching up must not
   * interleave (the mirror may hold uncommitted bodies, and the batch caught up under the lock anyway).
   */
  readonly writing: boolean;
}

export function createPostgresWriter(pool: pg.Pool, mirror: PostgresMirror): PostgresWriter {
  let writing = false;

  const queue: Queued[] = [];
  let draining: Promise<void> | null = null;

  const commitBatch = async (batch: Queued[]) => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      const failure = new StorageUnavailableError(`cannot reach PostgreSQL (${errorText(error)})`);
      for (const item of batch) item.reject(failure);
      return;
    }
    const executed: { item: Queued; committed: Committed<unknown> }[] = [];
    let broken = false;
    // A checked-out client has no listener of the pool's: node-postgres emits 'error' on it when the server ends
    // the session (a restart, a failover, pg_terminate_backend, the idle-in-transaction timeout after a freeze), and
    // an 'error' event nobody listens to ended the process, answering nothing. The query in flight (or the next one)
    // rejects anyway, and the catch below answers 503 for this batch.
    const onLost = () => {
      broken = true;
    };
    client.on('error', onLost);
    try {
      await client.query('BEGIN');
      await client.query(TAKE_WRITE_LOCK);
      if (mirror.needReload) {
        await mirror.reload(client);
      } else {
        const { rows } = await client.query<LogRow>(LOG_FROM_SEQ, [mirror.lastSeq]);
        // `lost`: the database was restored with less history than the mirror holds; the mirror reloads.
        const { newer, lost } = splitLogFrom(rows, mirror.lastSeq);
        if (lost || !mirror.applyLog(newer)) await mirror.reload(client);
      }

      writing = true;
      for (const item of batch) {
        try {
          executed.push({ item, committed: mirror.engine.execute(item.body) });
        } catch (error) {
          item.reject(error); // the engine has undone this body; the others go on
        }
      }
      const changes = executed.flatMap(({ committed }) => committed.changes);
      if (changes.length > 0) {
        const seq = mirror.lastSeq + 1;
        await writeChanges(client, changes, seq);
        await client.query('COMMIT');
        mirror.lastSeq = seq;
      } else {
        await client.query('COMMIT'); // read-only bodies: nothing to log
      }
    } catch (error) {
      broken = true;
      mirror.engine.rollback(executed.map(({ committed }) => committed));
      // A query that timed out is still the connection's active one: a ROLLBACK would only wait behind it. The
      // connection is destroyed below instead, which ends the transaction on the server.
      if (!isQueryTimeout(error)) await client.query('ROLLBACK').catch(() => {});
      // A unique value the database refused although the mirror allowed it: the mirror was wrong. Start over.
      if ((error as { code?: string }).code === '23505') mirror.needReload = true;
      const failure = new StorageUnavailableError(
        isQueryTimeout(error)
          ? `PostgreSQL did not answer (${errorText(error)})`
          : `PostgreSQL refused the write (${errorText(error)})`,
      );
      for (const { item } of executed) item.reject(failure);
      // Bodies not reached (the failure came before them) are rejected too.
      for (const item of batch) if (!executed.some((done) => done.item === item)) item.reject(failure);
      return;
    } finally {
      writing = false;
      // A connection that failed mid-transaction may be unusable: destroy it rather than return it to the pool
      // (keeping the listener: a destroyed connection can still report its end).
      if (!broken) client.off('error', onLost);
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

  return {
    enqueue<R>(body: (tx: Transaction) => R): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
        startDrain();
      });
    },
    async idle() {
      while (draining) await draining;
    },
    get writing() {
      return writing;
    },
  };
}
