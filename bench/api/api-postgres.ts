/**
 * bench:api's storage side: the PostgreSQL mode (server version and durability settings for the report, one
 * database per scale holding the generated records), the result file names per storage, and the count of
 * contacts our server left behind (file or PostgreSQL) for the durability spot check.
 */
import pg from 'pg';
import type { StoredRecord } from '../../api/storage/engine';
import { openFileStorage } from '../../api/storage/file-storage';
import { importIntoEmptyPostgres } from '../../api/storage/postgres-storage';
import { COLLECTION_NAMES, type CollectionName } from '../../api/storage/storage';
import type { PostgresCluster } from '../../tests/support/postgres-cluster';
import type { BenchStorage } from './api-types';
import type { GeneratedData } from './generate-data';

/** api.json / api.md for the file storage (the default), api-postgres.* for PostgreSQL. */
export const resultsName = (storage: BenchStorage) => (storage === 'postgres' ? 'api-postgres' : 'api');

/** The server version and the settings that decide what a durable write costs, for the report. */
export async function postgresSettings(cluster: PostgresCluster): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; fsync: string; sync: string; fpw: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS sync, current_setting('full_page_writes') AS fpw`,
    );
    const row = rows[0]!;
    return `PostgreSQL ${row.version} (fsync ${row.fsync}, synchronous_commit ${row.sync}, full_page_writes ${row.fpw})`;
  } finally {
    await client.end();
  }
}

/**
 * A database for one scale holding exactly the records of the generated file data set (what json-server serves
 * too), moved with the same code as `npm run data:import`.
 */
export async function importIntoBenchDatabase(
  cluster: PostgresCluster,
  data: GeneratedData,
  scale: number,
): Promise<string> {
  const databaseUrl = await cluster.createDatabase(`bench_${scale}x`);
  const source = await openFileStorage({ dataDir: data.ourDataDir });
  try {
    const collections: Partial<Record<CollectionName, readonly StoredRecord[]>> = {};
    for (const name of COLLECTION_NAMES) collections[name] = (await source.list(name)) as readonly StoredRecord[];
    await importIntoEmptyPostgres(databaseUrl, collections);
  } finally {
    await source.close();
  }
  return databaseUrl;
}

/** Contacts stored after our server stopped: in its data folder, or in its PostgreSQL database. */
export async function countContacts(entry: { data: GeneratedData; databaseUrl?: string }): Promise<number> {
  if (entry.databaseUrl) {
    const client = new pg.Client({ connectionString: entry.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM records WHERE collection = 'contacts'",
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  }
  const storage = await openFileStorage({ dataDir: entry.data.ourDataDir });
  try {
    return await storage.count('contacts');
  } finally {
    await storage.close();
  }
}
