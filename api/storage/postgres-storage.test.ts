import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { startPostgresCluster, type PostgresCluster } from '../../tests/support/postgres-cluster';
import { migratePostgres } from './postgres-migrations';
import { TAKE_WRITE_LOCK } from './postgres-sql';
import { openPostgresStorage, type PostgresStorage, type PostgresStorageOptions } from './postgres-storage';
import { StorageUnavailableError, VersionConflictError } from './storage';
import { newCommunity, runStorageContract } from './storage-contract';

// One cluster for the whole file (initdb + start take a second or two); every test gets its own database.
let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

/**
 * The contract's tests share one database, emptied before each (CREATE DATABASE costs about half a second; a
 * TRUNCATE a few milliseconds). Each test still opens a fresh storage on it, as it would a fresh database.
 */
let contractDatabase: string | undefined;
async function emptyContractDatabase(): Promise<string> {
  if (!contractDatabase) {
    contractDatabase = await cluster.createDatabase('contract');
    await migratePostgres(contractDatabase);
  }
  const client = new pg.Client({ connectionString: contractDatabase });
  await client.connect();
  try {
    await client.query('TRUNCATE records, changes, shared_secrets, uploads RESTART IDENTITY');
  } finally {
    await client.end();
  }
  return contractDatabase;
}

runStorageContract('postgres', async () => {
  const databaseUrl = await emptyContractDatabase();
  let current = await openPostgresStorage({ databaseUrl });
  return {
    storage: current,
    reopen: async () => (current = await openPostgresStorage({ databaseUrl })),
    cleanup: async () => {
      await current.close();
    },
  };
});

/**
 * A TCP relay to the cluster that can go silent: connections stay open and new ones are accepted, but nothing
 * passes either way, as with a frozen database server or a dropped route (no error, no reset).
 */
async function silentRelay(targetPort: number) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.on('data', (data) => void (silent || upstream.write(data)));
    upstream.on('data', (data) => void (silent || client.write(data)));
    client.on('end', () => void (silent || upstream.end()));
    upstream.on('end', () => void (silent || client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silence: () => {
      silent = true;
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `promise`'s outcome, or a rejection saying it was still pending after `ms` (instead of a test timeout). */
const within = <T>(ms: number, promise: Promise<T>): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms).unref()),
  ]);

