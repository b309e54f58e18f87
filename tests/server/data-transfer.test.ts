/**
 * `npm run data:export` / `data:import` (scripts/data-transfer.ts) as real processes: a file database with the
 * example data, admins, audit and an uploaded image goes to PostgreSQL and back, every record identical (ids,
 * versions, dates, order) and every upload byte for byte; an import never writes over existing data.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../api/config';
import { ensureFirstStart } from '../../api/seed/first-start';
import { openFileStorage } from '../../api/storage/file-storage';
import { openPostgresStorage } from '../../api/storage/postgres-storage';
import { COLLECTION_NAMES, type Storage } from '../../api/storage/storage';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { makeTempDir, REPO_ROOT, removeTempDirs } from './server-process';

const run = promisify(execFile);
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

/** Runs `npm run data:<command> -- <folder>` (the script itself) with only the given storage variables. */
async function transfer(command: 'export' | 'import', folder: string, env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['STORAGE', 'DATA_DIR', 'DATABASE_URL'].includes(name)),
  );
  return run(process.execPath, ['--import', 'tsx', 'scripts/data-transfer.ts', command, folder], {
    cwd: REPO_ROOT,
    env: { ...clean, ...env },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

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

      // A second import into the same database is refused and changes nothing.
      const again = await transfer('import', exported, pgEnv);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds \d+ records/);

      // And back: PostgreSQL → a new file data folder.
      const back = path.join(makeTempDir(), 'back');
      const out2 = await transfer('export', back, pgEnv);
      expect(out2.code, out2.stderr).toBe(0);
      const target = makeTempDir();
      const into2 = await transfer('import', back, { STORAGE: 'file', DATA_DIR: target });
      expect(into2.code, into2.stderr).toBe(0);
      expect(await everything(await openFileStorage({ dataDir: target }))).toEqual(original);
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
    const source = makeTempDir();
    const storage = await openFileStorage({ dataDir: source });
    await ensureFirstStart(storage, testConfig({ dataDir: source, adminPassword: 'owner-password-1' }));
    await storage.close();
    const exported = path.join(makeTempDir(), 'moving');
    expect((await transfer('export', exported, { STORAGE: 'file', DATA_DIR: source })).code).toBe(0);
    const manifestFile = path.join(exported, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.collections.communities.count += 1;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const target = makeTempDir();
    const result = await transfer('import', exported, { STORAGE: 'file', DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/does not match the manifest[\s\S]*communities/);
  });
});
