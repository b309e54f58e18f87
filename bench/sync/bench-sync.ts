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
 */
import 'fake-indexeddb/auto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Listing } from '../../domain/schemas/listing';
import type { Property } from '../../domain/schemas/property';
import { configureHttpClient } from '../../web/src/data/http-client';
import { deleteLocalDb } from '../../web/src/data/local-db';
import { countOutbox, listOutbox } from '../../web/src/data/outbox';
import { getToken } from '../../web/src/data/session';
import { drainAfterReconnect, stopSyncWorker } from '../../web/src/data/sync';
import { login } from '../../web/src/data/repositories/admin/auth';
import { listAdmin, saveAdmin } from '../../web/src/data/repositories/admin/content';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..');
const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results', 'sync.json');
const HOST = '127.0.0.1';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'bench-password-1';

export const BUDGET_MS = 5000;
const EDITS = { listingUpdates: 40, propertyUpdates: 40, listingCreates: 10, propertyCreates: 10 } as const;
const QUEUED = EDITS.listingUpdates + EDITS.propertyUpdates + EDITS.listingCreates + EDITS.propertyCreates;
const RUNS = Math.max(1, Number(process.env.SYNC_BENCH_RUNS ?? 3));
const DRAIN_TIMEOUT_MS = 60_000;

