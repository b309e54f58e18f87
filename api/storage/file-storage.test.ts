import { appendFile, chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openFileStorage, readFileStorage, type FileStorageOptions, type JournalFile } from './file-storage';
import { CorruptDataError, MissingSnapshotError, StorageUnavailableError, type Storage } from './storage';
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

  const journals = async (dir: string) =>
    (await readdir(dir)).filter((name) => /^journal-\d+\.jsonl$/.test(name)).sort();
  const journalLines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean);

  /** A refusal never advises a step that loses acknowledged writes (moving the file away, example data). */
  const expectSafeAdvice = (message: string) => {
    expect(message).not.toMatch(/move it away|example data/i);
    expect(message).toMatch(/keep/i);
    expect(message).toMatch(/backup/i);
  };

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

  it('writes db.json, its temp file, journals and cut copies owner-only (0600), and tightens files of earlier versions (issue 13 item 3)', async () => {
    const mode = async (file: string) => (await stat(file)).mode & 0o777;
    const dir = await tempDir();
    // A temp file left by an interrupted compaction, readable by everyone: it must not pass its mode on.
    await writeFile(path.join(dir, '.db.json.tmp'), 'leftover', { mode: 0o644 });
    const storage = await openFileStorage({ dataDir: dir, compactAfterEntries: 2 });
    for (const slug of ['p1', 'p2', 'p3', 'p4'])
      await storage.transact((tx) => tx.insert('communities', newCommunity(slug)));
    await storage.close();
    const files = await readdir(dir);
    expect(files).toContain('db.json');
    for (const name of files) expect(await mode(path.join(dir, name)), name).toBe(0o600);

    // Files from earlier versions (db.json was 0644) and a folder open to all are tightened at the next start.
    await chmod(path.join(dir, 'db.json'), 0o644);
    for (const name of await journals(dir)) await chmod(path.join(dir, name), 0o644);
    await chmod(dir, 0o755);
    await appendFile(path.join(dir, (await journals(dir)).at(-1)!), '{"seq":99,"cha');
    const reopened = await openStorage({ dataDir: dir, log: () => {} });
    expect(await reopened.count('communities')).toBe(4);
    expect(await mode(dir)).toBe(0o700);
    for (const name of await readdir(dir)) expect(await mode(path.join(dir, name)), name).toBe(0o600);
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
    await storage.transact((tx) => tx.insert('communities', newCommunity('m2')));
    const image = await crashImage(storage, dir);
    const journalFile = path.join(image, 'journal-1.jsonl');
    const [first, second] = await journalLines(journalFile);
    await writeFile(journalFile, `${first}\nnot json\n${second}\n`);
    const error = await openFileStorage({ dataDir: image }).catch((e) => e);
    expect(error).toBeInstanceOf(CorruptDataError);
    expect(error.file).toBe(journalFile);
    expect(error.message).toContain('line 2');
    expectSafeAdvice(error.message);
  });

  describe('a torn or damaged journal tail (issue 13 items 2 and 11)', () => {
    /** Three acknowledged communities, then a copy of the folder as a crash would leave it. */
    async function threeCommitted(): Promise<{ image: string; journalFile: string; lines: string[] }> {
      const dir = await tempDir();
      const storage = await openStorage({ dataDir: dir });
      for (const slug of ['t1', 't2', 't3'])
        await storage.transact((tx) => tx.insert('communities', newCommunity(slug)));
      const image = await crashImage(storage, dir);
      const journalFile = path.join(image, 'journal-1.jsonl');
      return { image, journalFile, lines: await journalLines(journalFile) };
    }

    it('a shutdown after a failed write (disk still full) leaves a folder the next start opens', async () => {
      const dir = await tempDir();
      const disk = faultyDisk();
      const storage = await openFileStorage({ dataDir: dir, testHooks: disk.testHooks });
      for (const slug of ['a1', 'a2']) await storage.transact((tx) => tx.insert('communities', newCommunity(slug)));
      disk.state.mode = 'enospc';
      await expect(storage.transact((tx) => tx.insert('communities', newCommunity('lost')))).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      // The disk is still full at shutdown: the final compaction cannot write db.json either.
      await mkdir(path.join(dir, '.db.json.tmp'));
      await storage.close();
      await rm(path.join(dir, '.db.json.tmp'), { recursive: true });

      // The half-written batch was cut away before the shutdown rotated to a new journal.
      for (const name of await journals(dir)) {
        const text = await readFile(path.join(dir, name), 'utf8');
        expect(text === '' || text.endsWith('\n'), `${name} ends in a torn line`).toBe(true);
        expect(text).not.toContain('"lost"');
      }
      const reopened = await openStorage({ dataDir: dir, log: () => {} });
      expect((await reopened.list('communities')).map((r) => r.slug)).toEqual(['a1', 'a2']);
    });

    it('cuts a torn tail followed only by an empty journal (what a shutdown on a full disk left), logging what it cut and kept', async () => {
      const { image, journalFile } = await threeCommitted();
      const goodSize = (await stat(journalFile)).size;
      await appendFile(journalFile, '{"crc":"0badc0de","seq":4,"changes":[{"op":"put","c":"communities","r":{"id"');
      await writeFile(path.join(image, 'journal-2.jsonl'), '');

      const log: string[] = [];
      const recovered = await openStorage({ dataDir: image, log: (line) => log.push(line) });
      expect((await recovered.list('communities')).map((r) => r.slug)).toEqual(['t1', 't2', 't3']);
      expect((await stat(journalFile)).size).toBe(goodSize);
      expect(log).toHaveLength(1);
      expect(log[0]).toContain(journalFile);
      expect(log[0]).toMatch(/line 4/);
      expect(log[0]).toMatch(/kept 3 lines/i);
      // The cut bytes are kept aside for inspection, never silently destroyed.
      const copies = (await readdir(image)).filter((name) => name.startsWith('journal-1.jsonl.cut-'));
      expect(copies).toHaveLength(1);
      expect(log[0]).toContain(copies[0]);
      expect(await readFile(path.join(image, copies[0]!), 'utf8')).toContain('"seq":4');

      await recovered.transact((tx) => tx.insert('communities', newCommunity('t4')));
      await recovered.close();
      const again = await openStorage({ dataDir: image });
      expect((await again.list('communities')).map((r) => r.slug)).toEqual(['t1', 't2', 't3', 't4']);
    });

    it('cuts a torn line without checksum (earlier versions) in an older journal the same way, then writes on', async () => {
      const { image, journalFile } = await threeCommitted();
      const goodSize = (await stat(journalFile)).size;
      await appendFile(journalFile, '{"seq":4,"chan');
      await writeFile(path.join(image, 'journal-2.jsonl'), '');
      const recovered = await openStorage({ dataDir: image, log: () => {} });
      await recovered.transact((tx) => tx.insert('communities', newCommunity('t4')));
      expect((await stat(journalFile)).size).toBeLessThanOrEqual(goodSize);
      await recovered.close();
      const again = await openStorage({ dataDir: image });
      expect((await again.list('communities')).map((r) => r.slug)).toEqual(['t1', 't2', 't3', 't4']);
    });

    it('refuses a torn journal followed by a journal that holds transactions, with advice that loses nothing', async () => {
      const { image, journalFile, lines } = await threeCommitted();
      await writeFile(journalFile, `${lines[0]}\n${lines[1]}\n{"seq":3,"cha`);
      await writeFile(path.join(image, 'journal-2.jsonl'), `${lines[2]}\n`);
      const error = await openFileStorage({ dataDir: image }).catch((e) => e);
      expect(error).toBeInstanceOf(CorruptDataError);
      expect(error.file).toBe(journalFile);
      expect(error.message).toContain('line 3');
      expectSafeAdvice(error.message);
      expect(await readFile(journalFile, 'utf8')).toBe(`${lines[0]}\n${lines[1]}\n{"seq":3,"cha`);
    });

    it('detects one flipped byte in the last line, wherever it is: cut with a log line, never applied', async () => {
      const { image, journalFile, lines } = await threeCommitted();
      const good = `${lines[0]}\n${lines[1]}\n`;
      const last = Buffer.from(`${lines[2]}\n`);
      // Every byte of the checksum field and the newline, and a sample of the rest (each open costs ~30 ms).
      const positions = [...Array(last.length).keys()].filter(
        (at) => at < 20 || at % 11 === 0 || at >= last.length - 2,
      );
      for (const at of positions) {
        const damaged = Buffer.from(last);
        damaged[at] = damaged[at]! ^ 0x01;
        for (const name of await readdir(image)) await rm(path.join(image, name));
        await writeFile(journalFile, Buffer.concat([Buffer.from(good), damaged]));
        const log: string[] = [];
        const storage = await openFileStorage({ dataDir: image, log: (line) => log.push(line) });
        const slugs = (await storage.list('communities')).map((r) => r.slug);
        await storage.close();
        expect(slugs, `byte ${at} flipped`).toEqual(['t1', 't2']);
        expect(log.join('\n'), `byte ${at} flipped`).toMatch(/line 3/);
      }
    });

    it('refuses a flipped byte in a line before the last, naming the file, the line and what was kept', async () => {
      const { image, journalFile, lines } = await threeCommitted();
      const damaged = lines[1]!.replace('"t2"', '"u2"');
      expect(damaged).not.toBe(lines[1]);
      const content = `${lines[0]}\n${damaged}\n${lines[2]}\n`;
      await writeFile(journalFile, content);
      const error = await openFileStorage({ dataDir: image }).catch((e) => e);
      expect(error).toBeInstanceOf(CorruptDataError);
      expect(error.file).toBe(journalFile);
      expect(error.message).toContain('line 2');
      expect(error.message).toMatch(/checksum/);
      expect(error.message).toMatch(/up to transaction 1\b/);
      expectSafeAdvice(error.message);
      expect(await readFile(journalFile, 'utf8')).toBe(content);
    });

    it('still reads journals written before lines carried checksums, and appends checked lines after them', async () => {
      const { image, journalFile, lines } = await threeCommitted();
      // The format of earlier versions: the same line without its checksum field.
      const legacy = lines.map((line) => line.replace(/^\{"crc":"[0-9a-f]{8}",/, '{'));
      expect(legacy[0]).toMatch(/^\{"seq":1,/);
      await writeFile(journalFile, `${legacy.join('\n')}\n`);
      const storage = await openStorage({ dataDir: image });
      expect((await storage.list('communities')).map((r) => r.slug)).toEqual(['t1', 't2', 't3']);
      await storage.transact((tx) => tx.insert('communities', newCommunity('t4')));
      const written = await journalLines(journalFile);
      expect(written[3]).toMatch(/^\{"crc":"[0-9a-f]{8}","seq":4,/);
      const copy = await crashImage(storage, image);
      const reopened = await openStorage({ dataDir: copy });
      expect((await reopened.list('communities')).map((r) => r.slug)).toEqual(['t1', 't2', 't3', 't4']);
    });
  });

  it('refuses journals with missing transactions (db.json removed after a compaction)', async () => {
    const dir = await tempDir();
    const storage = await openStorage({ dataDir: dir, compactAfterEntries: 3 });
    for (let i = 0; i < 10; i++) await storage.transact((tx) => tx.insert('communities', newCommunity(`g${i}`)));
    const image = await crashImage(storage, dir);
    await rm(path.join(image, 'db.json'));
    await expect(openFileStorage({ dataDir: image })).rejects.toBeInstanceOf(CorruptDataError);
  });

  describe('a used folder that lost db.json (audit #7)', () => {
    /** Every file of `dir` (and of dir/uploads) with its bytes. */
    const contents = async (dir: string) => {
      const out: Record<string, string> = {};
      for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
        if (entry.isFile())
          out[path.relative(dir, path.join(entry.parentPath, entry.name))] = await readFile(
            path.join(entry.parentPath, entry.name),
            'base64',
          );
      }
      return out;
    };

    it('is refused after a clean stop (db.json + an empty journal), naming what is missing and touching nothing', async () => {
      const dir = await tempDir();
      const storage = await openFileStorage({ dataDir: dir });
      await storage.transact((tx) => tx.insert('communities', newCommunity('kept')));
      await storage.close();
      expect(await journals(dir)).toEqual(['journal-2.jsonl']);
      expect((await stat(path.join(dir, 'journal-2.jsonl'))).size).toBe(0);
      await rm(path.join(dir, 'db.json'));
      const before = await contents(dir);

      const error = await openFileStorage({ dataDir: dir }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MissingSnapshotError);
      expect(error).toBeInstanceOf(CorruptDataError);
      const { message } = error as Error;
      expect(message).toContain(path.join(dir, 'db.json'));
      expect(message).toMatch(/missing/);
      expect(message).toContain('journal-2.jsonl');
      expectSafeAdvice(message);
      expect(await contents(dir)).toEqual(before);
      // The export's read-only open refuses it too, rather than exporting an empty database.
      await expect(readFileStorage({ dataDir: dir })).rejects.toBeInstanceOf(MissingSnapshotError);
    });

    it.each([
      ['an empty journal-1.jsonl', 'journal-1.jsonl', ''],
      ['the secret', 'secret', 'x'.repeat(64)],
      ['initial-admin.txt', 'initial-admin.txt', 'email: admin@example.com'],
      ['an upload', 'uploads/0123456789abcdef-480.webp', 'bytes'],
    ])('is refused when only %s shows the folder was used', async (_what, file, text) => {
      const dir = await tempDir();
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
      const before = await contents(dir);
      await expect(openFileStorage({ dataDir: dir })).rejects.toThrow(
        new RegExp(`missing, but its folder has held data \\(${file.startsWith('uploads') ? 'uploads/' : file}`),
      );
      expect(await contents(dir)).toEqual(before);
    });

    it('a new folder gets an empty db.json before anything else: a crash after it is still a first start', async () => {
      const dir = await tempDir();
      const storage = await openStorage({ dataDir: dir });
      expect(JSON.parse(await readFile(path.join(dir, 'db.json'), 'utf8'))).toMatchObject({ format: 1, lastSeq: 0 });
      // The secret and the first admin's file come after the storage is open (api/server.ts, first-start.ts).
      await writeFile(path.join(dir, 'secret'), 'x'.repeat(64));
      const image = await crashImage(storage, dir);
      await cp(path.join(dir, 'secret'), path.join(image, 'secret'));
      const reopened = await openStorage({ dataDir: image });
      expect(await reopened.count('adminUsers')).toBe(0);
    });

    it('journals holding every transaction from the first still open without db.json (earlier versions)', async () => {
      const dir = await tempDir();
      const storage = await openStorage({ dataDir: dir });
      for (const slug of ['a', 'b', 'c']) await storage.transact((tx) => tx.insert('communities', newCommunity(slug)));
      const image = await crashImage(storage, dir);
      await rm(path.join(image, 'db.json'), { force: true });
      const reopened = await openStorage({ dataDir: image });
      expect((await reopened.list('communities')).map((r) => r.slug)).toEqual(['a', 'b', 'c']);
    });
  });

  describe('expired idempotency records (issue 13 item 7)', () => {
    const HOUR = 60 * 60 * 1000;
    /** A clock the test moves. */
    const clock = (start = Date.parse('2030-01-01T00:00:00.000Z')) => {
      const state = { now: start };
      return { state, now: () => state.now };
    };
    const answer = (id: string, expiresAt: number) => ({
      id,
      requestHash: 'hmac-sha256:x',
      statusCode: 201,
      body: { stored: 'x'.repeat(2000) },
      expiresAt: new Date(expiresAt).toISOString(),
    });

    it('are not loaded at start, and the next compaction leaves them out of db.json', async () => {
      const time = clock();
      const dir = await tempDir();
      const storage = await openStorage({ dataDir: dir, now: time.now, compactAfterEntries: 3 });
      // Some in the snapshot (compacted), some only in the journal.
      for (let i = 0; i < 6; i++) {
        await storage.transact((tx) => tx.insert('idempotency', answer(`old-${i}`, time.state.now + 24 * HOUR)));
      }
      await storage.transact((tx) => tx.insert('idempotency', answer('fresh', time.state.now + 48 * HOUR)));
      const image = await crashImage(storage, dir);

      time.state.now += 25 * HOUR;
      const reopened = await openStorage({ dataDir: image, now: time.now });
      expect((await reopened.list('idempotency')).map((r) => r.id)).toEqual(['fresh']);
      await reopened.close();
      const snapshot = JSON.parse(await readFile(path.join(image, 'db.json'), 'utf8'));
      expect(snapshot.collections.idempotency.map((r: { id: string }) => r.id)).toEqual(['fresh']);
    });

    it('are swept on a timer while the server runs', async () => {
      const time = clock();
      const dir = await tempDir();
      const storage = await openStorage({ dataDir: dir, now: time.now, sweepEveryMs: 20 });
      await storage.transact((tx) => {
        for (let i = 0; i < 50; i++) tx.insert('idempotency', answer(`a-${i}`, time.state.now + 24 * HOUR));
        tx.insert('idempotency', answer('later', time.state.now + 48 * HOUR));
      });
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await storage.count('idempotency')).toBe(51);
      time.state.now += 24 * HOUR;
      await vi.waitFor(async () => expect(await storage.count('idempotency')).toBe(1), { timeout: 2000 });
      expect((await storage.list('idempotency')).map((r) => r.id)).toEqual(['later']);
      // The sweep is durable like any write.
      const image = await crashImage(storage, dir);
      const reopened = await openStorage({ dataDir: image, now: () => 0 });
      expect((await reopened.list('idempotency')).map((r) => r.id)).toEqual(['later']);
    });
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
      // No compaction landed: db.json is still the empty one a new folder gets at its first open.
      expect(JSON.parse(await readFile(path.join(dir, 'db.json'), 'utf8'))).toMatchObject({ lastSeq: 0 });

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
