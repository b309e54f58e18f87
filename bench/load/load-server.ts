/**
 * bench:load's server: api/server.ts as `npm start` runs it (NODE_ENV=production, file storage) with the rate
 * limits off, stopped gracefully (it flushes), and its resident memory read from /proc.
 */
import { readFileSync } from 'node:fs';
import { BENCH_SERVER_ENV, startApiServer } from '../support/api-server';
import { stopChild, type StartedChild } from '../support/child-processes';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './load-settings';

export type RunningServer = StartedChild;

export function startServer(dataDir: string): Promise<RunningServer> {
  return startApiServer({
    name: 'server',
    dataDir,
    env: { ...BENCH_SERVER_ENV, NODE_ENV: 'production', ADMIN_EMAIL, ADMIN_PASSWORD },
  });
}

/** SIGTERM (the server flushes and exits 0), SIGKILL after 15 s. Resolves with the exit code. */
export function stopServer(server: RunningServer): Promise<number | null> {
  return stopChild(server.child, 15_000);
}

/** Resident memory of a process in KiB, from /proc (Linux). */
export function rssKib(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}
