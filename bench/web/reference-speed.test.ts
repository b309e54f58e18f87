/** mobile-slow simulates each run at the reference machine's speed: the slowdown must follow the run's own index. */
import { describe, expect, it } from 'vitest';
import {
  atReferenceSpeed,
  REFERENCE_BENCHMARK_INDEX,
  referenceSlowdown,
  slowdownRange,
  type SavedArtifacts,
} from './reference-speed';

const gathered = (benchmarkIndex: number): SavedArtifacts => ({
  BenchmarkIndex: benchmarkIndex,
  settings: {
    throttlingMethod: 'simulate',
    formFactor: 'mobile',
    throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
  },
  URL: { finalDisplayedUrl: 'http://127.0.0.1/' },
});

describe('referenceSlowdown', () => {
  it('is 4x on the reference machine and scales with the index', () => {
    expect(referenceSlowdown(REFERENCE_BENCHMARK_INDEX)).toBe(4);
    expect(referenceSlowdown(2500)).toBe(10);
    expect(referenceSlowdown(1700)).toBeCloseTo(6.8);
  });

  it('never goes below the mobile preset’s 4x on a machine slower than the reference', () => {
    expect(referenceSlowdown(600)).toBe(4);
  });
});

describe('atReferenceSpeed', () => {
  it('sets the slowdown of the run’s own index and changes nothing else', () => {
    const before = gathered(2200);
    const { artifacts, cpuSlowdown } = atReferenceSpeed(before);
    expect(cpuSlowdown).toBeCloseTo(8.8);
    expect(artifacts.settings.throttling).toEqual({
      rttMs: 150,
      throughputKbps: 1638.4,
      cpuSlowdownMultiplier: cpuSlowdown,
    });
    expect({ ...artifacts, settings: { ...artifacts.settings, throttling: before.settings.throttling } }).toEqual(
      before,
    );
  });

  it('leaves the gathered artifacts untouched (they are rewritten on disk from the copy)', () => {
    const before = gathered(1500);
    atReferenceSpeed(before);
    expect(before.settings.throttling.cpuSlowdownMultiplier).toBe(4);
  });
});

describe('slowdownRange', () => {
  it('gives the lowest and highest slowdown of the runs, one value once, nothing without runs', () => {
    expect(slowdownRange([8.04, 6.51, 10.3])).toBe('6.5-10.3x');
    expect(slowdownRange([8, 8])).toBe('8.0x');
    expect(slowdownRange([])).toBe('');
    expect(slowdownRange([undefined, 7.25, undefined])).toBe('7.3x');
    expect(slowdownRange([undefined])).toBe('');
  });
});
