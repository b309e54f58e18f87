/**
 * `npm run bench:without-js`: how much of Lighthouse's Total Blocking Time (DESIGN §7) the app's JavaScript adds,
 * and how much the page's HTML, CSS and images cost before any of it runs.
 *
 * Each public page is measured as built and with every script blocked (Lighthouse's `blockedUrlPatterns`),
 * the two runs interleaved so that a machine whose speed drifts (benchmarkIndex varies 2x between runs here)
 * drifts for both. Preset: `mobile-slow` (the mobile preset with its CPU slowdown scaled to the slowest machine of
 * this kind, each run by its own benchmarkIndex: reference-speed.ts), or, with SLOW_MACHINE_CORES set and as root, the mobile preset with Chromium under that
 * CPU quota (cpu-quota.ts, as bench:slow-machine). LIGHTHOUSE_RUNS pairs per page (default 5), medians.
 * Writes bench/results/without-js.md. Why the two can differ so much is in docs/reliability.md (issue 14).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { REPO_ROOT } from '../../tests/server/server-process';
import { median } from '../support/median';
import { createCpuQuota, type CpuQuota } from './cpu-quota';
import { launchChromium, mobileThrottling } from './lighthouse';
import { runAtReferenceSpeed, slowdownRange } from './reference-speed';
import { startWebBenchServer } from './web-server';

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const cores = process.env.SLOW_MACHINE_CORES ? Number(process.env.SLOW_MACHINE_CORES) : undefined;
let quota: CpuQuota | undefined;
if (cores !== undefined) {
  const created = createCpuQuota(cores);
  if (typeof created === 'string') {
    console.log(`bench:without-js skipped: ${created}.`);
    process.exit(0);
  }
  quota = created;
}

interface Run {
  tbtMs: number;
  benchmarkIndex: number;
  /** Under `mobile-slow`: the CPU slowdown this run was simulated with. */
  cpuSlowdown?: number;
}

const server = await startWebBenchServer();
const chromium = await launchChromium();
try {
  const measure = async (url: string, blockScripts: boolean): Promise<Run> => {
    if (quota) quota.addProcessTree(chromium.pid!);
    const flags: Flags = {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      blockedUrlPatterns: blockScripts ? ['*.js'] : [],
    };
    // Under a quota, the DESIGN preset as it is; otherwise mobile-slow, at the reference speed for this run.
    const run = quota
      ? await lighthouse(url, flags).then((result) =>
          result ? { lhr: result.lhr, cpuSlowdown: undefined } : undefined,
        )
      : await runAtReferenceSpeed(url, { ...flags, throttling: mobileThrottling(4) });
    const lhr = run?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    return {
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      ...(run.cpuSlowdown ? { cpuSlowdown: run.cpuSlowdown } : {}),
    };
  };

  const preset = quota
    ? `mobile, Chromium limited to ${cores} of one core`
    : 'mobile-slow (each run at the reference speed for its own benchmarkIndex)';
  console.log(`bench:without-js: ${preset}, ${runs} pairs per page`);

  const rows: string[] = [];
  for (const page of server.pages) {
    const built: Run[] = [];
    const withoutJs: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      built.push(await measure(server.url + page.path, false));
      withoutJs.push(await measure(server.url + page.path, true));
      console.log(
        `${page.label} pair ${run + 1}/${runs}: TBT ${Math.round(built.at(-1)!.tbtMs)} ms as built, ${Math.round(withoutJs.at(-1)!.tbtMs)} ms without JS`,
      );
    }
    const tbt = (list: Run[]) => Math.round(median(list.map((item) => item.tbtMs)));
    const indexes = [...built, ...withoutJs].map((item) => item.benchmarkIndex);
    const slowdowns = [...built, ...withoutJs].map((item) => item.cpuSlowdown);
    rows.push(
      `| ${page.label} | ${tbt(built)} ms | ${tbt(withoutJs)} ms | ${tbt(built) - tbt(withoutJs)} ms | ` +
        `${built.map((item) => Math.round(item.tbtMs)).join(', ')} | ${withoutJs.map((item) => Math.round(item.tbtMs)).join(', ')} | ` +
        `${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))} | ${slowdownRange(slowdowns) || 'none (quota)'} |`,
    );
  }
  const markdown = [
    `Lighthouse TBT as built and with every script blocked, ${preset}, ${new Date().toISOString()} (budget ≤ 100 ms)`,
    '',
    '| page | TBT as built | TBT without JS | what the JS adds | runs as built | runs without JS | benchmarkIndex | CPU slowdown |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  mkdirSync(path.join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(REPO_ROOT, 'bench', 'results', 'without-js.md'), markdown);
  console.log(`\n${markdown}`);
} finally {
  chromium.kill();
  await server.stop();
}
