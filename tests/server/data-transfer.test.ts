/**
 * `npm run data:export` / `data:import` (scripts/data-transfer.ts) as real processes: a file database with the
 * example data, admins, audit and an uploaded image goes to PostgreSQL and back, every record identical (ids,
 * versions, dates, order) and every upload byte for byte; an import never writes over existing data.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../api/config';
import { ensureFirstStart } from '../../api/seed/first-start';
import { openFileStorage } from '../../api/storage/file-storage';
import { migratePostgres } from '../../api/storage/postgres-migrations';
import { openPostgresStorage } from '../../api/storage/postgres-storage';
import { COLLECTION_NAMES, type Storage } from '../../api/storage/storage';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { transfer } from './data-transfer-cli';
import { makeTempDir, removeTempDirs } from './server-process';

const SLOW = 120_000;

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterEach(() => removeTempDirs());
afterAll(async () => {
  removeTempDirs();
  await cluster?.stop();
});

async function everything(storage: Storage) {
  const out: Record<string, unknown[]> = {};
  for (const name of COLLECTION_NAMES) out[name] = await storage.list(name);
  await storage.close();
  return out;
}

const UPLOAD = 'abcdef0123456789-480.webp';

describe('moving data between the file database and PostgreSQL', () => {
  it(
    'file → PostgreSQL → file keeps every record and upload, with the counts checked',
    async () => {
      const source = makeTempDir();
      const storage = await openFileStorage({ dataDir: source });
      await ensureFirstStart(storage, testConfig({ dataDir: source, adminPassword: 'owner-password-1' }), {
        writeCredentialsFile: false,
      });
      const [first] = await storage.list('communities');
      await storage.transact((tx) => tx.update('communities', first!.id, { name: 'Edited Before The Move' }));
      await storage.transact((tx) =>
        tx.insert('audit', {
          at: new Date().toISOString(),
          actorId: null,
          actorEmail: null,
          action: 'test.move',
          entity: 'session',
          entityId: null,
          ip: null,
          outcome: 'success',
        }),
      );
      const original = await everything(storage);
      expect(original.communities!.length).toBeGreaterThan(0);
      mkdirSync(path.join(source, 'uploads'), { recursive: true });
      writeFileSync(path.join(source, 'uploads', UPLOAD), Buffer.from('not really an image, but bytes to move'));
      // The servers' signing secret moves too: tokens, kiosk passes and stored Idempotency-Key answers stay valid.
      const secret = `moved-secret-${'s'.repeat(40)}`;
      writeFileSync(path.join(source, 'secret'), `${secret}\n`, { mode: 0o600 });

      const exported = path.join(makeTempDir(), 'moving');
      const out = await transfer('export', exported, { STORAGE: 'file', DATA_DIR: source });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toMatch(new RegExp(`communities\\s+${original.communities!.length}\\b`));
      expect(out.stdout).toMatch(/uploads\s+1 files/);

      const databaseUrl = await cluster.createDatabase('moved');
      const pgEnv = { STORAGE: 'postgres', DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir() };
      const into = await transfer('import', exported, pgEnv);
      expect(into.code, into.stderr).toBe(0);
      expect(into.stdout).toMatch(/every count and checksum checked/);
      expect(await everything(await openPostgresStorage({ databaseUrl, listen: false }))).toEqual(original);
      expect(await sql(databaseUrl, "SELECT value FROM shared_secrets WHERE name = 'jwt'")).toEqual([
        { value: secret },
      ]);

      // A second import into the same database is refused and changes nothing.
      const again = await transfer('import', exported, pgEnv);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds \d+ records/);

      // And back: PostgreSQL → a new file data folder. The export reads; it never migrates the database it reads
      // (a migration still pending there, as on a database an older build runs on, stays pending).
      await sql(
        databaseUrl,
        `DELETE FROM pgmigrations WHERE name = '1795564800000_rate-limits'; DROP TABLE rate_limits`,
      );
      const back = path.join(makeTempDir(), 'back');
      const out2 = await transfer('export', back, pgEnv);
      expect(out2.code, out2.stderr).toBe(0);
      expect(
        await sql(databaseUrl, `SELECT to_regclass('rate_limits') AS t, (SELECT count(*)::int FROM pgmigrations) AS n`),
      ).toEqual([{ t: null, n: 1 }]);
      const target = makeTempDir();
      const into2 = await transfer('import', back, { STORAGE: 'file', DATA_DIR: target });
      expect(into2.code, into2.stderr).toBe(0);
      expect(await everything(await openFileStorage({ dataDir: target }))).toEqual(original);
      expect(readFileSync(path.join(target, 'secret'), 'utf8').trim()).toBe(secret);
      expect(readFileSync(path.join(target, 'uploads', UPLOAD))).toEqual(
        readFileSync(path.join(source, 'uploads', UPLOAD)),
      );

      // A file target that already holds a database is refused too.
      const refused = await transfer('import', back, { STORAGE: 'file', DATA_DIR: target });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/already holds a database/);
    },
    SLOW,
  );

  it('refuses an export folder whose records do not match its manifest, before writing anything', async () => {
    const exported = await exportedFolder({});
    const manifestFile = path.join(exported, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.collections.communities.count += 1;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const target = makeTempDir();
    const result = await transfer('import', exported, { STORAGE: 'file', DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/does not match the manifest[\s\S]*communities/);
  });

  it('imports an export made before a collection existed (no revokedTokens in its records or manifest)', async () => {
    const exported = await exportedFolder({});
    for (const file of ['manifest.json', 'records.json']) {
      const written = JSON.parse(readFileSync(path.join(exported, file), 'utf8'));
      expect(written.collections).toHaveProperty('revokedTokens');
      delete written.collections.revokedTokens;
      writeFileSync(path.join(exported, file), JSON.stringify(written));
    }
    const target = makeTempDir();
    const result = await transfer('import', exported, { STORAGE: 'file', DATA_DIR: target });
    expect(result.code, result.stderr).toBe(0);
    const imported = await openFileStorage({ dataDir: target });
    try {
      expect(await imported.count('communities')).toBeGreaterThan(0);
      expect(await imported.count('revokedTokens')).toBe(0);
    } finally {
      await imported.close();
    }
  });

  /** A seeded file database with `uploads` (name → bytes), exported; returns the export folder. */
  async function exportedFolder(uploads: Record<string, Buffer>) {
    const source = makeTempDir();
    const storage = await openFileStorage({ dataDir: source });
    await ensureFirstStart(storage, testConfig({ dataDir: source, adminPassword: 'owner-password-1' }));
    await storage.close();
    mkdirSync(path.join(source, 'uploads'), { recursive: true });
    for (const [name, bytes] of Object.entries(uploads)) writeFileSync(path.join(source, 'uploads', name), bytes);
    const exported = path.join(makeTempDir(), 'moving');
    const out = await transfer('export', exported, { STORAGE: 'file', DATA_DIR: source });
    expect(out.code, out.stderr).toBe(0);
    return exported;
  }

  it('removes what a file import wrote when its read-back fails, so the folder is as it was and a re-run works', async () => {
    const exported = await exportedFolder({ [UPLOAD]: Buffer.from('bytes of an upload') });
    // A record the server cannot load (no version), with the manifest made to match: only the read-back sees it.
    const recordsFile = path.join(exported, 'records.json');
    const records = JSON.parse(readFileSync(recordsFile, 'utf8'));
    const contacts = records.collections.contacts as Record<string, unknown>[];
    expect(contacts.length).toBeGreaterThan(0);
    const good = JSON.stringify(records);
    delete contacts[0]!.version;
    writeFileSync(recordsFile, JSON.stringify(records));
    const manifestFile = path.join(exported, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.collections.contacts.sha256 = createHash('sha256').update(JSON.stringify(contacts)).digest('hex');
    writeFileSync(manifestFile, JSON.stringify(manifest));

    const target = makeTempDir();
    const failed = await transfer('import', exported, { STORAGE: 'file', DATA_DIR: target });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/removed what it had written/);
    expect(readdirSync(target).filter((name) => name !== 'uploads')).toEqual([]);
    expect(readdirSync(path.join(target, 'uploads'))).toEqual([]);

    // Put right, the same import into the same folder goes through.
    writeFileSync(recordsFile, good);
    manifest.collections.contacts.sha256 = createHash('sha256')
      .update(JSON.stringify(JSON.parse(good).collections.contacts))
      .digest('hex');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const again = await transfer('import', exported, { STORAGE: 'file', DATA_DIR: target });
    expect(again.code, again.stderr).toBe(0);
  });

  async function sql(databaseUrl: string, text: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  it(
    'refuses upload names that leave the uploads folder, from a manifest or from the uploads table (audit #5)',
    async () => {
      const exported = await exportedFolder({ [UPLOAD]: Buffer.from('bytes') });
      const manifestFile = path.join(exported, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      manifest.uploads.names.push('../../evil.txt');
      writeFileSync(manifestFile, JSON.stringify(manifest));
      writeFileSync(path.join(exported, 'uploads', '../../evil.txt'), 'read from outside the export');
      const databaseUrl = await cluster.createDatabase('hostile');
      const pgEnv = { STORAGE: 'postgres', DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir() };
      const refused = await transfer('import', exported, pgEnv);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/not upload file names[\s\S]*"\.\.\/\.\.\/evil\.txt"/);
      await migratePostgres(databaseUrl);
      expect(
        await sql(
          databaseUrl,
          'SELECT (SELECT count(*) FROM records)::int AS r, (SELECT count(*) FROM uploads)::int AS u',
        ),
      ).toEqual([{ r: 0, u: 0 }]);

      // A row of the uploads table whose name is a path (stored by an earlier import) is not exported as one.
      await sql(
        databaseUrl,
        `INSERT INTO uploads (name, content_type, bytes) VALUES ('../../evil.txt', 'image/webp', '\\x00')`,
      );
      const parent = makeTempDir();
      const out = await transfer('export', path.join(parent, 'a', 'moving'), pgEnv);
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(/uploads table names uploads that are not upload file names/);
      expect(existsSync(path.join(parent, 'a', 'moving', 'uploads', '../../evil.txt'))).toBe(false);
    },
    SLOW,
  );

  it(
    'stores uploads in bounded batches inside the records’ transaction: a failure leaves the database empty (audit #1)',
    async () => {
      // 3 × 7 MB: more than one 16 MB batch, so at least two INSERT statements (one statement was ~2× the bytes as
      // one string, which cannot be built above ~256 MB).
      const big = (n: number) => Buffer.alloc(7 * 1024 * 1024, n);
      const exported = await exportedFolder({
        '0000000000000001-1920.webp': big(1),
        '0000000000000002-1920.webp': big(2),
        '0000000000000003-1920.webp': big(3),
      });
      const databaseUrl = await cluster.createDatabase('batches');
      await migratePostgres(databaseUrl);
      // A statement-level trigger counts the INSERTs; a row trigger refuses the third file (a full disk).
      await sql(
        databaseUrl,
        `CREATE TABLE insert_statements (n int);
         CREATE FUNCTION count_statement() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO insert_statements VALUES (1); RETURN NULL; END $$;
         CREATE TRIGGER count_statement AFTER INSERT ON uploads FOR EACH STATEMENT EXECUTE FUNCTION count_statement();
         CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.name LIKE '0000000000000003%' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER refuse BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION refuse();`,
      );
      const pgEnv = { STORAGE: 'postgres', DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir() };
      const failed = await transfer('import', exported, pgEnv);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/disk full/);
      expect(
        await sql(
          databaseUrl,
          'SELECT (SELECT count(*) FROM records)::int AS r, (SELECT count(*) FROM uploads)::int AS u',
        ),
      ).toEqual([{ r: 0, u: 0 }]);

      // Once the disk has room, the same import simply runs again.
      await sql(databaseUrl, 'DROP TRIGGER refuse ON uploads');
      const into = await transfer('import', exported, pgEnv);
      expect(into.code, into.stderr).toBe(0);
      expect(into.stdout).toMatch(/uploads\s+3 files/);
      const [{ n }] = await sql(databaseUrl, 'SELECT count(*)::int AS n FROM insert_statements');
      expect(n).toBeGreaterThanOrEqual(2);
      const rows = await sql(databaseUrl, 'SELECT name, length(bytes) AS size FROM uploads ORDER BY name');
      expect(rows).toEqual([1, 2, 3].map((i) => ({ name: `000000000000000${i}-1920.webp`, size: 7 * 1024 * 1024 })));
    },
    SLOW,
  );
});
