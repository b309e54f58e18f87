import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileStorage, type FileStorageOptions, type JournalFile } from './file-storage';
import { CorruptDataError, StorageUnavailableError, type Storage } from './storage';
import { newCommunity, newListing, runStorageContract } from './storage-contract';

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'file-storage-'));
  tempDirs.push(dir);
  return dir;
}

runStorageContract('file', async () => {
  const dataDir = await tempDir();
  let current = await openFileStorage({ dataDir });
  return {
    storage: current,
    reopen: async () => (current = await openFileStorage({ dataDir })),
    cleanup: async () => {
      await current.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe('file storage', () => {
  const open: Storage[] = [];
  const openStorage = async (options: FileStorageOptions) => {
    const storage = await openFileStorage(options);
    open.push(storage);
    return storage;
  };
  afterEach(async () => {
    for (const storage of open.splice(0)) await storage.close();
    for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  const journals = async (dir: string) => (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort();

  /**
   * What a crash would leave right now: a copy of the data folder once everything is flushed. A background
   * compaction may still be under way, so the journals are copied before db.json: journals only grow and are
   * deleted only after the snapshot covering them is in place, so that order always gives a state a real crash
   * could leave (the reverse order could pair an old snapshot with journals already deleted).
   */
  async function crashImage(storage: Storage, dir: string): Promise<string> {
    await storage.flush();
    const copy = await tempDir();
    for (const name of await journals(dir)) {
      await cp(path.join(dir, name), path.join(copy, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    await cp(path.join(dir, 'db.json'), path.join(copy, 'db.json')).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return copy;
  }

  it('creates a missing data folder with mode 0700', async () => {
    const dir = path.join(await tempDir(), 'nested', 'data');
    const storage = await openStorage({ dataDir: dir });
    await storage.transact((tx) => tx.insert('communities', newCommunity('first')));
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await journals(dir)).toEqual(['journal-1.jsonl']);
  });

  it('shows everything after many writes, compactions and a reopen', async () => {
    const dir = await tempDir();
    const storage = await openStorage({ dataDir: dir, compactAfterEntries: 10 });
    const community = await storage.transact((tx) => tx.insert('communities', newCommunity('busy')));
    // Sequential and concurrent commits, so compactions happen both between and during bursts.
    for (let i = 0; i < 60; i++) {
      await storage.transact((tx) => tx.insert('listings', newListing(community.id, `seq-${i}`)));
    }
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        storage.transact((tx) => tx.insert('listings', newListing(community.id, `par-${i}`))),
      ),
    );
    const listings = await storage.list('listings');
    await Promise.all(
      listings
        .slice(0, 50)
        .map((listing, i) =>
          storage.transact((tx) =>
            i % 2 === 0
              ? tx.update('listings', listing.id, { price: i }, { expectedVersion: 1 })
              : tx.remove('listings', listing.id),
          ),
        ),
    );
    await storage.transact((tx) => tx.update('communities', community.id, { name: 'Busy' }));
    const before = { communities: await storage.list('communities'), listings: await storage.list('listings') };
    expect(before.listings).toHaveLength(335);

    // A crash image mid-life (snapshot + journals) and a clean close both come back identical.
    const image = await crashImage(storage, dir);
    const fromCrash = await openStorage({ dataDir: image });
    expect(await fromCrash.list('communities')).toEqual(before.communities);
    expect(await fromCrash.list('listings')).toEqual(before.listings);

    await storage.close();
    expect(await journals(dir)).toHaveLength(1);
    const snapshot = JSON.parse(await readFile(path.join(dir, 'db.json'), 'utf8'));
    expect(snapshot).toMatchObject({ format: 1 });
    expect(snapshot.lastSeq).toBe(1 + 60 + 300 + 50 + 1);
    expect(snapshot.collections.listings).toHaveLength(335);

    const reopened = await openStorage({ dataDir: dir, compactAfterEntries: 10 });
    expect(await reopened.list('communities')).toEqual(before.communities);
    expect(await reopened.list('listings')).toEqual(before.listings);
    expect((await reopened.list('listings', { communityId: community.id })).length).toBe(335);
    // New commits continue the sequence.
    await reopened.transact((tx) => tx.insert('listings', newListing(community.id, 'after')));
    expect(await reopened.count('listings')).toBe(336);
  });

  it('ignores and truncates a torn last journal line', async () => {
    const dir = await tempDir();
    const storage = await openStorage({ dataDir: dir });
    for (const slug of ['t1', 't2', 't3']) await storage.transact((tx) => tx.insert('communities', newCommunity(slug)));
    const image = await crashImage(storage, dir);
    const journalFile = path.join(image, 'journal-1.jsonl');
    const goodSize = (await stat(journalFile)).size;
    // Half of a fourth line, as a crash in the middle of a write leaves it.
    await appendFile(journalFile, '{"seq":4,"changes":[{"op":"put","c":"communities","r":{"id":"x","sl');

    const recovered = await openStorage({ dataDir: image });
    expect((await recovered.list('communities')).map((r) => r.slug)).toEqual(['t1', 't2', 't3']);
    expect((await stat(journalFile)).size).toBe(goodSize);
    await recovered.transact((tx) => tx.insert('communities', newCommunity('t4')));
    await recovered.close();
    const again = await openStorage({ dataDir: image });
    expect((await again.list('communities')).map((r) => r.slug)).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('refuses a journal with an unreadable line before its end', async () => {
    const dir = await tempDir();
    const storage = await openStorage({ dataDir: dir });
    await storage.transact((tx) => tx.insert('communities', newCommunity('m1')));
    const image = await crashImage(storage, dir);
    const journalFile = path.join(image, 'journal-1.jsonl');
    const content = await readFile(journalFile, 'utf8');
    await writeFile(journalFile, `${content}not json\n${content.replace('"seq":1', '"seq":2')}`);
    const error = await openFileStorage({ dataDir: image }).catch((e) => e);
    expect(error).toBeInstanceOf(CorruptDataError);
    expect(error.file).toBe(journalFile);
  });

  it('refuses journals with missing transactions (db.json removed after a compaction)', async () => {
    const dir = await tempDir();
    const storage = await openStorage({ dataDir: dir, compactAfterEntries: 3 });
    for (let i = 0; i < 10; i++) await storage.transact((tx) => tx.insert('communities', newCommunity(`g${i}`)));
    const image = await crashImage(storage, dir);
    await rm(path.join(image, 'db.json'));
    await expect(openFileStorage({ dataDir: image })).rejects.toBeInstanceOf(CorruptDataError);
  });

  describe('a corrupt db.json', () => {
    const cases: [string, string][] = [
      ['invalid JSON', '{"format":1,"lastSeq":3,"collections":{"communities":[{"id":'],
      ['an empty file', ''],
      ['null', 'null'],
      ['a wrong format', '{"format":2,"lastSeq":0,"collections":{}}'],
      ['an unknown collection', '{"format":1,"lastSeq":0,"collections":{"users":[]}}'],
      ['a record without id', '{"format":1,"lastSeq":0,"collections":{"communities":[{"version":1}]}}'],
      [
        'a duplicated slug',
        JSON.stringify({
          format: 1,
          lastSeq: 0,
          collections: {
            communities: [
              { id: 'a', slug: 's', version: 1, createdAt: 'x', updatedAt: 'x' },
              { id: 'b', slug: 's', version: 1, createdAt: 'x', updatedAt: 'x' },
            ],
          },
        }),
      ],
    ];
    it.each(cases)('with %s is refused, naming the file and leaving it byte for byte', async (_label, content) => {
      const dir = await tempDir();
      const file = path.join(dir, 'db.json');
      await writeFile(file, content);
      const error = await openFileStorage({ dataDir: dir }).catch((e) => e);
      expect(error).toBeInstanceOf(CorruptDataError);
      expect(error.file).toBe(file);
      expect(error.message).toContain(file);
      expect(await readFile(file, 'utf8')).toBe(content);
      expect(await readdir(dir)).toEqual(['db.json']);
    });
  });

  describe('when the disk refuses writes', () => {
    /**
     * Tests run as root, where chmod cannot make a folder unwritable, so the failure is injected through the
     * adapter's internal `testHooks.wrapJournal`: while `mode` says so, a write stores half its bytes and then
     * fails with ENOSPC (as a full disk does), or the fsync fails with EIO.
     */
    function faultyDisk() {
      const state = { mode: 'ok' as 'ok' | 'enospc' | 'eio' };
      const wrapJournal = (file: JournalFile): JournalFile => ({
        ...file,
        async write(data, position) {
          if (state.mode === 'enospc') {
            await file.write(data.subarray(0, Math.floor(data.length / 2)), position);
            throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
          }
          await file.write(data, position);
        },
        async sync() {
          if (state.mode === 'eio') throw Object.assign(new Error('i/o error'), { code: 'EIO' });
          await file.sync();
        },
      });
      return { state, testHooks: { wrapJournal } };
    }

    it.each(['enospc', 'eio'] as const)(
      '(%s) rejects with StorageUnavailableError, keeps reads and rolls memory back',
      async (mode) => {
        const dir = await tempDir();
        const disk = faultyDisk();
        const storage = await openStorage({ dataDir: dir, testHooks: disk.testHooks });
        const kept = await storage.transact((tx) => tx.insert('communities', newCommunity('kept')));
        const revision = storage.revision('communities');

        disk.state.mode = mode;
        // One transaction in flight and more queued behind it (built on top of it): all must fail.
        const attempts = await Promise.allSettled([
          storage.transact((tx) => tx.update('communities', kept.id, { name: 'lost' })),
          storage.transact((tx) => tx.insert('communities', newCommunity('lost-1'))),
          storage.transact((tx) => {
            tx.remove('communities', kept.id);
            return tx.insert('communities', newCommunity('lost-2'));
          }),
        ]);
        for (const attempt of attempts) {
          expect(attempt.status).toBe('rejected');
          expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
        }
        expect(await storage.list('communities')).toEqual([kept]);
        expect(await storage.findOne('communities', 'slug', 'lost-1')).toBeUndefined();
        expect(storage.revision('communities')).not.toBe(revision); // caches built on the rolled-back state are dropped
        await expect(storage.flush()).resolves.toBeUndefined();

        // The disk recovers: the next transaction simply writes.
        disk.state.mode = 'ok';
        await storage.transact((tx) => tx.insert('communities', newCommunity('after')));
        const expected = await storage.list('communities');
        expect(expected.map((r) => r.slug)).toEqual(['kept', 'after']);

        // The journal holds no trace of the failed batch (its half-written bytes were cut away).
        const image = await crashImage(storage, dir);
        const reopened = await openStorage({ dataDir: image });
        expect(await reopened.list('communities')).toEqual(expected);
      },
    );

    it('keeps everything when a compaction cannot write db.json, and compacts later', async () => {
      const dir = await tempDir();
      const storage = await openStorage({ dataDir: dir, compactAfterEntries: 5 });
      // lowdb writes db.json through `.db.json.tmp`; a folder in its way makes every snapshot write fail.
      await mkdir(path.join(dir, '.db.json.tmp'));
      for (let i = 0; i < 20; i++) await storage.transact((tx) => tx.insert('communities', newCommunity(`c${i}`)));
      const expected = await storage.list('communities');
      expect(expected).toHaveLength(20);
      expect((await readdir(dir)).includes('db.json')).toBe(false);

      const image = await crashImage(storage, dir);
      const fromCrash = await openStorage({ dataDir: image });
      expect(await fromCrash.list('communities')).toEqual(expected);

      await rm(path.join(dir, '.db.json.tmp'), { recursive: true });
      await storage.close();
      expect(await journals(dir)).toHaveLength(1);
      const reopened = await openStorage({ dataDir: dir });
      expect(await reopened.list('communities')).toEqual(expected);
    });
  });
});
