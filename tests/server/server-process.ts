/**
 * Test support for real-process server tests: spawns `node --import tsx api/server.ts` from the repo root with
 * PORT=0, waits for the start banner ("listening on http://127.0.0.1:PORT") and reads the real address from it.
 * Every process started here is tracked so `killAllServers()` (afterEach) never leaves one behind, and every
 * temporary folder made with `makeTempDir()` is removed by `removeTempDirs()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = 'api/server.ts';
const BANNER = /listening on (http:\/\/[^\s]+)\r?\n/;
export const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 30_000;

/** Config variables the server reads: never inherited from the test runner's environment. */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'JWT_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DEMO_MODE',
  'LOG_LEVEL',
  'STORAGE',
  'LOGIN_RATE_LIMIT',
  'CONTACT_RATE_LIMIT',
  'PUBLIC_URL',
  'NODE_ENV',
];

export interface ExitResult {
  /** Exit code, or null when the process was ended by a signal it did not handle (SIGKILL). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr, for failure messages and "names the file" checks. */
  output: string;
}

export interface ServerProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited (whatever the reason). */
  exited: Promise<ExitResult>;
  /** Sends `signal` and resolves with the exit code and all output; SIGKILLs and rejects if it does not exit in time. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitResult>;
}

export interface SpawnOptions {
  dataDir: string;
  /** Extra variables; `undefined` removes one from the defaults. */
  env?: Record<string, string | undefined>;
}

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<ExitResult>;
}

const live = new Set<ChildProcess>();
const tempDirs = new Set<string>();

/** A fresh folder under os.tmpdir(), removed by removeTempDirs(). */
export function makeTempDir(prefix = 'hc-server-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

function serverEnv(options: SpawnOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  const merged: Record<string, string | undefined> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  for (const [name, value] of Object.entries(merged)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

function spawnServer(options: SpawnOptions): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<ExitResult>((resolve) => {
    // 'close' (not 'exit'): fires once the process has exited AND its pipes are drained, so no output is lost.
    child.once('close', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, stdout, stderr, output: `${stdout}\n${stderr}` });
    });
    child.once('error', (error) => {
      live.delete(child);
      stderr += `\n[spawn error] ${error.message}`;
      resolve({ code: null, signal: null, stdout, stderr, output: `${stdout}\n${stderr}` });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

const describeOutput = (stdout: string, stderr: string) => `--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`;

/** Starts the server and resolves once its banner shows the address; rejects with the output if it exits or times out. */
export async function startServer(options: SpawnOptions, timeoutMs = START_TIMEOUT_MS): Promise<ServerProcess> {
  const spawned = spawnServer(options);
  const { child } = spawned;

  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = BANNER.exec(spawned.stdout());
      if (!match) return;
      cleanup();
      resolve(match[1]!);
    };
    const timer = setTimeout(() => {
      cleanup();
      child.kill('SIGKILL');
      reject(
        new Error(
          `Server did not print its banner within ${timeoutMs} ms\n${describeOutput(spawned.stdout(), spawned.stderr())}`,
        ),
      );
    }, timeoutMs);
    const onExit = (result: ExitResult) => {
      cleanup();
      reject(
        new Error(
          `Server exited before printing its banner (code ${result.code}, signal ${result.signal})\n${describeOutput(result.stdout, result.stderr)}`,
        ),
      );
    };
    let done = false;
    const cleanup = () => {
      done = true;
      clearTimeout(timer);
      child.stdout!.off('data', check);
    };
    child.stdout!.on('data', check);
    void spawned.exited.then((result) => {
      if (!done) onExit(result);
    });
  });

  return {
    child,
    url,
    dataDir: options.dataDir,
    stdout: spawned.stdout,
    stderr: spawned.stderr,
    exited: spawned.exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM', stopTimeoutMs = STOP_TIMEOUT_MS) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), stopTimeoutMs);
      });
      const result = await Promise.race([spawned.exited, timedOut]);
      clearTimeout(timer);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        const killed = await spawned.exited;
        throw new Error(
          `Server did not exit within ${stopTimeoutMs} ms of ${signal}\n${describeOutput(killed.stdout, killed.stderr)}`,
        );
      }
      return result;
    },
  };
}

/** Runs the server expecting it to exit by itself (bad config, corrupt data); SIGKILLs it and rejects if it starts serving. */
export async function runUntilExit(options: SpawnOptions, timeoutMs = START_TIMEOUT_MS): Promise<ExitResult> {
  const spawned = spawnServer(options);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const result = await Promise.race([spawned.exited, timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    spawned.child.kill('SIGKILL');
    const killed = await spawned.exited;
    throw new Error(
      `Server was expected to exit but was still running after ${timeoutMs} ms\n${describeOutput(killed.stdout, killed.stderr)}`,
    );
  }
  return result;
}

/** SIGKILLs every server process still running (afterEach / afterAll). */
export async function killAllServers(): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const child of live) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    waits.push(new Promise((resolve) => child.once('close', resolve)));
    child.kill('SIGKILL');
  }
  await Promise.all(waits);
  live.clear();
}

// ---- HTTP helpers (global fetch) --------------------------------------------------------------------------------

export async function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

export async function getJson<T>(url: string, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as T };
}

/** POST /api/admin/login; returns the response status and the token (if any). */
export async function login(
  server: ServerProcess,
  email: string,
  password: string,
): Promise<{ status: number; token?: string }> {
  const response = await postJson(`${server.url}/api/admin/login`, { email, password });
  const body = (await response.json()) as { token?: string };
  return { status: response.status, token: body.token };
}

/** A contact form body that passes the spam check (fillTimeMs well above the minimum, no honeypot). */
export function contactForm(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Durability Tester',
    email,
    message: 'Please call me about homes in this community.',
    fillTimeMs: 10_000,
    ...overrides,
  };
}

export interface LeadSummary {
  id: string;
  email: string;
  status: string;
}
