/**
 * A CPU quota for a tree of processes, through the kernel's CFS bandwidth control: the machine made slower for real
 * (every thread, the compositor and the browser process included), where Lighthouse's simulation only multiplies
 * the main thread's observed tasks. Needs root and the cgroup `cpu` controller (v1 or v2).
 *
 * CFS takes a period and a quota of at least 1 ms each, so a share of one core below 1 is a 1 ms quota per longer
 * period (0.5 = 1 ms in every 2 ms): the processes never stall for more than a period at a time.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const NAME = 'houston-bench-cpu-quota';

export interface CpuQuota {
  /** Moves a process and all its descendants into the quota (new children of moved processes follow by themselves). */
  addProcessTree(pid: number): void;
}

/** The quota's cgroup (created or reused), or a sentence saying why there is none on this machine. */
export function createCpuQuota(cores: number): CpuQuota | string {
  if (!(cores > 0 && cores <= 1)) return `a share of one core between 0 and 1 is needed, not ${cores}`;
  if (process.getuid?.() !== 0) return 'a CPU quota needs root (the cgroup files are written directly)';
  const quotaUs = 1000;
  const periodUs = Math.round(quotaUs / cores);
  const v2 = '/sys/fs/cgroup/cgroup.controllers';
  let procsFile: string;
  try {
    if (existsSync(v2) && readFileSync(v2, 'utf8').includes('cpu')) {
      writeFileSync('/sys/fs/cgroup/cgroup.subtree_control', '+cpu');
      const dir = path.join('/sys/fs/cgroup', NAME);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'cpu.max'), `${quotaUs} ${periodUs}`);
      procsFile = path.join(dir, 'cgroup.procs');
    } else if (existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')) {
      const dir = path.join('/sys/fs/cgroup/cpu', NAME);
      mkdirSync(dir, { recursive: true });
      // The quota is lifted first: a new period below the current quota would be refused.
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), '-1');
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(periodUs));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
      procsFile = path.join(dir, 'cgroup.procs');
    } else {
      return 'this machine has no cgroup cpu controller';
    }
  } catch (error) {
    return `the cgroup could not be set up: ${(error as Error).message}`;
  }
  return {
    addProcessTree(pid) {
      for (const member of [pid, ...descendantsOf(pid)]) {
        try {
          writeFileSync(procsFile, String(member));
        } catch {
          // The process ended meanwhile.
        }
      }
    },
  };
}

/** Every descendant of a process, from /proc (a zygote's children included). */
function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces, inside parentheses): state, then the parent's pid.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while listing.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, itsParent] of parentOf) {
      if (itsParent === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}
