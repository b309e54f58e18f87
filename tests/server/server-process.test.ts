/**
 * The real server process (api/server.ts) on a temporary data folder: first start, restart, configured admin,
 * bad configuration, graceful shutdown on SIGTERM/SIGINT and a corrupt db.json.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  contactForm,
  getJson,
  killAllServers,
  login,
  makeTempDir,
  postJson,
  removeTempDirs,
  runUntilExit,
  startServer,
  type LeadSummary,
} from './server-process';

const SLOW = 90_000;
const mode = (file: string) => statSync(file).mode & 0o777;
const GENERATED_PASSWORD = /password \(shown once\): (\S+)/;

afterEach(async () => {
  await killAllServers();
  removeTempDirs();
});
afterAll(async () => {
  await killAllServers();
  removeTempDirs();
});

describe('server process', () => {
  it(
    'first start seeds an empty folder and prints a one-time password; a restart keeps data and password',
    async () => {
      // A folder that does not exist yet: the server creates it.
      const dataDir = path.join(makeTempDir(), 'data');
      const first = await startServer({ dataDir });
      const banner = first.stdout();
      expect(banner).toMatch(/first super admin: admin@example\.com/);
      const password = GENERATED_PASSWORD.exec(banner)?.[1];
      expect(password, banner).toBeDefined();
      expect(password!.length).toBeGreaterThanOrEqual(12);

      expect(mode(dataDir)).toBe(0o700);
      const credentialsFile = path.join(dataDir, 'initial-admin.txt');
      expect(mode(credentialsFile)).toBe(0o600);
      const credentials = readFileSync(credentialsFile, 'utf8');
      expect(credentials).toContain('admin@example.com');
      expect(credentials).toContain(`password: ${password}\n`);
      expect(banner).toContain(credentialsFile);
      const secretFile = path.join(dataDir, 'secret');
      expect(mode(secretFile)).toBe(0o600);
      const secret = readFileSync(secretFile, 'utf8');
      expect(secret.trim().length).toBeGreaterThanOrEqual(32);

      const communities = await getJson<{ slug: string }[]>(`${first.url}/api/public/communities`);
      expect(communities.status).toBe(200);
      expect(communities.body.length).toBeGreaterThanOrEqual(8);
      expect(communities.body.map((community) => community.slug)).toContain('austin-point');

      const wrong = await login(first, 'admin@example.com', `${password}x`);
      expect(wrong.status).toBe(401);
      const signedIn = await login(first, 'admin@example.com', password!);
      expect(signedIn.status).toBe(200);
      expect(signedIn.token).toEqual(expect.any(String));
      const verify = await getJson<{ valid: boolean }>(`${first.url}/api/admin/verify`, signedIn.token);
      expect(verify.body.valid).toBe(true);

      const firstExit = await first.stop('SIGTERM');
      expect(firstExit.code, firstExit.output).toBe(0);

      // Second start on the same folder: not a first start.
      const second = await startServer({ dataDir });
      // The same secret: a token from the first run is still valid.
      const stillValid = await getJson<{ valid: boolean }>(`${second.url}/api/admin/verify`, signedIn.token);
      expect(stillValid.status).toBe(200);
      const again = await login(second, 'admin@example.com', password!);
      expect(again.status).toBe(200);
      const communitiesAgain = await getJson<{ slug: string }[]>(`${second.url}/api/public/communities`);
      expect(communitiesAgain.body.map((community) => community.slug).sort()).toEqual(
        communities.body.map((community) => community.slug).sort(),
      );
      expect(readFileSync(secretFile, 'utf8')).toBe(secret);
      expect(readFileSync(credentialsFile, 'utf8')).toBe(credentials);

      const secondExit = await second.stop('SIGTERM');
      expect(secondExit.code, secondExit.output).toBe(0);
      // Checked on the complete output, so a banner split across chunks cannot hide a password line.
      expect(secondExit.stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(secondExit.stdout).not.toMatch(/password/i);
      expect(secondExit.stdout).not.toContain(password!);
      expect(secondExit.stdout).not.toMatch(/first super admin|first start/);
    },
    SLOW,
  );

  it(
    'ADMIN_EMAIL / ADMIN_PASSWORD create that admin and no password is generated',
    async () => {
      const dataDir = makeTempDir();
      const server = await startServer({
        dataDir,
        env: { ADMIN_EMAIL: 'Owner@Example.org', ADMIN_PASSWORD: 'configured-password-42' },
      });
      const signedIn = await login(server, 'owner@example.org', 'configured-password-42');
      expect(signedIn.status).toBe(200);
      expect(signedIn.token).toEqual(expect.any(String));
      expect((await login(server, 'admin@example.com', 'configured-password-42')).status).toBe(401);
      expect(existsSync(path.join(dataDir, 'initial-admin.txt'))).toBe(false);

      const exit = await server.stop('SIGTERM');
      expect(exit.code, exit.output).toBe(0);
      expect(exit.stdout).toContain('first super admin: owner@example.org');
      expect(exit.stdout).not.toMatch(GENERATED_PASSWORD);
      expect(exit.output).not.toContain('configured-password-42');
    },
    SLOW,
  );

  it(
    'a bad configuration stops the start, naming every bad variable, before touching the data folder',
    async () => {
      const dataDir = path.join(makeTempDir(), 'never-created');
      const exit = await runUntilExit({ dataDir, env: { PORT: 'abc', JWT_SECRET: 'short' } });
      expect(exit.code, exit.output).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(exit.stderr).toContain('PORT');
      expect(exit.stderr).toContain('JWT_SECRET');
      expect(exit.stdout).not.toMatch(/listening on/);
      expect(existsSync(dataDir)).toBe(false);
    },
    SLOW,
  );

  it(
    'SIGTERM lets a write finish, flushes storage and exits 0; the write is there after a restart',
    async () => {
      const dataDir = makeTempDir();
      const email = `sigterm-${Date.now()}@example.com`;
      const first = await startServer({ dataDir, env: { ADMIN_PASSWORD: 'shutdown-password-1' } });
      const posted = await postJson(`${first.url}/api/public/contacts`, contactForm(email, { name: 'Graceful Guest' }));
      expect(posted.status).toBe(201);
      const { id } = (await posted.json()) as { id: string };

      const exit = await first.stop('SIGTERM');
      expect(exit.code, exit.output).toBe(0);
      expect(exit.output).not.toContain('Shutdown failed');
      // Closing compacts the journal into db.json.
      const snapshot = JSON.parse(readFileSync(path.join(dataDir, 'db.json'), 'utf8')) as {
        collections: { contacts?: { email: string }[] };
      };
      expect(snapshot.collections.contacts?.map((contact) => contact.email)).toContain(email);

      const second = await startServer({ dataDir, env: { ADMIN_PASSWORD: 'shutdown-password-1' } });
      const { token } = await login(second, 'admin@example.com', 'shutdown-password-1');
      expect(token).toEqual(expect.any(String));
      const leads = await getJson<LeadSummary[]>(`${second.url}/api/contacts`, token);
      expect(leads.status).toBe(200);
      const found = leads.body.find((lead) => lead.email === email);
      expect(found).toMatchObject({ id, email, status: 'NEW' });
      const secondExit = await second.stop('SIGTERM');
      expect(secondExit.code, secondExit.output).toBe(0);
    },
    SLOW,
  );

  it(
    'SIGINT also shuts down gracefully with exit code 0',
    async () => {
      const dataDir = makeTempDir();
      const email = `sigint-${Date.now()}@example.com`;
      const first = await startServer({ dataDir, env: { ADMIN_PASSWORD: 'interrupt-password-1' } });
      const posted = await postJson(`${first.url}/api/public/contacts`, contactForm(email));
      expect(posted.status).toBe(201);
      const exit = await first.stop('SIGINT');
      expect(exit.code, exit.output).toBe(0);
      expect(exit.signal).toBeNull();

      const second = await startServer({ dataDir, env: { ADMIN_PASSWORD: 'interrupt-password-1' } });
      const { token } = await login(second, 'admin@example.com', 'interrupt-password-1');
      const leads = await getJson<LeadSummary[]>(`${second.url}/api/contacts`, token);
      expect(leads.body.map((lead) => lead.email)).toContain(email);
      expect((await second.stop('SIGINT')).code).toBe(0);
    },
    SLOW,
  );

  it.each([
    ['garbage', 'this is {not json at all\u0000\u00ff'],
    ['JSON that is not a snapshot', '{"hello":"world"}'],
  ])(
    'a corrupt db.json (%s) stops the start naming the file, and nothing is written over it',
    async (_kind, content) => {
      const dataDir = makeTempDir();
      const dbFile = path.join(dataDir, 'db.json');
      writeFileSync(dbFile, content);
      const before = readFileSync(dbFile);

      const exit = await runUntilExit({ dataDir });
      expect(exit.code, exit.output).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(exit.output).toContain(dbFile);
      expect(exit.stdout).not.toMatch(/listening on|password/);

      expect(readFileSync(dbFile).equals(before)).toBe(true);
      // No journal, no first admin, no example data: only the JWT secret (made before storage opens) may appear.
      const files = readdirSync(dataDir).filter((name) => name !== 'secret');
      expect(files).toEqual(['db.json']);
    },
    SLOW,
  );
});
