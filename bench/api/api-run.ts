/**
 * bench:api's run (runApiBench): per scale, the data set generated and our server started (on its own PostgreSQL
 * database in the PostgreSQL mode), every endpoint measured against json-server; then the paired scale check, the
 * durability spot check after our servers stopped, and the result assembled and written to bench/results.
 * Every child process is stopped at the end, also on an error or Ctrl-C.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPostgresCluster, type PostgresCluster } from '../../tests/support/postgres-cluster';
import { killAllChildren, stopChild } from '../support/child-processes';
import { pinThisProcessAsClient } from '../support/cpu-pinning';
import { machineEnvironment } from '../support/machine';
import { RESULTS_DIR } from '../support/paths';
import { ENDPOINTS } from './api-endpoints';
import { BROWSER_ACCEPT_ENCODING } from './api-measure';
import { countContacts, importIntoBenchDatabase, postgresSettings, resultsName } from './api-postgres';
import { formatMarkdown, resultNotes } from './api-report';
import { measureScale, pairedScaleCheck, type MeasureSettings, type OursEntry } from './api-rounds';
import { wrkVersion } from '../support/wrk';
import { jsonServerBin, pkgVersion, startOurServer } from './api-servers';
import type {
  ApiBenchOptions,
  ApiBenchResult,
  BenchStorage,
  EndpointKey,
  EndpointRow,
  PairedMeasurement,
} from './api-types';
import { scaleRows } from './api-verdicts';
import { generateApiData } from './generate-data';

export async function runApiBench(options: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const scales = options.scales ?? [1, 100];
  const durationFor = options.durationSeconds ?? (() => 5);
  const rounds = Math.max(1, options.rounds ?? 5);
  const warmupSeconds = options.warmupSeconds ?? 2;
  const connections = options.connections ?? 50;
  const acceptEncoding = options.acceptEncoding ?? BROWSER_ACCEPT_ENCODING;
  const requestHeaders: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const log = options.log ?? ((line: string) => console.log(line));
  const endpoints = ENDPOINTS.filter((spec) => !options.endpoints || options.endpoints.includes(spec.key));
  const resultsDir = options.resultsDir === undefined ? RESULTS_DIR : options.resultsDir;
  const workDir = options.workDir ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-api-')));
  const ownsWorkDir = options.workDir === undefined && !options.keepData;
  const settings: MeasureSettings = {
    endpoints,
    rounds,
    warmupSeconds,
    connections,
    requestHeaders,
    ceiling: options.ceiling !== false,
    workDir,
    log,
  };

  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping child processes`);
    killAllChildren();
    if (ownsWorkDir) void rm(workDir, { recursive: true, force: true }).finally(() => process.exit(130));
    else process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', killAllChildren);

  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg();
  const rows: EndpointRow[] = [];
  const datasets: ApiBenchResult['datasets'] = [];
  const persistenceChecks: ApiBenchResult['persistenceChecks'] = [];
  const { version: jsonServerVersion } = jsonServerBin();

  const pairedSeconds = options.pairedSeconds ?? 3;
  let paired: Partial<Record<EndpointKey, PairedMeasurement>> = {};
  /** Our server per scale stays up until the paired scale check is done. */
  const oursByScale = new Map<number, OursEntry>();
  const storageMode: BenchStorage = options.storage ?? 'file';
  let postgres: { cluster: PostgresCluster; version: string } | undefined;

  try {
    if (options.cpuProfileDir) await mkdir(options.cpuProfileDir, { recursive: true });
    if (storageMode === 'postgres') {
      const cluster = await startPostgresCluster({ durable: true });
      postgres = { cluster, version: await postgresSettings(cluster) };
      log(`PostgreSQL: ${postgres.version}`);
    }
    // The servers get a CPU of their own; this process (autocannon, bookkeeping) and wrk share the others. After
    // the PostgreSQL cluster has started, which is left where the kernel puts it, as before.
    pinThisProcessAsClient();
    for (const scale of scales) {
      const generateStart = Date.now();
      const data = await generateApiData(scale, workDir);
      datasets.push({ scale, counts: data.counts });
      log(
        `\n== ${scale}× data: ${Object.entries(data.counts)
          .map(([c, n]) => `${n} ${c}`)
          .join(', ')} ` + `(generated in ${((Date.now() - generateStart) / 1000).toFixed(1)} s)`,
      );
      const duration = durationFor(scale);
      const databaseUrl = postgres ? await importIntoBenchDatabase(postgres.cluster, data, scale) : undefined;
      const ours = await startOurServer(data.ourDataDir, options.cpuProfileDir, databaseUrl);
      const entry: OursEntry = { server: ours, data, acknowledgedPosts: 0, databaseUrl };
      oursByScale.set(scale, entry);
      rows.push(...(await measureScale(scale, duration, entry, settings)));
    }

    const from = oursByScale.get(Math.min(...scales));
    const to = oursByScale.get(Math.max(...scales));
    if (pairedSeconds > 0 && from && to && from !== to) {
      paired = await pairedScaleCheck(scales, from, to, pairedSeconds, settings);
    }

    // Stop our servers gracefully (they flush), then check that every acknowledged POST is on disk.
    for (const [scale, entry] of oursByScale) {
      await stopChild(entry.server.child);
      if (entry.server.child.exitCode !== 0 && entry.server.child.exitCode !== null) {
        log(`   note: our ${scale}× server exited with ${entry.server.child.exitCode}:\n${entry.server.output()}`);
      }
      if (endpoints.some((spec) => spec.kind === 'write')) {
        const stored = (await countContacts(entry)) - entry.data.counts.contacts;
        persistenceChecks.push({
          scale,
          acknowledged: entry.acknowledgedPosts,
          stored,
          ok: stored >= entry.acknowledgedPosts,
        });
      }
    }
  } finally {
    killAllChildren();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', killAllChildren);
    if (ownsWorkDir) await rm(workDir, { recursive: true, force: true });
    else log(`data kept in ${workDir}`);
    await postgres?.cluster.stop();
  }

  const result: ApiBenchResult = {
    startedAt,
    finishedAt: new Date().toISOString(),
    environment: {
      ...machineEnvironment(loadAverageAtStart),
      autocannon: pkgVersion('autocannon'),
      wrk: wrkVersion(),
      jsonServer: jsonServerVersion,
    },
    settings: {
      connections,
      warmupSeconds,
      durationSeconds: Object.fromEntries(scales.map((s) => [String(s), durationFor(s)])),
      rounds,
      scales,
      pairedSeconds,
      acceptEncoding,
      storage: storageMode,
      ...(postgres ? { postgres: postgres.version } : {}),
    },
    datasets,
    rows,
    scaleRows: scaleRows(rows, scales, paired),
    persistenceChecks,
    notes: resultNotes({ acceptEncoding, storage: storageMode, loadAverageAtStart }),
  };

  if (resultsDir) {
    await mkdir(resultsDir, { recursive: true });
    const name = resultsName(storageMode);
    await writeFile(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    await writeFile(path.join(resultsDir, `${name}.md`), formatMarkdown(result));
  }
  return result;
}
