/**
 * bench:api's measurement rounds: for one scale, every endpoint on ours and json-server in alternating rounds
 * (after a warm-up) with the calibration ceiling for reads, judged into endpoint rows; and after all scales, the
 * paired scale check (smallest and largest scale's servers driven A-B-B-A).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestSpec } from 'autocannon';
import { stopChild } from '../support/child-processes';
import { SCALE_CHECK_ENDPOINTS, type EndpointSpec } from './api-endpoints';
import { fmtMs, fmtRate } from './api-format';
import { combine, fetchSample, medianRun, problems, runLoad, settle, waitForCompaction } from './api-measure';
import { startJsonServer, startNullServer, type RunningServer } from './api-servers';
import type { EndpointKey, EndpointRow, Measurement, PairedMeasurement } from './api-types';
import { judgeRow } from './api-verdicts';
import type { GeneratedData } from './generate-data';

/** The client settings shared by every run of one bench:api invocation. */
export interface MeasureSettings {
  endpoints: EndpointSpec[];
  rounds: number;
  warmupSeconds: number;
  connections: number;
  requestHeaders: Record<string, string>;
  /** Measure the harness ceiling (calibration server) for each read. */
  ceiling: boolean;
  workDir: string;
  log: (line: string) => void;
}

/** Our server of one scale: it stays up until the paired scale check is done. */
export interface OursEntry {
  server: RunningServer;
  data: GeneratedData;
  acknowledgedPosts: number;
  databaseUrl: string | undefined;
}

/** The calibration server for this scale: our answer to each read's sample path, replayed by bare node:http. */
async function startCalibration(scale: number, entry: OursEntry, settings: MeasureSettings): Promise<RunningServer> {
  const dir = path.join(settings.workDir, `${scale}x`, 'calibration');
  await mkdir(dir, { recursive: true });
  for (const spec of settings.endpoints) {
    if (!spec.samplePath) continue;
    const sample = await fetchSample(`${entry.server.url}${spec.samplePath(entry.data)}`, settings.requestHeaders);
    await writeFile(path.join(dir, spec.key), sample.body);
    if (sample.encoding) await writeFile(path.join(dir, `${spec.key}.encoding`), sample.encoding);
  }
  return startNullServer(dir);
}

/**
 * Rounds alternate the two servers (ours, json-server, ours, ...): this VM's speed drifts by tens of percent
 * within a minute, and one run each, minutes apart, measured the drift as much as the servers.
 */
async function measureRounds(
  spec: EndpointSpec,
  entry: OursEntry,
  json: RunningServer,
  duration: number,
  settings: MeasureSettings,
): Promise<Record<'ours' | 'json-server', Measurement[]>> {
  const { data } = entry;
  const { rounds, connections, requestHeaders, log } = settings;
  const runs: Record<'ours' | 'json-server', Measurement[]> = { ours: [], 'json-server': [] };
  for (let round = 1; round <= rounds; round += 1) {
    for (const [name, server] of [
      ['ours', entry.server],
      ['json-server', json],
    ] as const) {
      const cheapPath =
        name === 'ours' ? `/api/public/listings/${data.listingIds[0]}` : `/listings/${data.listingIds[0]}`;
      const warm =
        round === 1
          ? await runLoad(server.url, spec.requests(name, data), connections, settings.warmupSeconds, requestHeaders)
          : undefined;
      if (warm) await settle(server.url, cheapPath, log);
      const m = await runLoad(server.url, spec.requests(name, data), connections, duration, requestHeaders);
      await settle(server.url, cheapPath, log);
      runs[name].push(m);
      if (name === 'ours' && spec.kind === 'write') entry.acknowledgedPosts += (warm?.ok ?? 0) + m.ok;
      log(
        `   ${spec.label.padEnd(40)} ${name.padEnd(11)} ${fmtRate(m.reqPerSec).padStart(7)} req/s  ` +
          `p50 ${fmtMs(m.p50Ms)} ms  p99 ${fmtMs(m.p99Ms)} ms  mean ${fmtMs(m.meanMs)} ms` +
          (rounds > 1 ? `  (round ${round}/${rounds})` : '') +
          (problems(m) > 0 ? `  !! ${m.non2xx} non-2xx ${JSON.stringify(m.statusCodes)}, ${m.errors} errors` : ''),
      );
    }
  }
  return runs;
}

