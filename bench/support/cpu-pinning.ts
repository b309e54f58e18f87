/**
 * Where the load runs' processes may run: the server under test on one CPU of its own, the load generator (wrk,
 * and this process, which runs autocannon) on the others.
 *
 * Why: on two shared cores, client and server were scheduled wherever the kernel put them, and a read's figure
 * swung by half from one 5 s round to the next (GET by id at 1x: 16,000-30,000 req/s for ours, 2,500-4,200 for
 * json-server, in runs minutes apart), which decided the row's 10x verdict more than the servers did. With each on
 * its own CPU, both servers are measured on the same footing: one core each, as a single Node process uses.
 *
 * Off (every process anywhere) with BENCH_PIN_CPUS=0, on a machine with one CPU, or without taskset.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';

export type CpuRole = 'server' | 'client';

interface Pinning {
  server: string;
  client: string;
}

function detect(): Pinning | null {
  if (process.env.BENCH_PIN_CPUS === '0') return null;
  const cpus = os.availableParallelism();
  if (cpus < 2) return null;
  if (spawnSync('taskset', ['-V']).status !== 0) return null;
  const last = cpus - 1;
  return { server: String(last), client: last === 1 ? '0' : `0-${last - 1}` };
}

const pinning = detect();

/** The CPU lists in use ("server 1, client 0"), or null when processes are not pinned. */
export function cpuPinning(): Pinning | null {
  return pinning;
}

/** `command args` to spawn so that it runs on the CPUs of `role` (taskset execs it: same pid, same signals). */
export function pinnedCommand(role: CpuRole, command: string, args: string[]): [string, string[]] {
  if (!pinning) return [command, args];
  return ['taskset', ['-c', pinning[role], command, ...args]];
}

/** Moves this process (all its threads) to the client CPUs: it runs autocannon and the bench's bookkeeping. */
export function pinThisProcessAsClient(): void {
  if (!pinning) return;
  spawnSync('taskset', ['-a', '-p', '-c', pinning.client, String(process.pid)]);
}
