/**
 * Child processes of the bench scripts (servers under test, calibration servers, wrk): every one is tracked so an
 * error or Ctrl-C never leaves one running (killAllChildren), its output is kept for error messages, its start
 * banner ("listening on http://…") is awaited, and it is stopped with SIGTERM, then SIGKILL after a grace period.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { pinnedCommand, type CpuRole } from './cpu-pinning';

const children = new Set<ChildProcess>();

/** Tracks `child` until it exits, so killAllChildren() reaches it. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGKILLs every tracked child still running (on exit, on a signal, after an error). */
export function killAllChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** SIGTERM (our server flushes and exits), then SIGKILL after `graceMs`. Resolves with the exit code. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/** What `child` wrote on stdout and stderr, the last `maxChars` characters of it. */
export function collectOutput(child: ChildProcess, maxChars = 20_000): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.length > maxChars) text = text.slice(-maxChars);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text;
}

const BANNER = /listening on (http:\/\/[^\s]+)/;

/**
 * Resolves with the URL `child` prints on stdout ("listening on http://…"); rejects with its output when it exits
 * first or prints nothing within `timeoutMs`. `name` says which process it is in the error.
 */
export function waitForBanner(
  child: ChildProcess,
  output: () => string,
  name: string,
  timeoutMs = 60_000,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output()}`)),
      timeoutMs,
    );
    const onData = () => {
      const match = BANNER.exec(output());
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited during start (${code ?? signal}):\n${output()}`));
    });
  });
}

export interface StartedChild {
  url: string;
  child: ChildProcess;
  /** The last of its stdout and stderr, for error messages. */
  output: () => string;
}

export interface StartOptions {
  /** Which process it is, in errors ("our server", "ceiling", …). */
  name: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** How much output to keep (default the last 20,000 characters). */
  maxOutputChars?: number;
  /** A server under load: on its own CPU when the bench pins processes (cpu-pinning.ts). */
  cpu?: CpuRole;
}

/** Spawns `node <args>` (tracked) and resolves once it prints the URL it listens on. */
export async function startNodeChild(args: string[], options: StartOptions): Promise<StartedChild> {
  const [command, commandArgs] = options.cpu
    ? pinnedCommand(options.cpu, process.execPath, args)
    : [process.execPath, args];
  const child = track(
    spawn(command, commandArgs, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const output = collectOutput(child, options.maxOutputChars);
  const url = await waitForBanner(child, output, options.name, options.timeoutMs);
  return { url, child, output };
}
