/**
 * Our server as the benchmarks start it: `node --import tsx api/server.ts` from the repo root with PORT=0 on HOST,
 * the given DATA_DIR and LOG_LEVEL=warn, plus each bench's own variables (storage, rate limits, admin account).
 */
import { startNodeChild, type StartedChild } from './child-processes';
import type { CpuRole } from './cpu-pinning';
import { HOST, REPO_ROOT } from './paths';

/** The first admin's password in the benches that need no particular account. */
export const BENCH_ADMIN_PASSWORD = 'bench-password-1';

/**
 * What every bench's server runs with: file storage, no demo data, the rate limits off (a bench sends far more
 * sign-ins and forms than a visitor may) and the bench admin's password. A bench adds or overrides its own.
 */
export const BENCH_SERVER_ENV: Readonly<Record<string, string>> = {
  STORAGE: 'file',
  LOGIN_RATE_LIMIT: '0',
  CONTACT_RATE_LIMIT: '0',
  ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  DEMO_MODE: '0',
};

export interface ApiServerOptions {
  dataDir: string;
  /** The bench's own server variables, on top of PORT, HOST, DATA_DIR and LOG_LEVEL. */
  env: Record<string, string>;
  /** Which server it is, in errors. */
  name: string;
  /** Node options before `--import tsx` (e.g. --cpu-prof). */
  nodeArgs?: string[];
  maxOutputChars?: number;
  /** 'server' when a load run measures it: its own CPU (cpu-pinning.ts). */
  cpu?: CpuRole;
}

export function startApiServer(options: ApiServerOptions): Promise<StartedChild> {
  return startNodeChild([...(options.nodeArgs ?? []), '--import', 'tsx', 'api/server.ts'], {
    name: options.name,
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST, DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env },
    ...(options.maxOutputChars === undefined ? {} : { maxOutputChars: options.maxOutputChars }),
    ...(options.cpu ? { cpu: options.cpu } : {}),
  });
}
