/**
 * bench:load's verdicts and report: no 5xx, every acknowledged write stored (after the run and after a restart),
 * memory steady; written to bench/results/load.json (rows read by bench/run-all.ts) and printed as a table.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { machineEnvironment } from '../support/machine';
import { markdownTable } from '../support/markdown';
import { REPO_ROOT, RESULTS_DIR } from '../support/paths';
import type { PresenceCheck } from './load-api';
import { CONNECTIONS, DURATION_SECONDS, KIND_LABELS, KINDS, RSS_BUDGET_RATIO, WARMUP_SECONDS } from './load-settings';
import type { MixedLoad } from './load-traffic';

/** Stored writes beyond the acknowledged ones, against the writes sent but never answered. */
export interface StoredWithoutAnswer {
  contacts: number;
  properties: number;
  unansweredContactPosts: number;
  unansweredAdminWrites: number;
}

export interface LoadOutcome {
  startedAt: Date;
  loadAverageAtStart: number[];
  load: MixedLoad;
  checks: PresenceCheck[];
  storedWithoutAnswer: StoredWithoutAnswer;
  stopCode: number | null;
  /** VmRSS (KiB) of a fresh server on the same data folder, after it answered the read-back of every write. */
  freshRss: number;
}

/** Judges the run, writes bench/results/load.json and prints the counts and the verdict table. */
export async function reportLoad(outcome: LoadOutcome): Promise<void> {
  const { load, checks, storedWithoutAnswer } = outcome;
  const { result, counts, rssSamples, warmupRss, endRss } = load;
  const nothingFromNowhere =
    storedWithoutAnswer.contacts <= storedWithoutAnswer.unansweredContactPosts &&
    storedWithoutAnswer.properties <= storedWithoutAnswer.unansweredAdminWrites;

  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = count;
  const fiveXx = Object.entries(statusCodes)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  const missing = checks.reduce((sum, check) => sum + check.contacts.missing + check.properties.missing, 0);
  const rssRatio = endRss / warmupRss;
  const freshRatio = endRss / outcome.freshRss;
  const totalRequests = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  const verdicts = {
    no5xx: fiveXx === 0 ? 'PASS' : 'FAIL',
    acknowledgedWritesPresent: missing === 0 && nothingFromNowhere ? 'PASS' : 'FAIL',
    memorySteady: freshRatio <= RSS_BUDGET_RATIO ? 'PASS' : 'FAIL',
  } as const;
  const reqPerSec = result.requests.average;

  const rows = [
    {
      figure: `mixed load ${DURATION_SECONDS} s, ${CONNECTIONS} connections: req/s (p99)`,
      value: `${Math.round(reqPerSec)} req/s (p99 ${result.latency.p99} ms)`,
      budget: 'report',
      verdict: 'n/a',
    },
    {
      figure: 'mixed load: 5xx answers',
      value: `${fiveXx} of ${totalRequests} (errors ${result.errors}, timeouts ${result.timeouts})`,
      budget: '0',
      verdict: verdicts.no5xx,
    },
    {
      figure: 'mixed load: acknowledged writes stored (after run / after restart)',
      value: checks
        .map(
          (check) =>
            `${check.contacts.stored + check.properties.stored}/${check.contacts.acknowledged + check.properties.acknowledged}`,
        )
        .join(' / '),
      budget: 'all',
      verdict: verdicts.acknowledgedWritesPresent,
    },
    {
      figure: 'mixed load: RSS end / a fresh server holding the same data',
      value: `${(endRss / 1024).toFixed(1)} MiB / ${(outcome.freshRss / 1024).toFixed(1)} MiB = ${freshRatio.toFixed(2)}x`,
      budget: `≤ ${RSS_BUDGET_RATIO}x`,
      verdict: verdicts.memorySteady,
    },
    {
      // Grows with the records the run stored (all kept in memory), so with the machine's speed: reported only.
      figure: `mixed load: RSS end / after ${WARMUP_SECONDS} s warm-up (grows with the data written)`,
      value: `${(endRss / 1024).toFixed(1)} MiB / ${(warmupRss / 1024).toFixed(1)} MiB = ${rssRatio.toFixed(2)}x`,
      budget: 'report',
      verdict: 'n/a',
    },
  ];

  const output = {
    startedAt: outcome.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    environment: machineEnvironment(outcome.loadAverageAtStart),
    settings: {
      durationSeconds: DURATION_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      mix: '90 % public reads (3 endpoints), 8 % contact posts, 2 % admin writes',
    },
    reqPerSec,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    totalRequests,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    byKind: Object.fromEntries(KINDS.map((kind) => [kind, { label: KIND_LABELS[kind], ...counts[kind] }])),
    writes: { checks, storedWithoutAnswer, serverExitCodeOnStop: outcome.stopCode },
    rss: {
      warmupKib: warmupRss,
      endKib: endRss,
      freshKib: outcome.freshRss,
      ratio: freshRatio,
      ratioToWarmup: rssRatio,
      budgetRatio: RSS_BUDGET_RATIO,
      samples: rssSamples,
    },
    verdicts,
    verdict: Object.values(verdicts).every((verdict) => verdict === 'PASS') ? 'PASS' : 'FAIL',
    rows,
  };

  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, 'load.json'), `${JSON.stringify(output, null, 2)}\n`);

  console.log('\nrequests by kind:');
  for (const kind of KINDS) {
    const codes = Object.entries(counts[kind].statusCodes)
      .map(([code, count]) => `${code}: ${count}`)
      .join(', ');
    console.log(`  ${KIND_LABELS[kind].padEnd(40)} ${String(counts[kind].requests).padStart(8)}  ${codes}`);
  }
  for (const check of checks) {
    console.log(
      `acknowledged writes ${check.when}: contacts ${check.contacts.stored}/${check.contacts.acknowledged}, properties ${check.properties.stored}/${check.properties.acknowledged}`,
    );
  }
  console.log(
    `sent but unanswered (in flight at the end or timed out), stored anyway: contacts ${storedWithoutAnswer.contacts} of ${storedWithoutAnswer.unansweredContactPosts}, properties ${storedWithoutAnswer.properties} of ${storedWithoutAnswer.unansweredAdminWrites}`,
  );
  console.log(`RSS samples (MiB): ${rssSamples.map((sample) => (sample.rssKib / 1024).toFixed(0)).join(' ')}`);
  const table = markdownTable(
    ['figure', 'value', 'budget', 'verdict'],
    rows.map((row) => [row.figure, row.value, row.budget, row.verdict]),
  );
  console.log(`\n${table}`);
  console.log(`\nwrote ${path.relative(REPO_ROOT, path.join(RESULTS_DIR, 'load.json'))}`);
}
