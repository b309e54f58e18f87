/**
 * `npm run bench:sync` — the sync budget of DESIGN §7: "100 queued offline edits drain in ≤ 5 s after the
 * network returns".
 *
 * It starts the real server as its own process (api/server.ts, file storage on a temporary DATA_DIR: every
 * write is fsynced before it is acknowledged), and drives the browser's data layer in this process: the one
 * HTTP client, the admin repositories, the outbox and the sync worker, over fake-indexeddb (Node has no
 * IndexedDB). Per run:
 *
 * 1. online: 40 listings and 40 properties are created through saveAdmin (and listed, so the device has its copy);
 * 2. offline (the client points at a port where nothing listens): 100 edits through saveAdmin — 80 updates of
 *    those records and 20 creates — are queued in the outbox;
 * 3. back online: the client points at the server again and the sync worker's reconnect drain runs (what the
 *    browser's 'online' event does); the clock runs from here until the outbox is empty;
 * 4. the server is checked: every update applied exactly once (version 2, new price), every create present once.
 *
 * It prints `100 queued edits drained in X ms with N requests` per run and the median with a verdict against the
 * budget, and writes bench/results/sync.json. A missed budget does not change the exit code (this is a report);
 * a crash or a wrong server state does.
 *
 * This file is the script entry; one run is sync-run.ts, the counting client sync-client.ts.
 */
import 'fake-indexeddb/auto';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteLocalDb } from '../../web/src/data/local-db';
import { getToken } from '../../web/src/data/session';
import { stopSyncWorker } from '../../web/src/data/sync';
import { login } from '../../web/src/data/repositories/admin/auth';
import { BENCH_ADMIN_PASSWORD, BENCH_SERVER_ENV, startApiServer } from '../support/api-server';
import { stopChild } from '../support/child-processes';
import { median } from '../support/median';
import { freePort } from '../support/net';
import { HOST, REPO_ROOT, RESULTS_DIR } from '../support/paths';
import { pointClientAt } from './sync-client';
import { EDITS, oneRun, QUEUED, type RunResult } from './sync-run';

const RESULTS_FILE = path.join(RESULTS_DIR, 'sync.json');
const ADMIN_EMAIL = 'bench@example.com';

export const BUDGET_MS = 5000;
const RUNS = Math.max(1, Number(process.env.SYNC_BENCH_RUNS ?? 3));

interface RunningServer {
  apiUrl: string;
  child: ChildProcess;
}

/** Our server on `dataDir` (file storage: every write fsynced before it is acknowledged); its API base URL. */
async function startServer(dataDir: string): Promise<RunningServer> {
  const server = await startApiServer({
    name: 'the server',
    dataDir,
    env: { ...BENCH_SERVER_ENV, ADMIN_EMAIL },
    maxOutputChars: Infinity,
  });
  return { apiUrl: `${server.url}/api`, child: server.child };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hc-bench-sync-'));
  const offlineUrl = `http://${HOST}:${await freePort()}/api`;
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  let server: RunningServer | undefined;
  const stop = () => server?.child.kill('SIGKILL');
  process.on('exit', stop);
  try {
    server = await startServer(dataDir);
    pointClientAt(server.apiUrl);
    await login(ADMIN_EMAIL, BENCH_ADMIN_PASSWORD);
    const token = () => getToken() ?? '';

    const runs: RunResult[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      await stopSyncWorker();
      const result = await oneRun(run, server.apiUrl, offlineUrl, token);
      runs.push(result);
      console.log(
        `run ${run}: ${result.queued} queued edits drained in ${Math.round(result.drainMs)} ms with ${result.requests} requests` +
          ` (${Math.round(result.waitingMs)} ms waiting for answers)`,
      );
    }
    await stopSyncWorker();

    const drainMs = Math.round(median(runs.map((run) => run.drainMs)));
    const requests = median(runs.map((run) => run.requests));
    const verdict = drainMs <= BUDGET_MS ? 'PASS' : 'FAIL';
    console.log(`${QUEUED} queued edits drained in ${drainMs} ms with ${requests} requests (median of ${RUNS})`);
    console.log(`budget ≤ ${BUDGET_MS} ms: ${verdict}`);

    await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          startedAt: startedAt.toISOString(),
          finishedAt: new Date().toISOString(),
          environment: {
            node: process.version,
            platform: `${os.platform()} ${os.release()}`,
            cpus: os.cpus().length,
            loadAverageAtStart,
            loadAverageAtEnd: os.loadavg(),
            storage: 'file (fsync per acknowledged write)',
            client: 'web/src/data over fake-indexeddb, in the bench process',
          },
          edits: { ...EDITS, total: QUEUED },
          budgetMs: BUDGET_MS,
          drainMs,
          requests,
          verdict,
          runs: runs.map((run) => ({ ...run, drainMs: Math.round(run.drainMs), waitingMs: Math.round(run.waitingMs) })),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  } finally {
    await stopSyncWorker().catch(() => undefined);
    if (server) await stopChild(server.child);
    process.off('exit', stop);
    await deleteLocalDb().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
