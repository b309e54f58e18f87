/**
 * A full and a read-only data folder under the real server (issue 6 item 3): writes answer 503 with the clear
 * error, reads keep working, the process stays up, nothing acknowledged is lost, and once the disk has room (or
 * is writable) again, writes work without a restart.
 *
 * The faults are real, not injected: the tests run as root (CI too), where chmod does not stop writes, so
 * - full disk: DATA_DIR is a small tmpfs mount, filled up with a filler file while the server runs;
 * - read-only: DATA_DIR is a tmpfs remounted read-only (the server started on it with a valid db.json), then
 *   remounted read-write. A tmpfs cannot be remounted read-only while the server holds its journal open for
 *   writing (EBUSY), which is why this case starts read-only instead of turning read-only mid-run; the storage
 *   layer's mid-run EROFS/ENOSPC/EIO handling is covered with injected failures in api/storage/file-storage.test.ts.
 * - read-only while running: every file and the folder itself made immutable (`chattr +i`), which stops even
 *   root, also through the journal the server already holds open. That works on ext4/xfs-like file systems, not
 *   on tmpfs (writes through an open file go on), so the folder is taken under os.tmpdir() or /var/tmp,
 *   whichever supports it.
 * The tmpfs cases need `mount` (root with CAP_SYS_ADMIN), the last one `chattr` on a supporting file system;
 * where that is not available the test is skipped, saying why.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain';
import {
  contactForm,
  getJson,
  killAllServers,
  login,
  makeTempDir,
  postJson,
  removeTempDirs,
  startServer,
  type LeadSummary,
  type ServerProcess,
} from './server-process';

const ADMIN_PASSWORD = 'faults-password-1';
const ENV = { CONTACT_RATE_LIMIT: '0', LOGIN_RATE_LIMIT: '0', ADMIN_PASSWORD, JWT_SECRET: 'x'.repeat(48) };

const mounted = new Set<string>();

function mount(...args: string[]): void {
  execFileSync('mount', args, { stdio: 'pipe' });
}

function mountTmpfs(sizeKib: number): string {
  const dir = path.join(makeTempDir('hc-faults-'), 'data');
  mkdirSync(dir);
  mount('-t', 'tmpfs', '-o', `size=${sizeKib}k,mode=0700`, 'tmpfs', dir);
  mounted.add(dir);
  return dir;
}

function unmountAll(): void {
  for (const dir of mounted) {
    try {
      execFileSync('umount', [dir], { stdio: 'pipe' });
    } catch {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    }
  }
  mounted.clear();
}

/** Whether this machine lets the tests mount a tmpfs (root with CAP_SYS_ADMIN); the reason when not. */
const mountUnavailable = ((): string | null => {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  try {
    mountTmpfs(64);
    return null;
  } catch (error) {
    return `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]}): needs root with CAP_SYS_ADMIN`;
  } finally {
    unmountAll();
    removeTempDirs();
  }
})();

/** Folders made immutable by a test: made mutable again before anything is removed. */
const immutableDirs = new Set<string>();

function chattr(flag: '+i' | '-i', dir: string): void {
  execFileSync('chattr', ['-R', flag, dir], { stdio: 'pipe' });
}

