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
 * A file export only reads the data folder (db.json and the journals replayed in memory, readFileStorage): it
 * never compacts, rotates or removes a journal, so it cannot take acknowledged writes from under a server that
 * still uses the folder (stop the server first all the same: the export then holds its final state). A PostgreSQL
 * export may run while instances serve: it reads one consistent state, taken under the write lock.
 *
 * Upload names become paths (in the folder, in DATA_DIR/uploads): every name, from a manifest or from the uploads
 * table, must be an upload's own (`<16 hex>-<width>.webp`), or the whole command is refused before it writes.
 * Uploads are copied one file at a time and stored in PostgreSQL in batches of a few MB, inside the records'
 * transaction: a library of any size fits in memory, and a failed or killed import leaves the database empty.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfigOrExit, type AppConfig } from '../api/config';
import { fsyncPath } from '../api/storage/data-folder';
import { readFileStorage } from '../api/storage/file-storage';
import { importIntoEmptyPostgres, openPostgresStorage } from '../api/storage/postgres-storage';
import { isExpired, type StoredRecord } from '../api/storage/engine';
import { writeSnapshotFile } from '../api/storage/snapshot-file';
import { COLLECTION_NAMES, type CollectionName, type Storage } from '../api/storage/storage';
import { writeFileAtomic } from '../api/uploads/atomic-file';
import { UPLOAD_NAME } from '../api/uploads/postgres-uploads';

/** Bytes of uploads per INSERT: node-postgres sends a bytea[] as one hex string (2× the bytes), and V8 caps a string at ~512 M characters. */
const UPLOAD_BATCH_BYTES = 16 * 1024 * 1024;

interface Manifest {
  format: 1;
  exportedAt: string;
  source: string;
  collections: Record<CollectionName, { count: number; sha256: string }>;
  uploads: { count: number; names: string[] };
  /** The folder holds `secret`: the source's signing secret (absent in exports made before it was carried). */
  secret?: boolean;
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
    // Read-only too: no migration is applied to the database an export reads.
    return openPostgresStorage({
      databaseUrl: config.databaseUrl!,
      listen: false,
      pollEveryMs: 0,
      sweepEveryMs: 0,
      migrate: false,
    });
  }
  // Read-only: an export must not change its source, and the import's read-back only checks what it wrote.
  if (config.storage === 'file') return readFileStorage({ dataDir: config.dataDir });
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

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The names, if every one is an upload's own (`<16 hex>-<width>.webp`, as image-upload.ts makes them) and none
 * appears twice; otherwise refuses: any other name (`../../x`, `/etc/…`) would become a path outside the uploads
 * folder. `where` says what holds them, `fix` what to do about it.
 */
function checkUploadNames(names: unknown, where: string, fix: string): string[] {
  if (!Array.isArray(names)) throw new Error(`${where} has no list of upload names. ${fix}`);
  const bad = names.filter((name) => typeof name !== 'string' || !UPLOAD_NAME.test(name));
  if (bad.length > 0) {
    const shown = bad.slice(0, 5).map((name) => JSON.stringify(name));
    if (bad.length > 5) shown.push(`and ${bad.length - 5} more`);
    throw new Error(
      `${where} names uploads that are not upload file names (<16 hex>-<width>.webp): ${shown.join(', ')}. ${fix}`,
    );
  }
  if (new Set(names).size !== names.length) throw new Error(`${where} names an upload twice. ${fix}`);
  return names as string[];
}

/** The upload names of the configured storage (the table with PostgreSQL, else DATA_DIR/uploads), sorted. */
async function uploadNames(config: AppConfig): Promise<string[]> {
  if (config.storage !== 'postgres') return localUploads(path.join(config.dataDir, 'uploads'));
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM uploads ORDER BY name');
    return checkUploadNames(
      rows.map((row) => row.name),
      'The uploads table',
      'Nothing was exported: delete those rows (the servers never serve them) and export again.',
    );
  } finally {
    await client.end();
  }
}

/** name → SHA-256 of every upload of the configured storage, read one at a time. */
async function uploadDigests(config: AppConfig): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  if (config.storage === 'postgres') {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; sha: string }>(
        "SELECT name, encode(sha256(bytes), 'hex') AS sha FROM uploads",
      );
      for (const row of rows) digests.set(row.name, row.sha);
    } finally {
      await client.end();
    }
  } else {
    const dir = path.join(config.dataDir, 'uploads');
    for (const name of await localUploads(dir)) digests.set(name, sha256(await readFile(path.join(dir, name))));
  }
  return digests;
}