/** The ceiling of one read: the calibration server answering its sample, same client settings. */
async function measureCeiling(
  nullServer: RunningServer,
  spec: EndpointSpec,
  duration: number,
  settings: MeasureSettings,
): Promise<Measurement> {
  const { connections, requestHeaders } = settings;
  const requests: RequestSpec[] = [{ method: 'GET', path: `/${spec.key}` }];
  const ceilingSeconds = Math.min(duration, 5);
  await runLoad(nullServer.url, requests, connections, 1, requestHeaders);
  const ceiling = await runLoad(nullServer.url, requests, connections, ceilingSeconds, requestHeaders);
  settings.log(
    `   ${''.padEnd(40)} ${'ceiling'.padEnd(11)} ${fmtRate(ceiling.reqPerSec).padStart(7)} req/s  ` +
      `p50 ${fmtMs(ceiling.p50Ms)} ms  p99 ${fmtMs(ceiling.p99Ms)} ms  (bare node:http, same payload)`,
  );
  return ceiling;
}

/**
 * One scale: json-server on the same records beside our (already started) server, the calibration server, then
 * every endpoint measured and judged. json-server and the calibration server are stopped at the end.
 */
export async function measureScale(
  scale: number,
  duration: number,
  entry: OursEntry,
  settings: MeasureSettings,
): Promise<EndpointRow[]> {
  const rows: EndpointRow[] = [];
  const json = await startJsonServer(entry.data.jsonServerDb);
  settings.log(`   ours at ${entry.server.url}, json-server at ${json.url}`);
  let nullServer: RunningServer | null = null;
  try {
    if (settings.ceiling && settings.endpoints.some((spec) => spec.samplePath)) {
      nullServer = await startCalibration(scale, entry, settings);
    }
    for (const spec of settings.endpoints) {
      const runs = await measureRounds(spec, entry, json, duration, settings);
      const measured = { ours: medianRun(runs.ours), 'json-server': medianRun(runs['json-server']) };
      let ceiling: Measurement | undefined;
      if (nullServer && spec.kind === 'read') ceiling = await measureCeiling(nullServer, spec, duration, settings);
      rows.push(judgeRow(spec, scale, measured.ours, measured['json-server'], ceiling));
    }
  } finally {
    await Promise.all([json, nullServer].map((server) => (server ? stopChild(server.child) : undefined)));
  }
  return rows;
}

/**
 * The paired scale check: the smallest (`from`) and largest (`to`) scale's servers, interleaved A-B-B-A, same
 * client settings, for GET by id and the contact POST.
 */
export async function pairedScaleCheck(
  scales: number[],
  from: OursEntry,
  to: OursEntry,
  pairedSeconds: number,
  settings: MeasureSettings,
): Promise<Partial<Record<EndpointKey, PairedMeasurement>>> {
  const { connections, requestHeaders, log } = settings;
  const paired: Partial<Record<EndpointKey, PairedMeasurement>> = {};
  log(`\n== paired scale check (${Math.min(...scales)}× vs ${Math.max(...scales)}×, A-B-B-A, ${pairedSeconds} s each)`);
  // Read cost at rest: the main runs' contact POSTs (tens of thousands on the 100× data) leave the storage
  // compacting its journal into db.json for a while, which competes with the reads for the CPU.
  for (const side of [from, to]) {
    if (side.databaseUrl) continue; // PostgreSQL: nothing compacts
    const waited = await waitForCompaction(side.data.ourDataDir);
    if (waited > 0) log(`   (waited ${(waited / 1000).toFixed(1)} s for ${side.data.ourDataDir} to finish compacting)`);
  }
  for (const spec of settings.endpoints.filter((e) => (SCALE_CHECK_ENDPOINTS as readonly string[]).includes(e.key))) {
    const results = new Map<OursEntry, Measurement[]>([
      [from, []],
      [to, []],
    ]);
    for (const side of [from, to, to, from]) {
      const cheapPath = `/api/public/listings/${side.data.listingIds[0]}`;
      const result = await runLoad(
        side.server.url,
        spec.requests('ours', side.data),
        connections,
        pairedSeconds,
        requestHeaders,
      );
      await settle(side.server.url, cheapPath, log);
      if (spec.kind === 'write') side.acknowledgedPosts += result.ok;
      results.get(side)!.push(result);
    }
    const pair: PairedMeasurement = {
      order: 'A-B-B-A',
      secondsPerRun: pairedSeconds,
      from: combine(results.get(from)!),
      to: combine(results.get(to)!),
    };
    paired[spec.key] = pair;
    log(
      `   ${spec.label.padEnd(40)} mean ${fmtMs(pair.from.meanMs)} → ${fmtMs(pair.to.meanMs)} ms ` +
        `(×${(pair.to.meanMs / pair.from.meanMs).toFixed(2)}), ${fmtRate(pair.from.reqPerSec)} → ` +
        `${fmtRate(pair.to.reqPerSec)} req/s`,
    );
  }
  return paired;
}
