/**
 * A file data folder is never changed by what only reads it or only should start on it (audit of operations and
 * storage): `npm run data:export` reads a folder a server is still writing without moving its journal (#8); a
 * server started on a used folder that lost db.json refuses instead of seeding a first start (#7); an import whose
 * manifest names an upload outside the uploads folder is refused before it writes anything (#5).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../api/config';
import { ensureFirstStart } from '../../api/seed/first-start';
import { openFileStorage } from '../../api/storage/file-storage';
import type { Storage } from '../../api/storage/storage';
import { newCommunity } from '../../api/storage/storage-contract';
import { transfer } from './data-transfer-cli';
import { makeTempDir, removeTempDirs, runUntilExit } from './server-process';

const SLOW = 60_000;

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
  removeTempDirs();
});
afterAll(() => removeTempDirs());

/** Every file under `dir` with its bytes (base64). */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile()) out[path.relative(dir, file)] = readFileSync(file, 'base64');
  }
  return out;
}

const UPLOAD = 'abcdef0123456789-480.webp';

describe('data:export of a file database (audit #8)', () => {
  it(
    'only reads the folder: a server still writing keeps its journal, and a crash after the export loses nothing',
    async () => {
      const dataDir = makeTempDir();
      const storage = await openFileStorage({ dataDir, sweepEveryMs: 0 });
      opened.push(storage);
      await ensureFirstStart(storage, testConfig({ dataDir, adminPassword: 'owner-password-1' }), {
        writeCredentialsFile: false,
      });
      await storage.transact((tx) => tx.insert('communities', newCommunity('before-export')));
      mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', UPLOAD), 'image bytes');
      const before = contents(dataDir);
      const modes = Object.fromEntries(Object.keys(before).map((name) => [name, statSync(path.join(dataDir, name))]));

      const exported = path.join(makeTempDir(), 'moving');
      const out = await transfer('export', exported, { STORAGE: 'file', DATA_DIR: dataDir });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toMatch(/communities\s+\d+/);
      const records = JSON.parse(readFileSync(path.join(exported, 'records.json'), 'utf8'));
      expect(records.collections.communities.map((c: { slug: string }) => c.slug)).toContain('before-export');

      // The source folder is byte for byte (and mode for mode) what it was: no compaction, no new journal.
      expect(contents(dataDir)).toEqual(before);
      for (const [name, stat] of Object.entries(modes)) {
        expect(statSync(path.join(dataDir, name)).mode, name).toBe(stat.mode);
      }

      // The server goes on writing; then it crashes (no clean close): its folder, as it is now, is reopened.
      for (const slug of ['after-export-1', 'after-export-2']) {
        await storage.transact((tx) => tx.insert('communities', newCommunity(slug)));
      }
      await storage.flush();
      const crashed = makeTempDir();
      cpSync(dataDir, crashed, { recursive: true });
      const reopened = await openFileStorage({ dataDir: crashed, sweepEveryMs: 0 });
      opened.push(reopened);
      expect((await reopened.list('communities')).map((c) => c.slug)).toEqual(
        expect.arrayContaining(['before-export', 'after-export-1', 'after-export-2']),
      );
      expect(await reopened.list('communities')).toEqual(await storage.list('communities'));
    },
    SLOW,
  );
});

describe('a used data folder that lost db.json (audit #7)', () => {
  it(
    'stops the start naming db.json and what shows the folder was used; no first start, nothing written',
    async () => {
      const dataDir = makeTempDir();
      const storage = await openFileStorage({ dataDir, sweepEveryMs: 0 });
      await ensureFirstStart(storage, testConfig({ dataDir, adminPassword: 'owner-password-1' }));
      await storage.close();
      writeFileSync(path.join(dataDir, 'secret'), `${'s'.repeat(64)}\n`, { mode: 0o600 });
      // A clean stop leaves db.json and an empty journal: the state a lost db.json was not detected in.
      rmSync(path.join(dataDir, 'db.json'));
      const before = contents(dataDir);

      const exit = await runUntilExit({ dataDir });
      expect(exit.code, exit.output).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(exit.output).toContain(path.join(dataDir, 'db.json'));
      expect(exit.output).toMatch(/missing, but its folder has held data \(journal-\d+\.jsonl, secret/);
      expect(exit.output).toMatch(/backup/);
      expect(exit.stdout).not.toMatch(/listening on|first start|password/);
      expect(contents(dataDir)).toEqual(before);
    },
    SLOW,
  );
});

describe('data:import of a hostile export folder (audit #5)', () => {
  it(
    'refuses an upload name that leaves the uploads folder, before writing anything',
    async () => {
      const source = makeTempDir();
      const storage = await openFileStorage({ dataDir: source, sweepEveryMs: 0 });
      await ensureFirstStart(storage, testConfig({ dataDir: source, adminPassword: 'owner-password-1' }));
      await storage.close();
      const exported = path.join(makeTempDir(), 'moving');
      expect((await transfer('export', exported, { STORAGE: 'file', DATA_DIR: source })).code).toBe(0);

      // The manifest names a file two folders up; the file is there, so only the name can stop it.
      const manifestFile = path.join(exported, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      manifest.uploads.names.push('../../evil.txt');
      manifest.uploads.count += 1;
      writeFileSync(manifestFile, JSON.stringify(manifest));
      writeFileSync(path.join(exported, 'uploads', '../../evil.txt'), 'read from outside the export');

      const parent = makeTempDir();
      const target = path.join(parent, 'data');
      const result = await transfer('import', exported, { STORAGE: 'file', DATA_DIR: target });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/not upload file names[\s\S]*"\.\.\/\.\.\/evil\.txt"[\s\S]*Nothing was imported/);
      expect(existsSync(path.join(target, 'uploads', '../../evil.txt'))).toBe(false);
      expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
    },
    SLOW,
  );
});
