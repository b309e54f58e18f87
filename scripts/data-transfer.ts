/**
 * Moving data between the file database and PostgreSQL (issue 16), through a folder:
 *
 *   STORAGE=file DATA_DIR=./data npm run data:export -- ./moving
 *   STORAGE=postgres DATABASE_URL=postgres://… DATA_DIR=./data-pg npm run data:import -- ./moving
 *
 * and the other way round with the variables swapped. The source and the target are chosen by the same variables
 * as the server (STORAGE, DATA_DIR, DATABASE_URL; api/config.ts).
 *
 * The folder holds `records.json` (every record of every collection, with ids, versions and dates: the format of
 * a db.json snapshot), `uploads/` (the uploaded images) and `manifest.json` (counts and a SHA-256 per collection).
 * The import writes into an empty target only (a file data folder without db.json, or a database without records:
 * run it before the first start, which would seed example data), then reopens the target and checks every count
 * and checksum against the manifest; any difference fails the command (exit 1).
 *
 * Stop the server before exporting a file database (one process per DATA_DIR). A PostgreSQL export may run while
 * instances serve: it reads one consistent state, taken under the write lock.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfigOrExit, type AppConfig } from '../api/config';
import { openFileStorage } from '../api/storage/file-storage';
import { importIntoEmptyPostgres, openPostgresStorage } from '../api/storage/postgres-storage';
import { isExpired, type StoredRecord } from '../api/storage/engine';
import { writeSnapshotFile } from '../api/storage/snapshot-file';
import { COLLECTION_NAMES, type CollectionName, type Storage } from '../api/storage/storage';
import { saveUploads } from '../api/uploads/postgres-uploads';

const UPLOAD_NAME = /^[0-9a-f]{16}-\d{1,5}\.webp$/;

interface Manifest {
  format: 1;
  exportedAt: string;
  source: string;
  collections: Record<CollectionName, { count: number; sha256: string }>;
  uploads: { count: number; names: string[] };
}

type Collections = Record<CollectionName, StoredRecord[]>;

const digest = (records: readonly unknown[]) => createHash('sha256').update(JSON.stringify(records)).digest('hex');

function summarise(collections: Collections): Manifest['collections'] {
  return Object.fromEntries(
    COLLECTION_NAMES.map((name) => [name, { count: collections[name].length, sha256: digest(collections[name]) }]),
  ) as Manifest['collections'];
}

async function openSource(config: AppConfig): Promise<Storage> {
  if (config.storage === 'postgres') {
    return openPostgresStorage({ databaseUrl: config.databaseUrl!, listen: false, pollEveryMs: 0, sweepEveryMs: 0 });
  }
  if (config.storage === 'file') return openFileStorage({ dataDir: config.dataDir, sweepEveryMs: 0 });
  throw new Error('STORAGE=memory holds nothing to move: use file or postgres');
}

async function readAll(storage: Storage): Promise<Collections> {
  const out = {} as Collections;
  for (const name of COLLECTION_NAMES) out[name] = (await storage.list(name)) as unknown as StoredRecord[];
  return out;
}

async function localUploads(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => UPLOAD_NAME.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** name → bytes of every upload of the configured storage (the table with PostgreSQL, else DATA_DIR/uploads). */
async function readUploads(config: AppConfig): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  if (config.storage === 'postgres') {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; bytes: Buffer }>(
        'SELECT name, bytes FROM uploads ORDER BY name',
      );
      for (const row of rows) files.set(row.name, row.bytes);
    } finally {
      await client.end();
    }
  } else {
    const dir = path.join(config.dataDir, 'uploads');
    for (const name of await localUploads(dir)) files.set(name, await readFile(path.join(dir, name)));
  }
  return files;
}