describe('postgres storage', () => {
  const opened: PostgresStorage[] = [];
  const open = async (options: PostgresStorageOptions) => {
    const storage = await openPostgresStorage(options);
    opened.push(storage);
    return storage;
  };
  const closeAll = async () => {
    for (const storage of opened.splice(0)) await storage.close();
  };
  const query = async (databaseUrl: string, sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  it('keeps records, order and the change log in SQL tables', async () => {
    const databaseUrl = await cluster.createDatabase('tables');
    const storage = await open({ databaseUrl });
    const [a, b] = await storage.transact((tx) => [
      tx.insert('communities', newCommunity('first')),
      tx.insert('communities', newCommunity('second')),
    ]);
    await storage.transact((tx) => tx.update('communities', a.id, { name: 'Renamed' }));
    await storage.transact((tx) => tx.remove('communities', b.id));
    const rows = await query(databaseUrl, 'SELECT collection, id, version, data FROM records ORDER BY ord');
    expect(rows).toEqual([
      { collection: 'communities', id: a.id, version: 2, data: await storage.get('communities', a.id) },
    ]);
    const log = await query(databaseUrl, 'SELECT seq FROM changes ORDER BY seq');
    expect(log.map((row) => Number(row.seq))).toEqual([1, 2, 3]);
    expect(storage.seq).toBe(3);
    await closeAll();
  });

  it('refuses a duplicate slug in the database itself, even from a writer that bypasses the mirror', async () => {
    const databaseUrl = await cluster.createDatabase('unique');
    const storage = await open({ databaseUrl });
    const made = await storage.transact((tx) => tx.insert('communities', newCommunity('taken')));
    const error = await query(
      databaseUrl,
      `INSERT INTO records (collection, id, version, data) VALUES ('communities', 'other', 1, $1)`,
      [JSON.stringify({ ...made, id: 'other' })],
    ).catch((e) => e);
    expect(error.code).toBe('23505');
    await closeAll();
  });

  it('swaps two unique values in one transaction (the constraint is checked at COMMIT)', async () => {
    const databaseUrl = await cluster.createDatabase('swap');
    const storage = await open({ databaseUrl });
    const [x, y] = await storage.transact((tx) => [
      tx.insert('communities', newCommunity('x')),
      tx.insert('communities', newCommunity('y')),
    ]);
    await storage.transact((tx) => {
      tx.update('communities', x.id, { slug: 'tmp' });
      tx.update('communities', y.id, { slug: 'x' });
      tx.update('communities', x.id, { slug: 'y' });
    });
    const reopened = await open({ databaseUrl, listen: false });
    expect((await reopened.findOne('communities', 'slug', 'x'))?.id).toBe(y.id);
    expect((await reopened.findOne('communities', 'slug', 'y'))?.id).toBe(x.id);
    await closeAll();
  });

  it('rolls the mirror back and rejects with StorageUnavailableError when the COMMIT fails, then recovers', async () => {
    const databaseUrl = await cluster.createDatabase('fail');
    const storage = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
    const kept = await storage.transact((tx) => tx.insert('communities', newCommunity('kept')));
    const revision = storage.revision('communities');
    // A trigger makes the next change-log insert fail: the whole SQL transaction is refused.
    await query(
      databaseUrl,
      `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
       CREATE TRIGGER refuse BEFORE INSERT ON changes FOR EACH ROW EXECUTE FUNCTION refuse();`,
    );
    const attempts = await Promise.allSettled([
      storage.transact((tx) => tx.update('communities', kept.id, { name: 'lost' })),
      storage.transact((tx) => tx.insert('communities', newCommunity('lost'))),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe('rejected');
      expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
    }
    expect(await storage.list('communities')).toEqual([kept]);
    expect(storage.revision('communities')).not.toBe(revision);

    await query(databaseUrl, 'DROP TRIGGER refuse ON changes');
    await storage.transact((tx) => tx.insert('communities', newCommunity('after')));
    const fresh = await open({ databaseUrl, listen: false });
    expect((await fresh.list('communities')).map((r) => r.slug)).toEqual(['kept', 'after']);
    await closeAll();
  });

  it('fails writes and checks with StorageUnavailableError, and closes, when the database stops answering (audit #2)', async () => {
    const databaseUrl = await cluster.createDatabase('silent');
    const relay = await silentRelay(cluster.port);
    try {
      const throughRelay = databaseUrl.replace(`:${cluster.port}/`, `:${relay.port}/`);
      const storage = await openPostgresStorage({
        databaseUrl: throughRelay,
        queryTimeoutMs: 500,
        pollEveryMs: 0,
        sweepEveryMs: 0,
        log: () => {},
      });
      const kept = await storage.transact((tx) => tx.insert('communities', newCommunity('kept')));
      // The pool keeps the write's connection open and idle: the next write reuses it, and gets no answer.
      relay.silence();
      const started = Date.now();
      const attempts = await Promise.allSettled([
        within(
          4000,
          storage.transact((tx) => tx.insert('communities', newCommunity('unanswered'))),
        ),
        within(
          4000,
          storage.transact((tx) => tx.update('communities', kept.id, { name: 'unanswered' })),
        ),
        within(4000, storage.upToDate()),
      ]);
      for (const attempt of attempts) {
        expect(attempt.status).toBe('rejected');
        expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
      }
      expect(Date.now() - started).toBeLessThan(4000);
      expect(await storage.list('communities')).toEqual([kept]);
      // Shutdown does not wait for a database that will not answer (2 × the query timeout at most).
      await within(3000, storage.close());
    } finally {
      await relay.stop();
    }
  });

  it('rejects a write with StorageUnavailableError, and stays up, when PostgreSQL ends its session mid-write (audit: restarts)', async () => {
    const databaseUrl = await cluster.createDatabase('terminated');
    const storage = await open({ databaseUrl, listen: false, pollEveryMs: 0, sweepEveryMs: 0, log: () => {} });
    const kept = await storage.transact((tx) => tx.insert('communities', newCommunity('kept')));
    // Another session holds the write lock, so this instance's write waits inside its transaction...
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(TAKE_WRITE_LOCK);
      const write = storage.transact((tx) => tx.insert('communities', newCommunity('cut-off')));
      const settled = write.then(
        () => 'stored',
        (error: unknown) => error,
      );
      const waiting = async () =>
        (
          await holder.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()`,
          )
        ).rows;
      await vi.waitFor(async () => expect(await waiting()).toHaveLength(1), { timeout: 5000 });
      // ...and the server ends that session (an administrator, a failover, a restart).
      await holder.query('SELECT pg_terminate_backend($1)', [(await waiting())[0]!.pid]);
      expect(await within(5000, settled)).toBeInstanceOf(StorageUnavailableError);
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }
    // The process is still here, and so is the storage: the next write goes through.
    await storage.transact((tx) => tx.insert('communities', newCommunity('after')));
    expect((await storage.list('communities')).map((r) => r.slug)).toEqual([kept.slug, 'after']);
    await closeAll();
  });

  it('reloads when the database comes back with less history than it holds (restored from a backup)', async () => {
    const databaseUrl = await cluster.createDatabase('restored');
    const storage = await open({ databaseUrl, listen: false, pollEveryMs: 0, sweepEveryMs: 0, log: () => {} });
    const kept = await storage.transact((tx) => tx.insert('communities', newCommunity('kept')));
    const [backup] = await query(
      databaseUrl,
      `SELECT (SELECT max(seq)::int FROM changes) AS seq, (SELECT data::text FROM records WHERE id = $1) AS data`,
      [kept.id],
    );
    await storage.transact((tx) => tx.insert('communities', newCommunity('after-the-backup')));
    await storage.transact((tx) => tx.update('communities', kept.id, { name: 'Renamed after the backup' }));
    // The backup is restored: the later changes, and what they wrote, are gone from the database.
    await query(databaseUrl, 'DELETE FROM changes WHERE seq > $1', [backup.seq]);
    await query(databaseUrl, `DELETE FROM records WHERE data->>'slug' = 'after-the-backup'`);
    await query(databaseUrl, 'UPDATE records SET data = $2::json, version = 1 WHERE id = $1', [kept.id, backup.data]);

    await storage.upToDate();
    expect(await storage.list('communities')).toEqual([kept]);
    // And a write goes on from the restored state.
    const next = await storage.transact((tx) => tx.update('communities', kept.id, { name: 'After the restore' }));
    expect(next.version).toBe(kept.version + 1);
  });

  it('refuses to start on a database whose schema is newer than this build (a migration it does not know)', async () => {
    const databaseUrl = await cluster.createDatabase('newer');
    await migratePostgres(databaseUrl);
    await query(databaseUrl, `INSERT INTO pgmigrations (name, run_on) VALUES ('1899999999999_future-schema', now())`);
    await expect(migratePostgres(databaseUrl)).rejects.toThrow(
      /schema is newer than this build: it has migration\(s\) 1899999999999_future-schema/,
    );
    await expect(openPostgresStorage({ databaseUrl, listen: false, log: () => {} })).rejects.toThrow(/newer/);
  });

  describe('two instances on one database', () => {
    it('see each other’s writes through NOTIFY alone, and bump the revision caches key on', async () => {
      const databaseUrl = await cluster.createDatabase('notify');
      const a = await open({ databaseUrl, pollEveryMs: 0 });
      const b = await open({ databaseUrl, pollEveryMs: 0 });
      const revision = b.revision('communities');
      const listings = b.revision('listings');
      const made = await a.transact((tx) => tx.insert('communities', newCommunity('from-a')));
      await vi.waitFor(async () => expect(await b.get('communities', made.id)).toEqual(made), { timeout: 2000 });
      expect(b.revision('communities')).not.toBe(revision);
      expect(b.revision('listings')).toBe(listings);
      expect(b.seq).toBe(a.seq);
      await closeAll();
    });

    it('see each other’s writes through the timer when no notification arrives', async () => {
      const databaseUrl = await cluster.createDatabase('poll');
      const a = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const b = await open({ databaseUrl, listen: false, pollEveryMs: 50 });
      // C neither listens nor polls: it shows that without the timer nothing would tell B.
      const c = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const made = await a.transact((tx) => tx.insert('communities', newCommunity('polled')));
      await vi.waitFor(async () => expect(await b.get('communities', made.id)).toEqual(made), { timeout: 2000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await c.get('communities', made.id)).toBeUndefined();
      await closeAll();
    });

    it('serialise writes across instances: a stale expected version is refused on the other instance', async () => {
      const databaseUrl = await cluster.createDatabase('ifmatch');
      const a = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const b = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const made = await a.transact((tx) => tx.insert('communities', newCommunity('shared')));
      // B has not caught up (no LISTEN, no timer): its write still runs against the latest state.
      const onB = await b.transact((tx) => tx.update('communities', made.id, { name: 'B' }, { expectedVersion: 1 }));
      expect(onB.version).toBe(2);
      const stale = await a
        .transact((tx) => tx.update('communities', made.id, { name: 'A' }, { expectedVersion: 1 }))
        .catch((e) => e);
      expect(stale).toBeInstanceOf(VersionConflictError);
      expect(stale.current).toEqual(onB);

      // 40 concurrent increments spread over both: none lost.
      const counter = await a.transact((tx) =>
        tx.insert('idempotency', {
          id: 'counter',
          requestHash: 'h',
          statusCode: 200,
          body: { n: 0 },
          expiresAt: '2999-01-01T00:00:00.000Z',
        }),
      );
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).transact((tx) => {
            const current = tx.get('idempotency', counter.id)!;
            const n = (current.body as { n: number }).n;
            return tx.update('idempotency', counter.id, { body: { n: n + 1 } }, { expectedVersion: current.version });
          }),
        ),
      );
      await a.catchUp();
      await b.catchUp();
      expect((await a.get('idempotency', 'counter'))!.body).toEqual({ n: 40 });
      expect(await b.get('idempotency', 'counter')).toEqual(await a.get('idempotency', 'counter'));
      await closeAll();
    });

    it('reloads everything when the log it needs was pruned, and keeps revisions moving forward', async () => {
      const databaseUrl = await cluster.createDatabase('pruned');
      const a = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const b = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const revision = b.revision('communities');
      for (let i = 0; i < 3; i++) await a.transact((tx) => tx.insert('communities', newCommunity(`p${i}`)));
      await query(databaseUrl, 'DELETE FROM changes WHERE seq < 3');
      await b.catchUp();
      await vi.waitFor(async () => expect(await b.count('communities')).toBe(3), { timeout: 2000 });
      expect(await b.list('communities')).toEqual(await a.list('communities'));
      expect(b.revision('communities')).toBeGreaterThan(revision);
      expect(b.seq).toBe(3);
      await closeAll();
    });

    it('create a shared secret once: every instance reads the same', async () => {
      const databaseUrl = await cluster.createDatabase('secret');
      const a = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const b = await open({ databaseUrl, listen: false, pollEveryMs: 0 });
      const [fromA, fromB] = await Promise.all([a.sharedSecret('jwt'), b.sharedSecret('jwt')]);
      expect(fromA).toBe(fromB);
      expect(fromA.length).toBeGreaterThanOrEqual(32);
      expect(await a.sharedSecret('other')).not.toBe(fromA);
      await closeAll();
    });
  });
});
