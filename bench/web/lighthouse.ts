/**
 * Lighthouse (DESIGN §7) on the public pages with Debian's Chromium (CHROME_PATH or /usr/bin/chromium): mobile
 * preset (Lighthouse's default: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown) and desktop preset,
 * LIGHTHOUSE_RUNS runs each (default 5, as Lighthouse's variability guide recommends), median per metric, taken
 * round by round over the pages (run-order.ts). One Chromium serves every run; Lighthouse resets the origin's
 * storage (service worker, caches, IndexedDB) before each, so every run is a first visit.
 *
 * The last run of each page and preset also keeps its diagnostics (LCP element, long tasks, bootup time, main
 * thread breakdown, render-blocking resources, bytes) in bench/results/lighthouse/, to see what costs the time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { median } from '../support/median';
import { runAtReferenceSpeed } from './reference-speed';
import { interleavedRuns } from './run-order';
import { CHROMIUM_ARGS, DEFAULT_CHROME_PATH } from '../../tests/support/chromium';

export const LIGHTHOUSE_BUDGETS = {
  performance: 95,
  accessibility: 95,
  seo: 100,
  lcpMs: 1500,
  cls: 0.05,
  tbtMs: 100,
} as const;

/**
 * `mobile-slow`: the mobile preset with its CPU slowdown scaled to this machine, so the figures are those of the
 * slowest machine of this kind seen so far (benchmarkIndex REFERENCE_BENCHMARK_INDEX): 4 × this machine's
 * benchmarkIndex ÷ that, for each run its own (reference-speed.ts). The budgets must hold on any machine of the
 * kind, and a fast one otherwise hides what a slow one shows (TBT 8-26 ms at benchmarkIndex ~2,700, 152-227 ms at
 * 1,053-1,833 for the same build).
 */
export type Preset = 'mobile' | 'mobile-slow' | 'desktop';

export { REFERENCE_BENCHMARK_INDEX } from './reference-speed';

/** Lighthouse's mobile throttling (slow 4G, 4x CPU), with the CPU slowdown given. */
export const mobileThrottling = (cpuSlowdownMultiplier: number) => ({
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
  cpuSlowdownMultiplier,
});

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /**
   * Lighthouse's measure of the CPU it got (lhr.environment.benchmarkIndex; an unloaded desktop scores well over
   * 1000). The mobile preset multiplies observed task times by 4 as if the CPU were such a desktop, so a machine
   * shared with other work reports TBT and LCP higher by roughly the ratio.
   */
  benchmarkIndex: number;
  /** `mobile-slow` only: the CPU slowdown this run was simulated with. */
  cpuSlowdown?: number;
}

export interface LighthouseRow {
  page: string;
  preset: Preset;
  runs: number;
  /** Median of each figure over the runs. */
  median: LighthouseFigures;
  all: LighthouseFigures[];
  /** The budgets this row misses (empty when it meets them all, and for the floor). */
  misses: string[];
  /** The machine's floor (floor-page.ts): reported beside the app's pages, never judged. */
  floor?: boolean;
}

/**
 * Chromium started by chrome-launcher (Lighthouse's own launcher, installed with it): its default flags (no
 * extensions, no first-run UI, no background throttling) are the ones Lighthouse's trace recording expects.
 */
export async function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: process.env.CHROME_PATH || DEFAULT_CHROME_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'error',
  });
}

function figuresOf(lhr: Result): LighthouseFigures {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export function missedBudgets(figures: LighthouseFigures): string[] {
  const misses: string[] = [];
  if (figures.performance < LIGHTHOUSE_BUDGETS.performance) misses.push('performance');
  if (figures.accessibility < LIGHTHOUSE_BUDGETS.accessibility) misses.push('accessibility');
  if (figures.seo < LIGHTHOUSE_BUDGETS.seo) misses.push('seo');
  if (figures.lcpMs > LIGHTHOUSE_BUDGETS.lcpMs) misses.push('LCP');
  if (figures.cls > LIGHTHOUSE_BUDGETS.cls) misses.push('CLS');
  if (figures.tbtMs > LIGHTHOUSE_BUDGETS.tbtMs) misses.push('TBT');
  return misses;
}

/** The audits that explain the performance figures, trimmed to what a person reads. */
const DIAGNOSTIC_AUDITS = [
  'largest-contentful-paint-element',
  'lcp-lazy-loaded',
  'prioritize-lcp-image',
  'long-tasks',
  'bootup-time',
  'mainthread-work-breakdown',
  'render-blocking-resources',
  'render-blocking-insight',
  'network-dependency-tree-insight',
  'lcp-phases-insight',
  'lcp-discovery-insight',
  'total-byte-weight',
  'dom-size',
  'uses-responsive-images',
  'image-delivery-insight',
  'unused-javascript',
  'font-display-insight',
];

function diagnosticsOf(lhr: Result): Record<string, unknown> {
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, value: audit.displayValue }));
  const details = Object.fromEntries(
    DIAGNOSTIC_AUDITS.filter((id) => lhr.audits[id]).map((id) => {
      const audit = lhr.audits[id]!;
      return [id, { value: audit.displayValue, numeric: audit.numericValue, details: audit.details }];
    }),
  );
  return { url: lhr.finalDisplayedUrl, figures: figuresOf(lhr), failing, details };
}

