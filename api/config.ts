/**
 * Server configuration, read from the environment once and checked (DESIGN §4 "Start").
 * A bad value stops the start with one message listing every bad variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((value) => value === '1' || value === 'true');

const nonNegativeIntFromEnv = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number (0 turns the limit off)' })
    .default(String(fallback))
    .transform(Number);

/** An address or CIDR range proxy-addr (Fastify's trustProxy) accepts: 10.0.0.5, 10.0.0.0/8, ::1, or a keyword. */
const isProxyAddress = (entry: string): boolean => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, { error: 'must be a port number' })
    .default('3000')
    .transform(Number)
    .refine((port) => port >= 0 && port <= 65535, { error: 'must be between 0 and 65535' }),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  DEMO_MODE: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE: z.enum(['file', 'memory', 'postgres']).default('file'),
  // postgres://user:password@host:5432/database (libpq's postgresql:// too); required by STORAGE=postgres.
  DATABASE_URL: z
    .string()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.pathname.length > 1;
        } catch {
          return false;
        }
      },
      { error: 'must be a PostgreSQL URL such as postgres://user:password@localhost:5432/houston' },
    )
    .optional(),
  // Behind a load balancer: the proxies whose X-Forwarded-For is believed, so per-address limits see visitors,
  // not the proxy. Comma-separated addresses or CIDR ranges (or loopback, linklocal, uniquelocal).
  TRUST_PROXY: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .refine((entries) => entries.every(isProxyAddress), {
      error: 'must be comma-separated proxy addresses or CIDR ranges, such as 127.0.0.1 or 10.0.0.0/8',
    })
    .optional(),
  LOGIN_RATE_LIMIT: nonNegativeIntFromEnv(10),
  CONTACT_RATE_LIMIT: nonNegativeIntFromEnv(20),
  // An origin only: pages put it in front of their own paths (canonical, og:url, sitemap.xml).
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute URL such as https://homes.example.com' })
    .refine(
      (value) => {
        const url = new URL(value);
        return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      },
      { error: 'must be an origin such as https://homes.example.com (no path, query or credentials)' },
    )
    .optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Set by the caller (server.ts reads or creates DATA_DIR/secret when JWT_SECRET is not given). */
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  demoMode: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  storage: 'file' | 'memory' | 'postgres';
  /** STORAGE=postgres only: where the database is. */
  databaseUrl?: string;
  /** Attempts per IP per window on login (and failed attempts per email); 0 = off. */
  loginRateLimit: number;
  /** Public contact posts per IP per window; 0 = off. */
  contactRateLimit: number;
  rateLimitWindowMs: number;
  /**
   * Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client. Unset: the peer's address is the
   * client's, and X-Forwarded-For is ignored (a client could write anything in it).
   */
  trustProxy?: string[];
  publicUrl?: string;
  /** Serve the built web app (SSR pages) when dist/ has it; API tests turn it off to test the API alone. */
  serveWebApp?: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(defined);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (defined.STORAGE === 'postgres' && defined.DATABASE_URL === undefined) {
    problems.push('DATABASE_URL: is required with STORAGE=postgres (postgres://user:password@host:5432/database)');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    jwtSecret: values.JWT_SECRET,
    adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    demoMode: values.DEMO_MODE,
    logLevel: values.LOG_LEVEL,
    storage: values.STORAGE,
    databaseUrl: values.DATABASE_URL,
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    contactRateLimit: values.CONTACT_RATE_LIMIT,
    rateLimitWindowMs: 15 * 60 * 1000,
    trustProxy: values.TRUST_PROXY,
    // Normalised (lower-case host, no default port, no trailing slash) as browsers and crawlers write it.
    publicUrl: values.PUBLIC_URL === undefined ? undefined : new URL(values.PUBLIC_URL).origin,
  };
}

/** A config for tests: memory storage, quiet logs, a fixed secret, limits that a test can reach. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.resolve('data-test-unused'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    demoMode: false,
    logLevel: 'silent',
    storage: 'memory',
    loginRateLimit: 0,
    contactRateLimit: 0,
    rateLimitWindowMs: 15 * 60 * 1000,
    serveWebApp: false,
    ...overrides,
  };
}

/** For command-line entry points (the server, data moves): the config, or the bad variables on stderr and exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