async function exportTo(folder: string, config: AppConfig): Promise<Manifest> {
  await mkdir(path.join(folder, 'uploads'), { recursive: true, mode: 0o700 });
  if ((await readdir(folder)).some((name) => name === 'records.json')) {
    throw new Error(`${folder} already holds an export (records.json): choose an empty folder`);
  }
  const storage = await openSource(config);
  let collections: Collections;
  try {
    collections = await readAll(storage);
    for (const name of COLLECTION_NAMES) {
      const count = await storage.count(name);
      if (count !== collections[name].length)
        throw new Error(`${name}: listed ${collections[name].length} of ${count}`);
    }
  } finally {
    await storage.close();
  }
  const uploads = await readUploads(config);
  for (const [name, bytes] of uploads) await writeFile(path.join(folder, 'uploads', name), bytes, { mode: 0o600 });
  await writeSnapshotFile(path.join(folder, 'records.json'), { format: 1, lastSeq: 0, collections });
  const manifest: Manifest = {
    format: 1,
    exportedAt: new Date().toISOString(),
    source: config.storage === 'postgres' ? 'postgres' : `file ${config.dataDir}`,
    collections: summarise(collections),
    uploads: { count: uploads.size, names: [...uploads.keys()] },
  };
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

async function importFrom(folder: string, config: AppConfig): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  const snapshot = JSON.parse(await readFile(path.join(folder, 'records.json'), 'utf8')) as {
    collections: Partial<Collections>;
  };
  const collections = Object.fromEntries(
    COLLECTION_NAMES.map((name) => [name, snapshot.collections[name] ?? []]),
  ) as Collections;
  // The folder is checked against its own manifest before anything is written.
  compare('export folder', summarise(collections), manifest.collections);
  // Stored answers to Idempotency-Keys that expired since the export are dropped (the target would not load them).
  const nowMs = Date.now();
  const expired = collections.idempotency.filter((record) => isExpired('idempotency', record, nowMs)).length;
  collections.idempotency = collections.idempotency.filter((record) => !isExpired('idempotency', record, nowMs));
  const expected = summarise(collections);
  const uploads = new Map<string, Buffer>();
  for (const name of manifest.uploads.names) uploads.set(name, await readFile(path.join(folder, 'uploads', name)));

  if (config.storage === 'postgres') {
    await importIntoEmptyPostgres(config.databaseUrl!, collections);
    const pool = new pg.Pool({ connectionString: config.databaseUrl });
    try {
      await saveUploads(
        pool,
        [...uploads].map(([name, data]) => ({ name, contentType: 'image/webp', data })),
      );
    } finally {
      await pool.end();
    }
  } else if (config.storage === 'file') {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    const present = (await readdir(config.dataDir)).filter(
      (name) => name === 'db.json' || /^journal-\d+\.jsonl$/.test(name),
    );
    if (present.length > 0) {
      throw new Error(
        `${config.dataDir} already holds a database (${present.join(', ')}): import only into an empty data folder`,
      );
    }
    await writeSnapshotFile(path.join(config.dataDir, 'db.json'), { format: 1, lastSeq: 0, collections });
    const dir = path.join(config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    for (const name of uploads.keys()) await copyFile(path.join(folder, 'uploads', name), path.join(dir, name));
  } else {
    throw new Error('STORAGE=memory keeps nothing: import into file or postgres');
  }

  // Read the target back as the server will, and check it.
  const target = await openSource(config);
  try {
    compare('imported data', summarise(await readAll(target)), expected);
  } finally {
    await target.close();
  }
  const stored = await readUploads(config);
  const missing = manifest.uploads.names.filter((name) => !stored.get(name)?.equals(uploads.get(name)!));
  if (missing.length > 0) throw new Error(`uploads missing or different after the import: ${missing.join(', ')}`);
  if (expired > 0) console.log(`${expired} stored Idempotency-Key answers had expired since the export: not imported.`);
  manifest.collections = expected;
  return manifest;
}

function compare(what: string, actual: Manifest['collections'], expected: Manifest['collections']): void {
  const problems = COLLECTION_NAMES.filter(
    (name) => actual[name].count !== expected[name]?.count || actual[name].sha256 !== expected[name]?.sha256,
  ).map(
    (name) => `${name}: ${actual[name].count} records, expected ${expected[name]?.count ?? 0} (or different content)`,
  );
  if (problems.length > 0) throw new Error(`The ${what} does not match the manifest:\n  ${problems.join('\n  ')}`);
}

function table(manifest: Manifest): string {
  const lines = COLLECTION_NAMES.map(
    (name) => `  ${name.padEnd(12)} ${String(manifest.collections[name].count).padStart(7)}`,
  );
  lines.push(`  ${'uploads'.padEnd(12)} ${String(manifest.uploads.count).padStart(7)} files`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'export' && command !== 'import') || !folder) {
    console.error('Usage: npm run data:export -- <folder>   or   npm run data:import -- <folder>');
    console.error('Source or target: STORAGE=file DATA_DIR=… or STORAGE=postgres DATABASE_URL=… (as for the server).');
    process.exit(1);
  }
  const config = loadConfigOrExit();
  const where = config.storage === 'postgres' ? 'PostgreSQL' : config.dataDir;
  try {
    if (command === 'export') {
      const manifest = await exportTo(path.resolve(folder), config);
      console.log(`Exported from ${where} to ${path.resolve(folder)}:\n${table(manifest)}`);
    } else {
      await stat(path.join(folder, 'manifest.json'));
      const manifest = await importFrom(path.resolve(folder), config);
      console.log(
        `Imported into ${where} from ${path.resolve(folder)}, every count and checksum checked:\n${table(manifest)}`,
      );
    }
  } catch (error) {
    console.error(`${command === 'export' ? 'Export' : 'Import'} failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

await main();
