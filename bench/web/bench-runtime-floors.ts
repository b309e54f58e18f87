/**
 * `npm run bench:runtime-floors`: what the runtime the stack fixes costs in Lighthouse's Total Blocking Time on this
 * machine, beside what the app's pages read (issue 14, DESIGN §7: TBT ≤ 100 ms, mobile preset, median of 5).
 *
 * Measured with the DESIGN preset (Lighthouse's mobile default), runs interleaved round by round so that a machine
 * whose speed drifts drifts for all: the floor page with no script, with a one-line module, with Preact hydrating
 * it (not the stack: for comparison), with React DOM hydrating it, and with React DOM and the data router hydrating
 * it (runtime-floors.ts), then the four public pages as built. If React DOM and the router on a page with a heading
 * and a paragraph already read about what the app's pages read, the app's own code is not what decides the budget.
 * LIGHTHOUSE_RUNS rounds (default 7). LIGHTHOUSE_PRESET=mobile-slow measures them all at the reference machine's
 * speed instead (the preset bench:web judges the budget on; each run simulated with its own slowdown). Writes
 * bench/results/runtime-floors.md; a report, not a verdict.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Flags } from 'lighthouse';
import { chromiumVersion } from '../../tests/support/chromium';
import { markdownTable } from '../support/markdown';
import { median } from '../support/median';
import { RESULTS_DIR } from '../support/paths';
import { launchChromium, LIGHTHOUSE_BUDGETS, type Preset, runLighthouseOnce } from './lighthouse';
import { slowdownRange } from './reference-speed';
import { RUNTIME_FLOOR_LABELS, RUNTIME_FLOORS, startRuntimeFloors } from './runtime-floors';
import { ensureWebBuild, startWebBenchServer } from './web-server';

const rounds = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 7));
const preset: Preset = process.env.LIGHTHOUSE_PRESET === 'mobile-slow' ? 'mobile-slow' : 'mobile';
const presetLabel =
  preset === 'mobile' ? 'Lighthouse mobile (the DESIGN preset)' : 'Lighthouse mobile-slow (the reference speed)';

interface Measured {
  label: string;
  url: string;
  jsGzipBytes?: number;
  tbt: number[];
  fcp: number[];
  benchmarkIndex: number[];
  cpuSlowdown: (number | undefined)[];
}

// The floors are loaded by the app's built starter: build first when dist/ is missing (as the app's pages need).
ensureWebBuild();
const floors = await startRuntimeFloors();
const app = await startWebBenchServer();
const chromium = await launchChromium();
try {
  const measured = (label: string, url: string, jsGzipBytes?: number): Measured => ({
    label,
    url,
    ...(jsGzipBytes === undefined ? {} : { jsGzipBytes }),
    tbt: [],
    fcp: [],
    benchmarkIndex: [],
    cpuSlowdown: [],
  });
  const pages = [
    ...RUNTIME_FLOORS.map((floor) =>
      measured(RUNTIME_FLOOR_LABELS[floor], floors.urls[floor], floors.moduleGzipBytes[floor]),
    ),
    ...app.pages.map((page) => measured(`app ${page.label}`, app.url + page.path)),
  ];
  const flags: Flags = { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  console.log(`bench:runtime-floors: ${presetLabel}, ${rounds} interleaved rounds`);
  for (let round = 1; round <= rounds; round += 1) {
    for (const page of pages) {
      const { lhr, cpuSlowdown } = await runLighthouseOnce(page.url, flags, preset);
      page.cpuSlowdown.push(cpuSlowdown);
      page.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
      page.fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN);
      page.benchmarkIndex.push(lhr.environment.benchmarkIndex);
      console.log(
        `round ${round}/${rounds} ${page.label}: TBT ${Math.round(page.tbt.at(-1)!)} ms, ` +
          `benchmarkIndex ${Math.round(page.benchmarkIndex.at(-1)!)}`,
      );
    }
  }
  const round0 = (value: number) => String(Math.round(value));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const table = markdownTable(
    [
      'page',
      'module (gzip)',
      'TBT median',
      'TBT mean',
      'TBT runs',
      `runs over ${LIGHTHOUSE_BUDGETS.tbtMs} ms`,
      'FCP median',
      'benchmarkIndex',
      'CPU slowdown',
    ],
    pages.map((page) => [
      page.label,
      page.jsGzipBytes === undefined ? 'as built' : `${(page.jsGzipBytes / 1024).toFixed(1)} KB`,
      `${round0(median(page.tbt))} ms`,
      `${round0(mean(page.tbt))} ms`,
      page.tbt.map(round0).join(', '),
      `${page.tbt.filter((tbt) => tbt > LIGHTHOUSE_BUDGETS.tbtMs).length} of ${page.tbt.length}`,
      `${round0(median(page.fcp))} ms`,
      `${round0(Math.min(...page.benchmarkIndex))}-${round0(Math.max(...page.benchmarkIndex))}`,
      slowdownRange(page.cpuSlowdown) || '4x',
    ]),
  );
  const markdown = [
    `${presetLabel}, ${rounds} interleaved rounds, ${new Date().toISOString()}, ` +
      `Chromium ${chromiumVersion()} (budget TBT ≤ ${LIGHTHOUSE_BUDGETS.tbtMs} ms as a median of 5)`,
    '',
    table,
    '',
  ].join('\n');
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, 'runtime-floors.md'), markdown);
  console.log(`\n${markdown}`);
} finally {
  chromium.kill();
  await floors.stop();
  await app.stop();
}
