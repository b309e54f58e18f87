/**
 * bench:api's servers: ours (api/server.ts on a data set, file storage or PostgreSQL), json-server 0.17 on the same
 * records, and the calibration server (bare node:http replaying our answers' bytes), plus the package versions
 * the report names.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BENCH_SERVER_ENV, startApiServer } from '../support/api-server';
import { collectOutput, startNodeChild, track } from '../support/child-processes';
import { pinnedCommand } from '../support/cpu-pinning';
import { freePort } from '../support/net';
import { HOST } from '../support/paths';

const require = createRequire(import.meta.url);

export interface RunningServer {
  name: 'ours' | 'json-server' | 'calibration';
  url: string;
  child: ChildProcess;
  output: () => string;
}

export async function startOurServer(
  dataDir: string,
  cpuProfileDir?: string,
  databaseUrl?: string,
): Promise<RunningServer> {
  const started = await startApiServer({
    name: 'our server',
    dataDir,
    nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
    env: { ...BENCH_SERVER_ENV, ...(databaseUrl ? { STORAGE: 'postgres', DATABASE_URL: databaseUrl } : {}) },
    cpu: 'server',
  });
  return { name: 'ours', ...started };
}

export function jsonServerBin(): { bin: string; version: string } {
  const pkgFile = require.resolve('json-server/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string; bin: string };
  return { bin: path.join(path.dirname(pkgFile), pkg.bin), version: pkg.version };
}

/** The installed version of package `name`, or 'unknown'. */
export function pkgVersion(name: string): string {
  try {
    return (
      JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return 'unknown';
  }
}

/** json-server on `dbFile`, `--quiet`, on a free port; ready once it answers a first list request. */
export async function startJsonServer(dbFile: string): Promise<RunningServer> {
  const port = await freePort();
  const child = track(
    spawn(
      ...pinnedCommand('server', process.execPath, [
        jsonServerBin().bin,
        dbFile,
        '--port',
        String(port),
        '--host',
        HOST,
        '--quiet',
      ]),
      {
        cwd: path.dirname(dbFile),
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    ),
  );
  const output = collectOutput(child);
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`json-server exited during start (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/communities?_limit=1`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`json-server did not start within 60 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { name: 'json-server', url, child, output };
}

/**
 * The calibration server: plain node:http answering fixed bodies read from `dir` (file name = path), with the
 * same content type as ours. It shows the most req/s this client can drive on this machine for a payload.
 */
const NULL_SERVER_SOURCE = `
const http = require('node:http');
const fs = require('node:fs');
const dir = process.argv[1];
const names = fs.readdirSync(dir).filter((name) => !name.endsWith('.encoding'));
const bodies = new Map(names.map((name) => ['/' + name, fs.readFileSync(dir + '/' + name)]));
const encodings = new Map(names.map((name) => {
  const file = dir + '/' + name + '.encoding';
  return ['/' + name, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''];
}));
const server = http.createServer((req, res) => {
  const body = bodies.get(req.url);
  if (!body) { res.statusCode = 404; res.end(); return; }
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
  if (encodings.get(req.url)) headers['content-encoding'] = encodings.get(req.url);
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '${HOST}', () => console.log('listening on http://${HOST}:' + server.address().port));
`;

export async function startNullServer(dir: string): Promise<RunningServer> {
  const started = await startNodeChild(['-e', NULL_SERVER_SOURCE, dir], {
    name: 'calibration server',
    timeoutMs: 20_000,
    cpu: 'server',
  });
  return { name: 'calibration', ...started };
}
