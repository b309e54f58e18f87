/**
 * `npm run migrate`: applies pending PostgreSQL migrations (migrations/*.sql, node-pg-migrate) to DATABASE_URL and
 * exits. The server also runs them at start; this is for a deploy that migrates once before starting N instances.
 */
import { migratePostgres } from '../api/storage/postgres-migrations';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'DATABASE_URL is required, e.g. DATABASE_URL=postgres://user:password@localhost:5432/houston npm run migrate',
  );
  process.exit(1);
}
try {
  const applied = await migratePostgres(databaseUrl);
  console.log(applied.length === 0 ? 'The schema is up to date.' : `Applied: ${applied.join(', ')}`);
} catch (error) {
  console.error(`Migration failed, nothing was changed: ${(error as Error).message}`);
  process.exit(1);
}
