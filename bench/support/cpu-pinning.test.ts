/** The load runs' processes land on the CPUs cpu-pinning.ts says, as the kernel reports them. */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuPinning, pinnedCommand } from './cpu-pinning';

/** The CPUs the kernel lets a process started as `command args` run on, e.g. "1" or "0-2". */
function allowedCpus(command: string, args: string[]): string {
  const answer = spawnSync(command, args, { encoding: 'utf8' });
  return /Cpus_allowed_list:\s*(\S+)/.exec(answer.stdout)?.[1] ?? `no answer: ${answer.stderr}`;
}

const readOwnCpus = ['-c', 'grep Cpus_allowed_list /proc/self/status'];

describe('cpu pinning of the benchmarks', () => {
  const pinning = cpuPinning();

  // Pinning needs two CPUs and taskset; a one-CPU machine runs everything unpinned (the second test covers it).
  it.skipIf(!pinning)('puts a server on the last CPU and the load generator on the others', () => {
    const last = os.availableParallelism() - 1;
    expect(allowedCpus(...pinnedCommand('server', 'sh', readOwnCpus))).toBe(String(last));
    expect(allowedCpus(...pinnedCommand('client', 'sh', readOwnCpus))).toBe(last === 1 ? '0' : `0-${last - 1}`);
  });

  it('leaves the command as it is when nothing is pinned, and pins only through taskset', () => {
    const [command, args] = pinnedCommand('server', 'wrk', ['-c1']);
    if (pinning) expect([command, args]).toEqual(['taskset', ['-c', pinning.server, 'wrk', '-c1']]);
    else expect([command, args]).toEqual(['wrk', ['-c1']]);
  });
});
