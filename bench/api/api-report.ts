/**
 * bench:api's report: the notes stored with every result (how to read the figures, what each server does per
 * request) and the markdown of bench/results/api.md (or api-postgres.md).
 */
import os from 'node:os';
import { PUBLIC_LIST_PAGE_SIZE } from '../../domain/constants';
import { markdownTable } from '../support/markdown';
import { fmtErrors, fmtMs, fmtRate, fmtRatio } from './api-format';
import type { ApiBenchResult, BenchStorage } from './api-types';

export function formatMarkdown(result: ApiBenchResult): string {
  const main = markdownTable(
    [
      'endpoint',
      'scale',
      'ours req/s',
      'ours p50',
      'ours p99',
      'json-server req/s',
      'json p50',
      'json p99',
      'ratio',
      'ceiling req/s (× json)',
      'errors ours / json',
      'target',
      'verdict',
    ],
    result.rows.map((row) => [
      row.label,
      `${row.scale}×`,
      fmtRate(row.ours.reqPerSec),
      `${fmtMs(row.ours.p50Ms)} ms`,
      `${fmtMs(row.ours.p99Ms)} ms`,
      fmtRate(row.jsonServer.reqPerSec),
      `${fmtMs(row.jsonServer.p50Ms)} ms`,
      `${fmtMs(row.jsonServer.p99Ms)} ms`,
      row.ratioIsLowerBound ? `> ${fmtRatio(row.ratio)}` : fmtRatio(row.ratio),
      row.ceiling
        ? `${fmtRate(row.ceiling.reqPerSec)}${row.ratioIsLowerBound ? '' : ` (${fmtRatio(row.ceiling.reqPerSec / row.jsonServer.reqPerSec)})`}`
        : '—',
      `${fmtErrors(row.ours)} / ${fmtErrors(row.jsonServer)}`,
      row.target,
      row.verdict === 'PASS' ? 'PASS' : `**FAIL** (${row.reasons.join('; ')})`,
    ]),
  );
  const scale = markdownTable(
    [
      'endpoint',
      'cost at 100× ÷ at 1×',
      'ours mean latency 1× → 100×',
      'ours req/s 1× → 100× (1/req/s ratio)',
      'main-table ratio (sequential)',
      'json-server mean-latency ratio',
      'target',
      'verdict',
    ],
    result.scaleRows.map((row) => {
      const a = result.rows.find((r) => r.endpoint === row.endpoint && r.scale === row.fromScale)!;
      const b = result.rows.find((r) => r.endpoint === row.endpoint && r.scale === row.toScale)!;
      const from = row.paired?.from ?? a.ours;
      const to = row.paired?.to ?? b.ours;
      return [
        row.label,
        `${row.oursMeanLatencyRatio.toFixed(2)}× (mean latency${row.paired ? `, paired ${row.paired.order}` : ''})`,
        `${fmtMs(from.meanMs)} → ${fmtMs(to.meanMs)} ms`,
        `${fmtRate(from.reqPerSec)} → ${fmtRate(to.reqPerSec)} (${row.oursThroughputCostRatio.toFixed(2)}×)`,
        `${row.sequentialMeanLatencyRatio.toFixed(2)}×`,
        Number.isFinite(row.jsonServerMeanLatencyRatio) ? `${row.jsonServerMeanLatencyRatio.toFixed(2)}×` : 'n/a',
        row.target,
        row.verdict === 'PASS' ? 'PASS' : `**FAIL** (${row.reasons.join('; ')})`,
      ];
    }),
  );
  const env = result.environment;
  const settings = result.settings;
  const datasets = result.datasets
    .map(
      (d) =>
        `${d.scale}×: ${Object.entries(d.counts)
          .map(([c, n]) => `${n} ${c}`)
          .join(', ')}`,
    )
    .join('; ');
  const persistence = result.persistenceChecks
    .map(
      (p) =>
        `${p.scale}×: ${p.acknowledged} acknowledged, ${p.stored} stored after restart → ${p.ok ? 'ok' : 'MISSING'}`,
    )
    .join('; ');
  return [
    '# API benchmark (DESIGN §7)',
    '',
    `Run ${result.startedAt} → ${result.finishedAt}. Node ${env.node}, ${env.cpus} CPU (${env.cpuModel}), load average ` +
      `${env.loadAverageAtStart.map((l) => l.toFixed(2)).join('/')} at start, ` +
      `${env.loadAverageAtEnd.map((l) => l.toFixed(2)).join('/')} at end. Reads driven by wrk ${env.wrk ?? '(not recorded)'}, writes by autocannon ${env.autocannon}; json-server ${env.jsonServer}.`,
    '',
    `Our server's storage: ${settings.storage === 'postgres' ? `STORAGE=postgres, ${settings.postgres ?? 'PostgreSQL'} on this machine` : 'STORAGE=file (the default)'}.`,
    '',
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up (not counted) then ` +
      `${Object.entries(settings.durationSeconds)
        .map(([s, d]) => `${d} s at ${s}×`)
        .join(', ')} per run, ${settings.rounds} run(s) per endpoint and server alternating ours and json-server ` +
      `(the run with the median req/s is reported). Data: ${datasets}.`,
    '',
    main,
    '',
    ...(result.rows.some((row) => row.caveats.length > 0)
      ? [
          'Caveats:',
          '',
          ...result.rows
            .filter((row) => row.caveats.length > 0)
            .map((row) => `- ${row.label} at ${row.scale}×: ${row.caveats.join('; ')}.`),
          '',
        ]
      : []),
    '## Cost at 100× the data vs 1× (verdict on mean latency at the same 50 connections)',
    '',
    scale,
    '',
    persistence ? `Durability spot check (our contacts after a restart): ${persistence}.` : '',
    '',
    '## Notes',
    '',
    ...result.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

/** A warning when other processes were competing for the CPU (1-minute load average above the core count). */
/**
 * The run's own load: the load generator and the server under load, each keeping a CPU busy. The load average
 * read at the end includes them; read at the start, before the run, it does not.
 */
const OWN_BUSY_PROCESSES = 2;

/** A warning when other processes than the run's own kept the CPUs busy (1-minute load averages). */
export function busyMachineNote(atStart: number[], atEnd: number[], cpus = os.cpus().length): string[] {
  const others = Math.max(atStart[0] ?? 0, (atEnd[0] ?? 0) - OWN_BUSY_PROCESSES);
  if (others <= cpus / 2) return [];
  return [
    `**Busy machine**: besides this run's client and server, about ${others.toFixed(1)} processes kept the ${cpus} ` +
      'CPUs busy (1-minute load average), competing with the client and the servers; absolute figures are depressed ' +
      'and noisy. Prefer a rerun on an idle machine.',
  ];
}

