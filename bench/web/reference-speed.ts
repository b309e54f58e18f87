/**
 * `mobile-slow` at the reference machine's speed, run by run.
 *
 * Lighthouse's mobile preset simulates the page load (throttlingMethod `simulate`): the page loads unthrottled, and
 * the trace's main-thread tasks are multiplied by the CPU slowdown afterwards, in the simulation. `mobile-slow` picks
 * the slowdown that makes this machine stand for the slowest machine of its kind seen so far (benchmarkIndex
 * REFERENCE_BENCHMARK_INDEX at 4x): 4 × this machine's benchmarkIndex ÷ the reference's.
 *
 * The benchmarkIndex of a VM shared with other work drifts by 2x from one run to the next (1,500-2,900 here within
 * minutes). With one slowdown for every run, a run traced while the machine was slow stands for a machine slower than
 * the reference, and one traced while it was fast for a faster one. So each run is gathered first, and simulated
 * with the slowdown its own benchmarkIndex (measured by Lighthouse just before that load) calls for. Only the
 * simulation reads the slowdown, so setting it after gathering is the same as knowing it before; Lighthouse refuses
 * settings that differ between gathering and auditing, so it is written into the saved artifacts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';

/** The slowest benchmarkIndex measured on a machine of this kind (2-core VM, Debian's Chromium). */
export const REFERENCE_BENCHMARK_INDEX = 1000;

/** The CPU slowdown that makes a run traced at `benchmarkIndex` stand for the reference machine at 4x (never < 4). */
export function referenceSlowdown(benchmarkIndex: number): number {
  return Math.max(4, (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX);
}

/**
 * The runs' slowdowns as a table cell: "6.5-10.3x" (one value: "8.0x"); empty when there are none. Runs without one
 * (another preset, or a CPU quota) are left out.
 */
export function slowdownRange(runSlowdowns: readonly (number | undefined)[]): string {
  const slowdowns = runSlowdowns.filter((slowdown): slowdown is number => slowdown !== undefined);
  if (slowdowns.length === 0) return '';
  const [low, high] = [Math.min(...slowdowns), Math.max(...slowdowns)];
  return low === high ? `${low.toFixed(1)}x` : `${low.toFixed(1)}-${high.toFixed(1)}x`;
}

/** What this step reads and writes of Lighthouse's saved artifacts (artifacts.json). */
export interface SavedArtifacts {
  BenchmarkIndex: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } & Record<string, unknown> } & Record<string, unknown>;
  [artifact: string]: unknown;
}

/** The artifacts with the slowdown of their own benchmarkIndex in their settings, and that slowdown. */
export function atReferenceSpeed(artifacts: SavedArtifacts): { artifacts: SavedArtifacts; cpuSlowdown: number } {
  const cpuSlowdown = referenceSlowdown(artifacts.BenchmarkIndex);
  const settings = {
    ...artifacts.settings,
    throttling: { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown },
  };
  return { artifacts: { ...artifacts, settings }, cpuSlowdown };
}

/**
 * One Lighthouse run of `url` with `flags` (which must use simulated throttling), simulated at the reference speed
 * for the benchmarkIndex of this very run. Returns Lighthouse's result and the slowdown used.
 */
export async function runAtReferenceSpeed(
  url: string,
  flags: Flags,
): Promise<{ lhr: Result; cpuSlowdown: number } | undefined> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lighthouse-run-'));
  try {
    await lighthouse(url, { ...flags, gatherMode: dir, auditMode: false });
    const file = path.join(dir, 'artifacts.json');
    const gathered = JSON.parse(readFileSync(file, 'utf8')) as SavedArtifacts;
    const { artifacts, cpuSlowdown } = atReferenceSpeed(gathered);
    writeFileSync(file, JSON.stringify(artifacts));
    const result = await lighthouse(url, {
      ...flags,
      gatherMode: false,
      auditMode: dir,
      throttling: artifacts.settings.throttling as Flags['throttling'],
    });
    return result ? { lhr: result.lhr, cpuSlowdown } : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