/** Copies every upload of the configured storage into `dir`, one file at a time; returns their names. */
async function exportUploads(config: AppConfig, dir: string): Promise<string[]> {
  const names = await uploadNames(config);
  if (config.storage !== 'postgres') {
    const from = path.join(config.dataDir, 'uploads');
    for (const name of names) await copyFile(path.join(from, name), path.join(dir, name));
    return names;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    for (const name of names) {
      const { rows } = await client.query<{ bytes: Buffer }>('SELECT bytes FROM uploads WHERE name = $1', [name]);
      await writeFile(path.join(dir, name), rows[0]!.bytes, { mode: 0o600 });
    }
  } finally {
    await client.end();
  }
  return names;
}

/**
 * Stores the named files of `dir` in the uploads table through `client` (inside the import's transaction), in
 * batches of at most UPLOAD_BATCH_BYTES, so neither memory nor one statement grows with the library.
 */
async function storeUploads(client: pg.ClientBase, dir: string, names: readonly string[]): Promise<void> {
  let batch: { name: string; data: Buffer }[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(
      `INSERT INTO uploads (name, content_type, bytes)
       SELECT name, 'image/webp', bytes FROM unnest($1::text[], $2::bytea[]) AS x(name, bytes)
       ON CONFLICT (name) DO NOTHING`,
      [batch.map((file) => file.name), batch.map((file) => file.data)],
    );
    batch = [];
    bytes = 0;
  };
  for (const name of names) {
    const data = await readFile(path.join(dir, name));
    if (bytes + data.length > UPLOAD_BATCH_BYTES) await flush();
    batch.push({ name, data });
    bytes += data.length;
  }
  await flush();
  // No NOTIFY on uploads_changed: its payload (the names) is capped at 8000 bytes, and an import runs before the
  // first start; an instance that does run copies the files at its next sync (every 30 s).
}

/**
 * The secret the source's servers sign with: admin tokens, kiosk passes and the fingerprints of stored
 * Idempotency-Key answers (api/http/idempotent-write.ts) are keyed by it. JWT_SECRET when set, else the data
 * folder's `secret` file, else PostgreSQL's shared one; undefined when none was made yet (no server ever started).
 */
