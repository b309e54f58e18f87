/**
 * The only file that listens. Reads the config, opens the data folder, seeds a first start, serves, and on
 * SIGINT/SIGTERM stops taking requests, lets in-flight ones finish and flushes storage before exiting.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfigOrExit, type AppConfig } from './config';
import { ensureFirstStart, firstAdminCredentials } from './seed/first-start';
import { openFileStorage } from './storage/file-storage';
import { createMemoryStorage } from './storage/memory-storage';
import { postgresRateLimitStore } from './storage/postgres-rate-limits';
import { openPostgresStorage, type PostgresStorage } from './storage/postgres-storage';
import { writeFileAtomic } from './uploads/atomic-file';
import { startPostgresUploads, type PostgresUploads } from './uploads/postgres-uploads';
import { CorruptDataError, type Storage } from './storage/storage';

/**
 * JWT_SECRET, or one generated on first start and kept in DATA_DIR/secret (0600) so tokens survive restarts. With
 * STORAGE=postgres it is created once in the database instead, so every instance signs and accepts the same tokens
 * (and derives the same kiosk-pass key from it).
 */
async function jwtSecret(config: AppConfig, storage: Storage): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.storage === 'postgres') return (storage as PostgresStorage).sharedSecret('jwt');
  const file = path.join(config.dataDir, 'secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  // Durable before any token or Idempotency-Key fingerprint is made with it: a secret lost in a power cut (an empty
  // file after a crash) would end every session and turn a queued lead's resend into a refused write.
  await writeFileAtomic(file, `${secret}\n`);
  return secret;
}

/** The database URL without its password, for the start banner. */
function redactedDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

async function openStorage(config: AppConfig): Promise<Storage> {
  if (config.storage === 'postgres') {
    // Pending migrations run here; several instances starting together wait for one another's (see postgres-migrations.ts).
    return openPostgresStorage({ databaseUrl: config.databaseUrl! });
  }
  return config.storage === 'memory' ? createMemoryStorage() : openFileStorage({ dataDir: config.dataDir });
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });

  let storage: Storage;
  try {
    storage = await openStorage(config);
  } catch (error) {
    if (error instanceof CorruptDataError) {
      console.error(error.message);
      process.exit(1);
    }
    if (config.storage === 'postgres') {
      // Unreachable server, wrong password, missing database, a failed migration: one line that says which.
      console.error(
        `Cannot open the PostgreSQL storage at ${redactedDatabaseUrl(config.databaseUrl!)}: ${(error as Error).message}`,
      );
      process.exit(1);
    }
    throw error;
  }
  config.jwtSecret = await jwtSecret(config, storage);
  // With PostgreSQL the database holds the uploaded images; DATA_DIR/uploads is this instance's copy of them.
  let uploads: PostgresUploads | undefined;
  if (config.storage === 'postgres') {
    uploads = await startPostgresUploads({
      pool: (storage as PostgresStorage).pool,
      databaseUrl: config.databaseUrl!,
      uploadsDir: path.join(config.dataDir, 'uploads'),
    });
  }

  const firstStart = await ensureFirstStart(storage, config, { writeCredentialsFile: config.storage === 'file' });
  const app = await buildApp({
    config,
    storage,
    // In demo mode the first admin's password is known (never generated), so the login form may pre-fill it.
    demoCredentials: config.demoMode ? firstAdminCredentials(config) : undefined,
    // Several instances share one database: they count rate limits and password failures there too.
    rateLimits: config.storage === 'postgres' ? postgresRateLimitStore((storage as PostgresStorage).pool) : undefined,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    try {
      await app.close();
      await uploads?.stop();
      await storage.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Houston communities site listening on ${address}`,
    config.storage === 'postgres'
      ? `  storage: PostgreSQL ${redactedDatabaseUrl(config.databaseUrl!)} (uploads in ${config.dataDir})`
      : `  data folder: ${config.dataDir} (${config.storage} storage)`,
  ];
  if (firstStart.seededContent) lines.push('  first start: example communities, listings and properties loaded');
  if (firstStart.createdAdmin) {
    const { email, password, passwordWasGenerated, credentialsFile } = firstStart.createdAdmin;
    lines.push(`  first super admin: ${email}`);
    if (passwordWasGenerated) {
      lines.push(`  password (shown once): ${password}`);
      if (credentialsFile) lines.push(`  also saved in ${credentialsFile} (delete it after signing in)`);
    } else {
      lines.push('  password: as configured (ADMIN_PASSWORD or demo mode)');
    }
  }
  console.log(lines.join('\n'));
}

await main();
