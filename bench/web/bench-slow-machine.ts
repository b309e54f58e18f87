/**
 * `npm run bench:slow-machine` (root only): Lighthouse's mobile preset (the DESIGN §7 budgets) on a slow machine of
 * this kind made for real. Chromium and every process it starts run under a CPU quota (cpu-quota.ts:
 * SLOW_MACHINE_CORES of one core, default 0.45, which reads a benchmarkIndex of about 700-1,000 on the project's
 * 2-core VMs, the slowest seen being 1,000); Lighthouse and the server run outside it.
 *
 * Beside `mobile-slow` in bench:web, which multiplies the observed main-thread tasks: here the compositor, the
 * browser process and the raster threads are as slow as the main thread, and a task's wall time includes its
 * waiting for them, as on a slow phone. LIGHTHOUSE_RUNS runs per page (default 5), medians; the machine's floor (a
 * page that does nothing: floor-page.ts) is measured the same way beside the pages. Writes
 * bench/results/slow-machine.md. Without root or a cgroup cpu controller it says why and exits 0 (nothing measured).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../tests/server/server-process';
import { createCpuQuota } from './cpu-quota';
import { runLighthouse } from './lighthouse';
import { startWebBenchServer } from './web-server';
import { rowVerdict } from './bench-web';
import { startFloorPage } from './floor-page';

const cores = Number(process.env.SLOW_MACHINE_CORES ?? 0.45);
const quota = createCpuQuota(cores);
if (typeof quota === 'string') {
  console.log(`bench:slow-machine skipped: ${quota}.`);
  process.exit(0);
}

const server = await startWebBenchServer();
const floor = await startFloorPage();
try {
  const rows = await runLighthouse({
    baseUrl: server.url,
    pages: [...server.pages, floor.lighthousePage],
    presets: ['mobile'],
    beforeEachRun: (chromiumPid) => quota.addProcessTree(chromiumPid),
  });
  const range = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
  const lines = [
    `Lighthouse mobile (DESIGN §7) with Chromium limited to ${cores} of one core, ${new Date().toISOString()}`,
    '',
    '| page | perf | LCP | TBT (median) | TBT of each run | benchmarkIndex | verdict |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.median.performance} | ${(row.median.lcpMs / 1000).toFixed(2)} s | ` +
        `${Math.round(row.median.tbtMs)} ms | ${row.all.map((run) => Math.round(run.tbtMs)).join(', ')} | ` +
        `${range(row.all.map((run) => run.benchmarkIndex))} | ${rowVerdict(row)} |`,
    ),
  ];
  const markdown = `${lines.join('\n')}\n`;
  mkdirSync(path.join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(REPO_ROOT, 'bench', 'results', 'slow-machine.md'), markdown);
  console.log(`\n${markdown}`);
} finally {
  await Promise.all([server.stop(), floor.stop()]);
}