function releaseImmutableDirs(): void {
  for (const dir of immutableDirs) {
    chattr('-i', dir);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
  immutableDirs.clear();
}

/**
 * A parent folder where `chattr +i` stops writes through a file that is already open (what a read-only disk
 * does to the server's journal), or the reason there is none.
 */
const immutableParent = ((): { dir: string } | { reason: string } => {
  if (process.platform !== 'linux') return { reason: 'chattr needs Linux' };
  const reasons: string[] = [];
  for (const candidate of [os.tmpdir(), '/var/tmp']) {
    let probeDir: string | undefined;
    try {
      probeDir = mkdtempSync(path.join(candidate, 'hc-chattr-probe-'));
      const file = path.join(probeDir, 'probe');
      const fd = openSync(file, 'w');
      try {
        execFileSync('chattr', ['+i', file], { stdio: 'pipe' });
        try {
          writeSync(fd, 'x');
          reasons.push(`${candidate}: an immutable file is still writable through an open descriptor`);
        } catch {
          return { dir: candidate };
        } finally {
          execFileSync('chattr', ['-i', file], { stdio: 'pipe' });
        }
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      reasons.push(`${candidate}: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      if (probeDir) rmSync(probeDir, { recursive: true, force: true });
    }
  }
  return { reason: reasons.join('; ') };
})();

afterEach(async () => {
  await killAllServers();
  releaseImmutableDirs();
  unmountAll();
  removeTempDirs();
});
afterAll(async () => {
  await killAllServers();
  releaseImmutableDirs();
  unmountAll();
  removeTempDirs();
});

/** Writes zeros to `file` until the file system is full (ENOSPC). */
function fillUp(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

async function postContact(server: ServerProcess, email: string) {
  const response = await postJson(`${server.url}/api/public/contacts`, contactForm(email));
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { id?: string; error?: string },
  };
}

async function leadEmails(server: ServerProcess, token: string): Promise<Map<string, string>> {
  const leads = await getJson<LeadSummary[]>(`${server.url}/api/contacts`, token);
  expect(leads.status).toBe(200);
  return new Map(leads.body.map((lead) => [lead.email, lead.id]));
}

async function expectReadsWork(server: ServerProcess, token: string): Promise<void> {
  for (const url of ['/api/public/communities', '/api/public/listings', '/api/public/settings']) {
    expect((await getJson(`${server.url}${url}`)).status, url).toBe(200);
  }
  expect((await getJson(`${server.url}/api/communities`, token)).status).toBe(200);
}

describe.skipIf(mountUnavailable !== null)(`faults against the running server ${mountUnavailable ?? ''}`, () => {
  it('full disk: writes answer 503 with the clear error, reads work, the process stays up, nothing acknowledged is lost, and writes work again once there is room', async () => {
    const dataDir = mountTmpfs(8 * 1024);
    const server = await startServer({ dataDir, env: ENV });
    const { token } = await login(server, 'admin@example.com', ADMIN_PASSWORD);
    expect(token).toEqual(expect.any(String));

    const acknowledged = new Map<string, string>();
    for (let n = 0; n < 5; n++) {
      const email = `before-full-${n}@faults.test`;
      const answer = await postContact(server, email);
      expect(answer.status).toBe(201);
      acknowledged.set(email, answer.body.id!);
    }

    const filler = path.join(dataDir, 'filler.bin');
    expect(fillUp(filler)).toBeGreaterThan(0);

    // The journal's last memory page may still have room for a line or two: those writes are really stored
    // (acknowledged, kept below); from the first one that needs a new page, every write is refused.
    const refused: string[] = [];
    for (let n = 0; n < 60 && refused.length < 5; n++) {
      const email = `while-full-${n}@faults.test`;
      const answer = await postContact(server, email);
      if (refused.length === 0 && answer.status === 201) {
        acknowledged.set(email, answer.body.id!);
        continue;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.error).toBe(MESSAGES.storageUnavailable);
      expect(answer.retryAfter).toBe('30');
      refused.push(email);
    }
    expect(refused).toHaveLength(5);
    // An admin write too, through the same path as every other write.
    const adminWrite = await fetch(`${server.url}/api/communities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Full Disk Acres',
        location: 'Katy, TX',
        description: 'Never saved.',
        priceRange: '$300s',
      }),
    });
    expect(adminWrite.status).toBe(503);

    await expectReadsWork(server, token!);
    const whileFull = await leadEmails(server, token!);
    for (const [email, id] of acknowledged) expect(whileFull.get(email)).toBe(id);
    for (const email of refused) expect(whileFull.has(email), `${email} was refused but shows`).toBe(false);
    expect(server.child.exitCode).toBeNull();

    // Room again: the next write succeeds without a restart.
    rmSync(filler);
    const after = await postContact(server, 'after-room@faults.test');
    expect(after.status).toBe(201);
    acknowledged.set('after-room@faults.test', after.body.id!);

    // And everything acknowledged is on disk: stop, restart on the same folder, look again.
    const exit = await server.stop('SIGTERM');
    expect(exit.code, exit.output).toBe(0);
    expect(exit.output).toContain('storage unavailable');
    const restarted = await startServer({ dataDir, env: ENV });
    const { token: token2 } = await login(restarted, 'admin@example.com', ADMIN_PASSWORD);
    const stored = await leadEmails(restarted, token2!);
    for (const [email, id] of acknowledged) expect(stored.get(email), email).toBe(id);
    for (const email of refused) expect(stored.has(email), `${email} was refused but was stored`).toBe(false);
    expect((await restarted.stop('SIGTERM')).code).toBe(0);
  }, 120_000);

  it('full disk: a SIGTERM while the disk is still full leaves a folder the next start opens, with every acknowledged lead (issue 13 item 2)', async () => {
    const dataDir = mountTmpfs(8 * 1024);
    const server = await startServer({ dataDir, env: ENV });
    const acknowledged = new Map<string, string>();
    for (let n = 0; n < 3; n++) {
      const answer = await postContact(server, `before-full-${n}@faults.test`);
      expect(answer.status).toBe(201);
      acknowledged.set(`before-full-${n}@faults.test`, answer.body.id!);
    }
    const filler = path.join(dataDir, 'filler.bin');
    expect(fillUp(filler)).toBeGreaterThan(0);
    const refused: string[] = [];
    for (let n = 0; n < 60 && refused.length < 3; n++) {
      const email = `while-full-${n}@faults.test`;
      const answer = await postContact(server, email);
      if (answer.status === 201) acknowledged.set(email, answer.body.id!);
      else {
        expect(answer.status).toBe(503);
        refused.push(email);
      }
    }
    expect(refused).toHaveLength(3);

    // Stopped while the disk is still full: the final compaction cannot write db.json.
    const exit = await server.stop('SIGTERM');
    expect(exit.code, exit.output).toBe(0);
    rmSync(filler);

    const restarted = await startServer({ dataDir, env: ENV });
    const { token } = await login(restarted, 'admin@example.com', ADMIN_PASSWORD);
    const stored = await leadEmails(restarted, token!);
    for (const [email, id] of acknowledged) expect(stored.get(email), email).toBe(id);
    for (const email of refused) expect(stored.has(email), `${email} was refused but was stored`).toBe(false);
    expect((await restarted.stop('SIGTERM')).code).toBe(0);
  }, 120_000);

  it('read-only folder: the server starts, reads work, writes answer 503 with the clear error, and work again once the folder is writable', async () => {
    const dataDir = mountTmpfs(16 * 1024);
    // A first start writes a valid db.json (example data, the admin) and one acknowledged lead.
    const first = await startServer({ dataDir, env: ENV });
    const seeded = await postContact(first, 'before-readonly@faults.test');
    expect(seeded.status).toBe(201);
    const { token } = await login(first, 'admin@example.com', ADMIN_PASSWORD);
    expect(token).toEqual(expect.any(String));
    expect((await first.stop('SIGTERM')).code).toBe(0);

    mount('-o', 'remount,ro', dataDir);
    const server = await startServer({ dataDir, env: ENV });
    // Signing in writes an audit line, so it is refused like any write; the token from the first start (same
    // JWT_SECRET) still opens the admin reads.
    const refusedLogin = await postJson(`${server.url}/api/admin/login`, {
      email: 'admin@example.com',
      password: ADMIN_PASSWORD,
    });
    expect(refusedLogin.status).toBe(503);
    expect(((await refusedLogin.json()) as { error: string }).error).toBe(MESSAGES.storageUnavailable);
    await expectReadsWork(server, token!);
    expect((await leadEmails(server, token!)).get('before-readonly@faults.test')).toBe(seeded.body.id);

    for (const url of ['/api/public/communities', '/api/public/listings', '/api/public/settings']) {
      expect((await getJson(`${server.url}${url}`)).status, url).toBe(200);
    }
    const refused = await postContact(server, 'while-readonly@faults.test');
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe(MESSAGES.storageUnavailable);
    expect(refused.retryAfter).toBe('30');
    // Still refused on a second try (the storage retries opening its journal each time), and still up.
    expect((await postContact(server, 'while-readonly-2@faults.test')).status).toBe(503);
    expect(server.child.exitCode).toBeNull();

    mount('-o', 'remount,rw', dataDir);
    const accepted = await postContact(server, 'after-readonly@faults.test');
    expect(accepted.status).toBe(201);
    expect((await login(server, 'admin@example.com', ADMIN_PASSWORD)).status).toBe(200);
    const leads = await leadEmails(server, token!);
    expect(leads.get('before-readonly@faults.test')).toBe(seeded.body.id);
    expect(leads.get('after-readonly@faults.test')).toBe(accepted.body.id);
    expect(leads.has('while-readonly@faults.test')).toBe(false);
    expect((await server.stop('SIGTERM')).code).toBe(0);
  }, 120_000);
});

