/**
 * A throwaway PostgreSQL cluster for tests: Debian's `postgresql` package, initdb in a temp folder, started on a
 * free port of 127.0.0.1 with its socket in that folder, stopped and removed by `stop()`. One cluster per test
 * file (initdb + start take a second or two); each test takes a fresh database from it.
 *
 * initdb refuses to run as root, so as root the folder is handed to the `postgres` user and initdb/pg_ctl run
 * through `runuser -u postgres --`. Authentication is `trust` on 127.0.0.1 only: the cluster lives for one test
 * file. fsync is off: the tests are about the adapter's logic, not the disk (crash durability is PostgreSQL's).
 *
 * A machine without PostgreSQL makes the tests FAIL with how to install it (never skip: CI must not go green
 * without having run them).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** Creates an empty database with a fresh name and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'PostgreSQL is needed by these tests and was not found under /usr/lib/postgresql/*/bin. Install it with: ' +
  'apt-get install -y postgresql (Debian/Ubuntu; .ci/run does this), or set PG_BIN to the folder holding initdb and pg_ctl.';

/** The folder with initdb and pg_ctl: PG_BIN when set (and then only it), else Debian's newest /usr/lib/postgresql/<major>/bin. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string {
  const candidates: string[] = [];
  if (env.PG_BIN) candidates.push(env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (!env.PG_BIN && existsSync(root)) {
    const majors = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...majors.map((major) => path.join(root, major, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

/** A TCP port free on 127.0.0.1 right now (another process may still take it before it is used). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let databases = 0;

export interface PostgresClusterOptions {
  /**
   * PostgreSQL's own durable defaults (fsync, synchronous commit, full page writes) instead of the tests' fast
   * settings: benchmarks use it, so a write's figure includes the WAL flush a production database pays.
   */
  durable?: boolean;
}

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hc-postgres-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error(`Running as root, the cluster needs the 'postgres' user. ${INSTALL_HINT}`);
    });
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  // As root, every PostgreSQL binary runs as the postgres user (initdb and the server refuse root).
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  const fail = async (step: string, error: unknown): Promise<never> => {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    const detail = (error as { stderr?: string }).stderr || (error as Error).message;
    throw new Error(`Could not ${step} a test PostgreSQL cluster in ${dir}: ${detail}\n${log}`);
  };

  await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']).catch((error) =>
    fail('create', error),
  );
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      '-c max_connections=200',
    ].join(' ');
    try {
      await pgRun('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
      break;
    } catch (error) {
      // Another process may have taken the port between freePort() and the start: try another one.
      if (attempt >= 2) await fail('start', error);
    }
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  // A test file that dies before its afterAll (timeout, crash) must not leave a server running: stop it as the
  // process exits (synchronously: nothing else runs in an exit handler).
  const stopAtExit = () => {
    if (stopped) return;
    const args = [path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', '-w', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', ...args]);
    else spawnSync(args[0]!, args.slice(1));
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopAtExit);
  return {
    port,
    url,
    async createDatabase(prefix = 'test') {
      const name = `${prefix}_${process.pid}_${++databases}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', stopAtExit);
      await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