// ---- the server process ---------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  apiUrl: string;
  child: ChildProcess;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST,
      DATA_DIR: dataDir,
      STORAGE: 'file',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOGIN_RATE_LIMIT: '0',
      DEMO_MODE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 60 s:\n${output}`)), 60_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve(match[1]!);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited during start (${code ?? signal}):\n${output}`));
    });
  });
  return { apiUrl: `${url}/api`, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---- the client -----------------------------------------------------------------------------------------------

/** Counts the requests the data layer makes, and the time spent waiting for their answers. */
let requestCount = 0;
let requestMs = 0;
const countingFetch: typeof fetch = async (input, init) => {
  requestCount += 1;
  const started = performance.now();
  try {
    const response = await fetch(input, init);
    await response.clone().arrayBuffer();
    return response;
  } finally {
    requestMs += performance.now() - started;
  }
};

function pointClientAt(baseUrl: string): void {
  configureHttpClient({ baseUrl, fetch: countingFetch });
}

/** Reads the server directly (not through the data layer, so it is not counted and not cached). */
async function serverList<T>(apiUrl: string, token: string, what: 'listings' | 'properties'): Promise<T[]> {
  const response = await fetch(`${apiUrl}/${what}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${what} answered ${response.status}`);
  return (await response.json()) as T[];
}

interface RunResult {
  run: number;
  queued: number;
  drainMs: number;
  requests: number;
  /** Time spent waiting for the server's answers (network + server + fsync); the rest is the client's own work. */
  waitingMs: number;
}

async function oneRun(run: number, apiUrl: string, offlineUrl: string, token: () => string): Promise<RunResult> {
  pointClientAt(apiUrl);
  const communityId = (await listAdmin('communities')).records[0]!.id;
  const listings: Listing[] = [];
  const properties: Property[] = [];
  for (let i = 0; i < EDITS.listingUpdates; i += 1) {
    listings.push(
      (
        await saveAdmin('listings', {
          title: `Bench ${run}-${i}`,
          communityId,
          address: `${i} Bench Lane, Katy, TX 77494`,
          price: 300_000 + i,
          bedrooms: 3,
          bathrooms: 2,
          sqft: 2000,
        })
      ).record,
    );
  }
  for (let i = 0; i < EDITS.propertyUpdates; i += 1) {
    properties.push(
      (
        await saveAdmin('properties', {
          title: `Bench ${run}-${i}`,
          address: `${i} Bench St`,
          city: 'Houston',
          state: 'TX',
          zipCode: '77008',
          price: 400_000 + i,
        })
      ).record,
    );
  }
  await Promise.all([listAdmin('listings'), listAdmin('properties')]);

  // Offline: every edit is kept in the outbox.
  pointClientAt(offlineUrl);
  const createdListingIds: string[] = [];
  const createdPropertyIds: string[] = [];
  const newPrice = (i: number) => 500_000 + run * 1000 + i;
  for (const [i, listing] of listings.entries()) {
    const saved = await saveAdmin('listings', { ...listing, price: newPrice(i) });
    if (!saved.queued) throw new Error('an offline edit was not queued');
  }
  for (const [i, property] of properties.entries()) {
    await saveAdmin('properties', { ...property, price: newPrice(i) });
  }
  for (let i = 0; i < EDITS.listingCreates; i += 1) {
    const saved = await saveAdmin('listings', {
      title: `Offline ${run}-${i}`,
      communityId,
      address: `${i} Offline Way, Katy, TX 77494`,
      price: 350_000,
      bedrooms: 4,
      bathrooms: 3,
      sqft: 2500,
    });
    createdListingIds.push(saved.record.id);
  }
  for (let i = 0; i < EDITS.propertyCreates; i += 1) {
    const saved = await saveAdmin('properties', {
      title: `Offline ${run}-${i}`,
      address: `${i} Offline St`,
      city: 'Houston',
      state: 'TX',
      zipCode: '77007',
      price: 450_000,
    });
    createdPropertyIds.push(saved.record.id);
  }
  const queued = (await listOutbox()).length;
  if (queued !== QUEUED) throw new Error(`expected ${QUEUED} queued edits, found ${queued}`);

  // The network returns: the clock runs until the outbox is empty.
  pointClientAt(apiUrl);
  requestCount = 0;
  requestMs = 0;
  const started = performance.now();
  await drainAfterReconnect();
  for (;;) {
    const counts = await countOutbox();
    if (counts.failed || counts.conflicts)
      throw new Error(`the server refused queued edits: ${JSON.stringify(counts)}`);
    if (counts.pending === 0) break;
    if (performance.now() - started > DRAIN_TIMEOUT_MS) throw new Error('the outbox did not drain within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await drainAfterReconnect();
  }
  const drainMs = performance.now() - started;
  const requests = requestCount;
  const waitingMs = requestMs;

  // Exactly once, on the server.
  const [serverListings, serverProperties] = await Promise.all([
    serverList<Listing>(apiUrl, token(), 'listings'),
    serverList<Property>(apiUrl, token(), 'properties'),
  ]);
  const listingById = new Map(serverListings.map((listing) => [listing.id, listing]));
  const propertyById = new Map(serverProperties.map((property) => [property.id, property]));
  const problems: string[] = [];
  listings.forEach((listing, i) => {
    const stored = listingById.get(listing.id);
    if (stored?.price !== newPrice(i) || stored.version !== 2) problems.push(`listing ${listing.id}`);
  });
  properties.forEach((property, i) => {
    const stored = propertyById.get(property.id);
    if (stored?.price !== newPrice(i) || stored.version !== 2) problems.push(`property ${property.id}`);
  });
  for (const id of createdListingIds) if (listingById.get(id)?.version !== 1) problems.push(`new listing ${id}`);
  for (const id of createdPropertyIds) if (propertyById.get(id)?.version !== 1) problems.push(`new property ${id}`);
  for (const records of [serverListings, serverProperties]) {
    const titles = records
      .map((record) => record.title)
      .filter((title) => title.startsWith(`Bench ${run}-`) || title.startsWith(`Offline ${run}-`));
    if (new Set(titles).size !== titles.length) problems.push('a record was created twice');
  }
  if (problems.length) throw new Error(`the server does not hold the edits exactly once: ${problems.join(', ')}`);

  return { run, queued, drainMs, requests, waitingMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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
    await login(ADMIN_EMAIL, ADMIN_PASSWORD);
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
    if (server) await stopServer(server.child);
    process.off('exit', stop);
    await deleteLocalDb().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