describe.skipIf('reason' in immutableParent)(
  `a data folder that turns read-only while the server runs ${'reason' in immutableParent ? `(skipped: ${immutableParent.reason})` : ''}`,
  () => {
    it('writes answer 503 with the clear error, reads work, the process stays up, and writes work again once the folder is writable', async () => {
      const parent = (immutableParent as { dir: string }).dir;
      const dataDir = path.join(mkdtempSync(path.join(parent, 'hc-faults-ro-')), 'data');
      const server = await startServer({ dataDir, env: ENV });
      const { token } = await login(server, 'admin@example.com', ADMIN_PASSWORD);
      const before = await postContact(server, 'before-immutable@faults.test');
      expect(before.status).toBe(201);

      immutableDirs.add(dataDir);
      chattr('+i', dataDir);
      const refused = await postContact(server, 'while-immutable@faults.test');
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body.error).toBe(MESSAGES.storageUnavailable);
      expect(refused.retryAfter).toBe('30');
      const adminWrite = await fetch(`${server.url}/api/communities`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: 'Read Only Ranch',
          location: 'Katy, TX',
          description: 'Never saved.',
          priceRange: '$300s',
        }),
      });
      expect(adminWrite.status).toBe(503);
      await expectReadsWork(server, token!);
      const whileReadOnly = await leadEmails(server, token!);
      expect(whileReadOnly.get('before-immutable@faults.test')).toBe(before.body.id);
      expect(whileReadOnly.has('while-immutable@faults.test')).toBe(false);
      expect(server.child.exitCode).toBeNull();

      chattr('-i', dataDir);
      const after = await postContact(server, 'after-immutable@faults.test');
      expect(after.status).toBe(201);

      expect((await server.stop('SIGTERM')).code).toBe(0);
      const restarted = await startServer({ dataDir, env: ENV });
      const stored = await leadEmails(restarted, token!);
      expect(stored.get('before-immutable@faults.test')).toBe(before.body.id);
      expect(stored.get('after-immutable@faults.test')).toBe(after.body.id);
      expect(stored.has('while-immutable@faults.test')).toBe(false);
      expect((await restarted.stop('SIGTERM')).code).toBe(0);
    }, 120_000);
  },
);
