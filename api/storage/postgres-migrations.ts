/**
 * The PostgreSQL schema, versioned by node-pg-migrate: plain SQL files in migrations/ (at the repository root),
 * applied in order and recorded in the `pgmigrations` table. The server runs them at start (postgres-storage.ts)
 * and `npm run migrate` runs them alone. Several instances starting together are safe: node-pg-migrate holds an
 * advisory lock while it migrates, and `advisoryLockMode: 'wait'` makes the others wait for it instead of failing.
 */
import { fileURLToPath } from 'node:url';
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
  return applied.map((migration) => migration.name);
}
