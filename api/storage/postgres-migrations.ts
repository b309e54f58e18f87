/**
 * The PostgreSQL schema, versioned by node-pg-migrate: plain SQL files in migrations/ (at the repository root),
 * applied in order and recorded in the `pgmigrations` table. The server runs them at start (postgres-storage.ts)
 * and `npm run migrate` runs them alone. Several instances starting together are safe: node-pg-migrate holds an
 * advisory lock while it migrates, and `advisoryLockMode: 'wait'` makes the others wait for it instead of failing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Applies every pending migration; resolves with the names applied (empty when the schema is current). */
export async function migratePostgres(
  databaseUrl: string,
  log: (message: string) => void = () => {},
): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    singleTransaction: true,
    advisoryLockMode: 'wait',
    checkOrder: true,
    log,
  });
  await refuseNewerSchema(databaseUrl);
  return applied.map((migration) => migration.name);
}

/**
 * An instance older than the database's schema (a rollback of one instance, a stale build in a rolling deploy)
 * must not start: node-pg-migrate's order check compares only the migrations both sides know, so it started
 * silently, and every change of a collection it does not know made it reload everything under the write lock.
 */
async function refuseNewerSchema(databaseUrl: string): Promise<void> {
  const known = new Set(
    (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).map((file) => path.parse(file).name),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY run_on, id');
    const unknown = rows.map((row) => row.name).filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new Error(
        `The database's schema is newer than this build: it has migration(s) ${unknown.join(', ')}, which this build does not know. Start this instance from the build that made them.`,
      );
    }
  } finally {
    await client.end();
  }
}
