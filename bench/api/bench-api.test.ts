import { describe, expect, it } from 'vitest';
import { combine, fromWrk } from './api-measure';
import { busyMachineNote } from './api-report';
import { medianRun, seededShuffle, type Measurement } from './bench-api';

const run = (reqPerSec: number, extra: Partial<Measurement> = {}): Measurement => ({
  reqPerSec,
  p50Ms: reqPerSec / 1000,
  p99Ms: reqPerSec / 100,
  meanMs: 1,
  ok: reqPerSec * 5,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': reqPerSec * 5 },
  durationSec: 5,
  ...extra,
});

describe('medianRun', () => {
  it('reports the run with the median req/s, with that run’s own latencies', () => {
    const chosen = medianRun([run(9000), run(21000), run(15000)]);
    expect(chosen.reqPerSec).toBe(15000);
    expect(chosen.p99Ms).toBe(150);
  });

  it('takes the lower middle run of an even count (never flatters the figure)', () => {
    expect(medianRun([run(4), run(3), run(1), run(2)]).reqPerSec).toBe(2);
  });

  it('keeps the errors and non-2xx answers of every run, so one bad round fails the row', () => {
    const chosen = medianRun([
      run(10, { non2xx: 2, statusCodes: { '200': 48, '503': 2 } }),
      run(20),
      run(30, { errors: 1, timeouts: 1 }),
    ]);
    expect(chosen.reqPerSec).toBe(20);
    expect([chosen.non2xx, chosen.errors, chosen.timeouts]).toEqual([2, 1, 1]);
    expect(chosen.statusCodes).toEqual({ '200': 48 + 100 + 150, '503': 2 });
  });

  it('refuses an empty list', () => {
    expect(() => medianRun([])).toThrow(/at least one run/);
  });
});

describe('seededShuffle', () => {
  const ids = Array.from({ length: 4700 }, (_, index) => `id-${index}`);

  it('keeps every value once, in the same order on every call', () => {
    const once = seededShuffle(ids);
    expect([...once].sort()).toEqual([...ids].sort());
    expect(seededShuffle(ids)).toEqual(once);
  });

  it('spreads the first requests over the whole list (a scan finds them halfway on average)', () => {
    const firstPositions = seededShuffle(ids)
      .slice(0, 200)
      .map((id) => ids.indexOf(id));
    const mean = firstPositions.reduce((sum, position) => sum + position, 0) / firstPositions.length;
    expect(mean).toBeGreaterThan(ids.length * 0.35);
    expect(mean).toBeLessThan(ids.length * 0.65);
  });
});

describe('fromWrk', () => {
  it('counts the 2xx/3xx answers as what was answered minus the others, and keeps the errors apart', () => {
    const m = fromWrk({
      reqPerSec: 20_000,
      p50Ms: 2,
      p99Ms: 4,
      meanMs: 2.5,
      requests: 100_000,
      durationSec: 5,
      non2xx: 3,
      errors: 2,
      timeouts: 1,
    });
    expect(m).toMatchObject({ reqPerSec: 20_000, ok: 99_997, non2xx: 3, errors: 2, timeouts: 1, durationSec: 5 });
    expect(m.statusCodes).toEqual({ '2xx/3xx': 99_997, other: 3 });
  });
});

describe('combine (the paired runs of one side)', () => {
  it('is answers over seconds, with the mean latency weighted by answers, and every problem kept', () => {
    const combined = combine([
      run(1000, { ok: 1000, durationSec: 1, meanMs: 10 }),
      run(3000, { ok: 3000, durationSec: 1, meanMs: 2, errors: 1 }),
    ]);
    expect(combined.reqPerSec).toBe(2000);
    expect(combined.meanMs).toBeCloseTo((1000 * 10 + 3000 * 2) / 4000);
    expect(combined).toMatchObject({ ok: 4000, problems: 1 });
  });
});

describe('busyMachineNote', () => {
  it("does not count the run's own client and server as a busy machine", () => {
    expect(busyMachineNote([0.1, 0, 0], [2.2, 0, 0], 2)).toEqual([]);
  });

  it('warns when something else ran before the run, or beside it', () => {
    expect(busyMachineNote([1.6, 0, 0], [2.2, 0, 0], 2).join()).toMatch(/about 1\.6 processes kept the 2 CPUs busy/);
    expect(busyMachineNote([0.1, 0, 0], [3.5, 0, 0], 2).join()).toMatch(/about 1\.5 processes/);
  });
});