/** Attempts per run: a loaded machine sometimes loses the trace's navigation start (NO_NAVSTART); that run is repeated. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run. `mobile-slow` without a fixed slowdown in `flags` is simulated at the reference speed for the
 * run's own benchmarkIndex (reference-speed.ts).
 */
export async function runLighthouseOnce(
  url: string,
  flags: Flags,
  preset: Preset,
): Promise<{ lhr: Result; cpuSlowdown?: number }> {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result =
      preset === 'mobile-slow' && !flags.throttling
        ? await runAtReferenceSpeed(url, { ...flags, throttling: mobileThrottling(4) })
        : await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined).then((run) =>
            run ? { lhr: run.lhr } : undefined,
          );
    if (result && !result.lhr.runtimeError) return result;
    lastError = result?.lhr.runtimeError?.message ?? 'no result';
    console.warn(`lighthouse ${preset} ${url}: ${lastError} (attempt ${attempt}/${ATTEMPTS})`);
  }
  throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${lastError}`);
}

export interface LighthousePage {
  label: string;
  /** Under `baseUrl`, unless `url` gives the whole address (a page served elsewhere). */
  path: string;
  url?: string;
  /** The machine's floor (floor-page.ts): measured like the others, never judged against the budgets. */
  floor?: boolean;
}

export interface LighthouseOptions {
  baseUrl: string;
  pages: LighthousePage[];
  runs?: number;
  presets?: Preset[];
  /**
   * A fixed CPU slowdown for every `mobile-slow` run. Default: each run's own, 4 × its benchmarkIndex ÷
   * REFERENCE_BENCHMARK_INDEX, never below 4 (reference-speed.ts).
   */
  slowCpuMultiplier?: number;
  diagnosticsDir?: string;
  /** Called with Chromium's process id before every run (bench-slow-machine.ts moves its processes into a cgroup). */
  beforeEachRun?: (chromiumPid: number) => void;
}

export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseRow[]> {
  const runs = options.runs ?? Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
  const presets = options.presets ?? (['mobile', 'desktop'] as Preset[]);
  const chromium = await launchChromium();
  const rows: LighthouseRow[] = [];
  const baseFlags = (): Flags => ({
    port: chromium.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  });
  try {
    for (const preset of presets) {
      const fixedSlowdown = preset === 'mobile-slow' ? options.slowCpuMultiplier : undefined;
      const all: LighthouseFigures[][] = options.pages.map(() => []);
      const last: (Result | undefined)[] = [];
      for (const { page, run } of interleavedRuns(options.pages.length, runs)) {
        const target = options.pages[page]!;
        options.beforeEachRun?.(chromium.pid!);
        const flags: Flags = {
          ...baseFlags(),
          ...(fixedSlowdown ? { throttling: mobileThrottling(fixedSlowdown) } : {}),
        };
        const { lhr, cpuSlowdown } = await runLighthouseOnce(
          target.url ?? `${options.baseUrl}${target.path}`,
          flags,
          preset,
        );
        last[page] = lhr;
        const slowdown = fixedSlowdown ?? cpuSlowdown;
        const figures = { ...figuresOf(lhr), ...(slowdown ? { cpuSlowdown: slowdown } : {}) };
        all[page]!.push(figures);
        console.log(
          `lighthouse ${preset}${slowdown ? ` (CPU ${slowdown.toFixed(1)}x)` : ''} ${target.label} run ${run + 1}/${runs}: perf ${figures.performance}, ` +
            `LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, ` +
            `a11y ${figures.accessibility}, SEO ${figures.seo}, benchmarkIndex ${Math.round(figures.benchmarkIndex)}`,
        );
      }
      options.pages.forEach((page, index) => {
        const pageRuns = all[index]!;
        const mid: LighthouseFigures = {
          performance: median(pageRuns.map((figures) => figures.performance)),
          accessibility: median(pageRuns.map((figures) => figures.accessibility)),
          seo: median(pageRuns.map((figures) => figures.seo)),
          lcpMs: median(pageRuns.map((figures) => figures.lcpMs)),
          cls: median(pageRuns.map((figures) => figures.cls)),
          tbtMs: median(pageRuns.map((figures) => figures.tbtMs)),
          fcpMs: median(pageRuns.map((figures) => figures.fcpMs)),
          benchmarkIndex: median(pageRuns.map((figures) => figures.benchmarkIndex)),
        };
        rows.push({
          page: page.label,
          preset,
          runs,
          median: mid,
          all: pageRuns,
          misses: page.floor ? [] : missedBudgets(mid),
          ...(page.floor ? { floor: true } : {}),
        });
        const lastRun = last[index];
        if (options.diagnosticsDir && lastRun) {
          mkdirSync(options.diagnosticsDir, { recursive: true });
          const name = `${preset}-${page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`;
          writeFileSync(
            path.join(options.diagnosticsDir, name),
            `${JSON.stringify(diagnosticsOf(lastRun), null, 2)}\n`,
          );
        }
      });
    }
  } finally {
    chromium.kill();
  }
  return rows;
}