async function sourceSecret(config: AppConfig): Promise<string | undefined> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.storage === 'postgres') {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ value: string }>("SELECT value FROM shared_secrets WHERE name = 'jwt'");
      return rows[0]?.value;
    } catch {
      return undefined; // no shared_secrets table: no instance ever started on it
    } finally {
      await client.end();
    }
  }
  try {
    const stored = (await readFile(path.join(config.dataDir, 'secret'), 'utf8')).trim();
    return stored.length >= 32 ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gives the target the source's secret, so that what the secret keys stays valid across the move: signed-in
 * admins, kiosk passes, and a queued lead or edit whose answer was lost before the move, which the target must
 * replay (with a new secret its stored fingerprint never matches: a 422 parked the lead as refused). A file
 * target that already has another secret is refused before anything is written.
 */
async function checkTargetSecret(config: AppConfig, secret: string | undefined): Promise<void> {
  if (secret === undefined || config.storage !== 'file') return;
  try {
    const present = (await readFile(path.join(config.dataDir, 'secret'), 'utf8')).trim();
    if (present && present !== secret) {
      throw new Error(
        `${config.dataDir}/secret differs from the exported one: remove it (no server has used this folder's data) or import into an empty folder. Nothing was imported.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
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
  const uploadNamesExported = await exportUploads(config, path.join(folder, 'uploads'));
  await writeSnapshotFile(path.join(folder, 'records.json'), { format: 1, lastSeq: 0, collections });
  const secret = await sourceSecret(config);
  if (secret !== undefined) await writeFile(path.join(folder, 'secret'), `${secret}\n`, { mode: 0o600 });
  const manifest: Manifest = {
    format: 1,
    exportedAt: new Date().toISOString(),
    source: config.storage === 'postgres' ? 'postgres' : `file ${config.dataDir}`,
    collections: summarise(collections),
    uploads: { count: uploadNamesExported.length, names: uploadNamesExported },
    ...(secret !== undefined ? { secret: true } : {}),
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
  // The folder is checked against its own manifest before anything is written: records, and every upload's name
  // (it becomes a path) and presence.
  compare('export folder', summarise(collections), manifest.collections);
  const names = checkUploadNames(manifest.uploads?.names, `${folder}/manifest.json`, 'Nothing was imported.');
  const source = path.join(folder, 'uploads');
  const digests = new Map<string, string>();
  for (const name of names) {
    try {
      digests.set(name, sha256(await readFile(path.join(source, name))));
    } catch (error) {
      throw new Error(
        `The export folder lacks the upload ${name} that its manifest names (${(error as Error).message}). Nothing was imported.`,
        { cause: error },
      );
    }
  }
  const secret = manifest.secret ? (await readFile(path.join(folder, 'secret'), 'utf8')).trim() : undefined;
  if (secret !== undefined && secret.length < 32)
    throw new Error(`${folder}/secret is not a secret. Nothing was imported.`);
  await checkTargetSecret(config, secret);
  // Stored answers to Idempotency-Keys that expired since the export are dropped (the target would not load them).
  const nowMs = Date.now();
  const expired = collections.idempotency.filter((record) => isExpired('idempotency', record, nowMs)).length;
  collections.idempotency = collections.idempotency.filter((record) => !isExpired('idempotency', record, nowMs));
  const expected = summarise(collections);

  if (config.storage === 'postgres') {
    await importIntoEmptyPostgres(config.databaseUrl!, collections, async (client) => {
      await storeUploads(client, source, names);
      // The database holds no records (checked above): a secret stored already belongs to nothing yet.
      if (secret !== undefined) {
        await client.query(
          "INSERT INTO shared_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
          [secret],
        );
      }
    });
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
    // Everything the import writes is listed, and removed again if the read-back below fails: a re-run then finds
    // the folder as it was (it refused "already holds a database" over a db.json the import itself wrote).
    const written: string[] = [];
    try {
      const dir = path.join(config.dataDir, 'uploads');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const there = new Set(await readdir(dir));
      for (const name of names) {
        if (there.has(name)) continue;
        await copyFile(path.join(source, name), path.join(dir, name));
        written.push(path.join(dir, name));
      }
      // The secret before db.json: a folder with db.json and no secret would make a new one at the server's start.
      const secretFile = path.join(config.dataDir, 'secret');
      if (secret !== undefined && !(await stat(secretFile).catch(() => null))) {
        await writeFileAtomic(secretFile, Buffer.from(`${secret}\n`));
        written.push(secretFile);
      }
      const dbFile = path.join(config.dataDir, 'db.json');
      written.push(dbFile);
      await writeSnapshotFile(dbFile, { format: 1, lastSeq: 0, collections });
      // The rename is durable once the folder is: a crash must not leave the folder without db.json.
      await fsyncPath(config.dataDir);
      await checkTarget(config, expected, names, digests);
    } catch (error) {
      for (const file of written.reverse()) await rm(file, { force: true }).catch(() => undefined);
      throw new Error(
        `${(error as Error).message.split('\n')[0]} The import removed what it had written: ${config.dataDir} is as it was before.`,
        { cause: error },
      );
    }
  } else {
    throw new Error('STORAGE=memory keeps nothing: import into file or postgres');
  }

  if (config.storage === 'postgres') await checkTarget(config, expected, names, digests);
  if (expired > 0) console.log(`${expired} stored Idempotency-Key answers had expired since the export: not imported.`);
  manifest.collections = expected;
  return manifest;
}

/** Reads the target back as the server will, and checks every record and upload against what was imported. */
async function checkTarget(
  config: AppConfig,
  expected: Manifest['collections'],
  names: readonly string[],
  digests: ReadonlyMap<string, string>,
): Promise<void> {
  const target = await openSource(config);
  try {
    compare('imported data', summarise(await readAll(target)), expected);
  } finally {
    await target.close();
  }
  const stored = await uploadDigests(config);
  const missing = names.filter((name) => stored.get(name) !== digests.get(name));
  if (missing.length > 0) throw new Error(`uploads missing or different after the import: ${missing.join(', ')}`);
}

function compare(what: string, actual: Manifest['collections'], expected: Manifest['collections']): void {
  // A collection the exporting build did not have (revokedTokens is newer than the first exports) matches none.
  const missingAndEmpty = (name: CollectionName) => expected[name] === undefined && actual[name].count === 0;
  const problems = COLLECTION_NAMES.filter(
    (name) =>
      !missingAndEmpty(name) &&
      (actual[name].count !== expected[name]?.count || actual[name].sha256 !== expected[name]?.sha256),
  ).map(
    (name) => `${name}: ${actual[name].count} records, expected ${expected[name]?.count ?? 0} (or different content)`,
  );
  if (problems.length > 0) throw new Error(`The ${what} does not match the manifest:\n  ${problems.join('\n  ')}`);
}

function table(manifest: Manifest): string {
  const lines = COLLECTION_NAMES.map(
    (name) => `  ${name.padEnd(14)} ${String(manifest.collections[name]?.count ?? 0).padStart(7)}`,
  );
  lines.push(`  ${'uploads'.padEnd(14)} ${String(manifest.uploads.count).padStart(7)} files`);
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