/** The notes of a run: a busy-machine warning when it applies, then how to read the figures. */
export function resultNotes(settings: {
  acceptEncoding: string;
  storage: BenchStorage;
  loadAverageAtStart: number[];
}): string[] {
  const { acceptEncoding, storage: storageMode, loadAverageAtStart } = settings;
  return [
    ...busyMachineNote(loadAverageAtStart, os.loadavg()),
    'Client and servers share this machine: the client (wrk, one thread, for the reads; autocannon in this process for ' +
      'the POSTs) competes with the server under test for the same cores, and with anything else running. Compare ratios ' +
      'within a run, not absolute numbers across machines.',
    (acceptEncoding
      ? `Every request sends Accept-Encoding: ${acceptEncoding}, as browsers do: json-server compresses answers over 1 KB on each request (its default compression middleware), ours serves them compressed once per change; the calibration server replays our compressed bytes. \`--accept-encoding=\` measures uncompressed answers.`
      : 'Requests are sent without Accept-Encoding (--accept-encoding=), so neither server compresses.') +
      ' Each server is measured alone (the other is idle).',
    'The ceiling column is a calibration, not a target: a bare node:http server (no framework, no routing, no headers) ' +
      'answering the same bytes as ours, driven by the same client. When it is below 10× json-server, the 10× read target ' +
      'cannot be demonstrated on this machine whatever the server does.',
    `json-server is called on its own routes (/communities?_limit=${PUBLIC_LIST_PAGE_SIZE}, /listings?communityId=…, ` +
      '/listings/:id, POST /contacts), without a --routes rewriter, in its default configuration with --quiet (no ' +
      `request logging). Our community list answers pages of ${PUBLIC_LIST_PAGE_SIZE} whole records; json-server is ` +
      'asked for the same page.',
    'GET by id walks a seeded random sample of up to 500 listing ids round-robin; listings?communityId walks up to 500 community ids.',
    (storageMode === 'postgres'
      ? 'Our server runs with STORAGE=postgres on a PostgreSQL cluster started by the bench on this machine with its ' +
        'durable defaults (fsync, synchronous_commit and full_page_writes on): a contact POST is answered after its ' +
        'transaction (record, change-log row, NOTIFY) has committed and its WAL is flushed (group commit, one advisory ' +
        "lock, api/storage/postgres-storage.ts); reads are served from the instance's mirror and caches."
      : 'Our contact POST is durable: it is answered only after its journal line is written and fdatasync-ed (group commit, ' +
        'api/storage/file-storage.ts).') +
      ' json-server 0.17 (lowdb 1 FileAsync) rewrites the whole db.json on each POST and ' +
      'does not fsync it, so its POSTs are not durable and it does more work per POST as the data grows.',
    'Scale rows: cost = mean latency at a fixed 50 connections (≈ 50 ÷ req/s in a closed loop); the req/s ratio is shown too. ' +
      'The verdict uses the paired check: after the main runs, both scales of our server are still up and are driven ' +
      'alternately (1×, 100×, 100×, 1×), so a change in machine load hits both sides; the main-table ratio (runs minutes ' +
      'apart) is shown for reference. By then both servers also hold the contacts POSTed in the main runs.',
    'A run with any non-2xx answer or connection error fails its verdict. Exit code is 0 even when targets miss.',
  ];
}
