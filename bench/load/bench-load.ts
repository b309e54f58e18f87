/**
 * `npm run bench:load` — issue 6 item 2: 60 s of mixed traffic against the production server on 127.0.0.1.
 *
 * Traffic (100 connections, autocannon): 90 % public reads spread over the three public GET endpoints (the
 * community list, listings of a community, a listing by id), 8 % public contact posts, 2 % admin writes with a
 * token (new properties). The server runs as `npm start` runs it (api/server.ts, file storage) on a temporary
 * DATA_DIR with the rate limits off (LOGIN_RATE_LIMIT=0 CONTACT_RATE_LIMIT=0: the load comes from one IP).
 *
 * Verdicts:
 * - no 5xx (status counts per kind of request; socket errors and timeouts are reported too);
 * - every acknowledged write is there afterwards: the ids answered 201 are counted and looked up through the API
 *   after the run, and again after a restart of the server on the same folder (so "there" means on disk);
 * - memory steady: VmRSS of the server process (from /proc/<pid>/status) at the end ≤ 1.5 × VmRSS of a fresh server
 *   holding the same data (the restart below, once it has answered the read-back of every write). The end over the
 *   RSS after a 10 s warm-up (sampled every second; the series is kept in the result) is reported beside it, not
 *   judged: the file storage keeps every record in memory, so it grows with the writes the run stored, which double
 *   on a machine twice as fast (1.30x with 57,913 writes, 1.57x with 114,473, in two runs of one session).
 *
 * Prints a table and writes bench/results/load.json. LOAD_SECONDS shortens the run (default 60; the warm-up is
 * then min(10, a third of the run)). Exits 0 even when a verdict fails (it is a report); a crash exits 1.
 *
 * This file is the script entry; the work is in load-settings.ts (settings and mix), load-server.ts,
 * load-traffic.ts (the mixed run), load-api.ts (reading the writes back) and load-report.ts (verdicts, load.json).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killAllChildren } from '../support/child-processes';
import {
  api,
  login,
  presence,
  storedContactIds,
  storedPropertyIds,
  storedWrites,
  type PresenceCheck,
} from './load-api';
import { reportLoad } from './load-report';
import { rssKib, startServer, stopServer, type RunningServer } from './load-server';
import type { Kind } from './load-settings';
import { runMixedLoad } from './load-traffic';

/** Every server started here, so an error or Ctrl-C never leaves one running. */
process.on('exit', killAllChildren);

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hc-bench-load-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer(dataDir);
    const base = server.url;
    const token = await login(base);
    const communities = await api<{ id: string }[]>(base, '/api/public/communities');
    const listings = await api<{ id: string }[]>(base, '/api/public/listings');
    if (communities.length === 0 || listings.length === 0)
      throw new Error('the example data has no communities or listings');
    const contactsBefore = await storedContactIds(base, token);
    const propertiesBefore = await storedPropertyIds(base, token);

    const load = await runMixedLoad(base, server.child.pid!, dataDir, { communities, listings, token });
    const { counts, acknowledged } = load;

    // Acknowledged writes, through the API: now, and after a restart on the same folder (i.e. from the disk).
    const checks: PresenceCheck[] = [];
    const afterRun = await storedWrites(server.url, 'after the run');
    checks.push(presence(afterRun.at, acknowledged, afterRun));
    const stopCode = await stopServer(server);
    server = await startServer(dataDir);
    const afterRestart = await storedWrites(server.url, 'after a restart');
    checks.push(presence(afterRestart.at, acknowledged, afterRestart));
    const freshRss = rssKib(server.child.pid!);
    // Writes sent but never answered (in flight when the run stopped, or timed out) may or may not be stored;
    // more stored than sent would mean something appeared that nobody wrote.
    const unanswered = (kind: Kind) =>
      counts[kind].requests - Object.values(counts[kind].statusCodes).reduce((sum, count) => sum + count, 0);
    const storedWithoutAnswer = {
      contacts: afterRestart.contacts.size - contactsBefore.size - acknowledged.contacts.size,
      properties: afterRestart.properties.size - propertiesBefore.size - acknowledged.properties.size,
      unansweredContactPosts: unanswered('contactPost'),
      unansweredAdminWrites: unanswered('adminWrite'),
    };

    await reportLoad({ startedAt, loadAverageAtStart, load, checks, storedWithoutAnswer, stopCode, freshRss });
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => process.exit(130));
try {
  await main();
} catch (error) {
  console.error(error);
  process.exit(1);
}
