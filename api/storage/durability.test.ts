/**
 * Crash test: a child process commits a stream of transactions and is SIGKILLed mid-stream (mid-write and
 * mid-compaction, with compactions every 100 lines). Every id it printed was acknowledged, so every one must be
 * there after reopening, db.json must parse, and each transaction must be all-or-nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileStorage } from './file-storage';

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(here, 'test-support', 'write-stream.ts');
const repoRoot = path.resolve(here, '..', '..');

/** Runs the writer until it has acknowledged at least `minAcks` ids and ~1 s has passed, then SIGKILLs it. */
function runAndKill(dataDir: string, minAcks = 200, runMs = 1000): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, '100'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: string[] = [];
    let partial = '';
    let stderr = '';
    let firstAckAt = 0;
    let killed = false;
    const giveUp = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`writer made too little progress (${acked.length} acks). stderr: ${stderr}`));
    }, 20_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!; // only complete lines count as acknowledged
      acked.push(...lines.filter(Boolean));
      if (!firstAckAt && acked.length > 0) firstAckAt = Date.now();
      if (!killed && acked.length >= minAcks && Date.now() - firstAckAt >= runMs) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (_code, signal) => {
      clearTimeout(giveUp);
      if (signal === 'SIGKILL' && killed) resolve(acked);
      else reject(new Error(`writer exited on its own (${signal ?? _code}). stderr: ${stderr}`));
    });
  });
}

describe('durability across a crash (SIGKILL)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged transaction, whole, through two kills', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'durability-'));
    dirs.push(dataDir);
    const allAcked: string[] = [];

    for (let round = 1; round <= 2; round++) {
      const acked = await runAndKill(dataDir);
      allAcked.push(...acked);
      expect(acked.length).toBeGreaterThanOrEqual(200);

      // The snapshot on disk is whole (written by temp file + rename), whatever moment the kill hit.
      const files = await readdir(dataDir);
      expect(files).toContain('db.json');
      await expect(readFile(path.join(dataDir, 'db.json'), 'utf8').then(JSON.parse)).resolves.toMatchObject({
        format: 1,
      });

      const storage = await openFileStorage({ dataDir });
      try {
        const missing = [];
        for (const id of allAcked) if (!(await storage.get('audit', id))) missing.push(id);
        expect(missing).toEqual([]);
        // Each transaction inserted one entry and bumped the counter: both or neither survived.
        const counter = await storage.get('idempotency', 'counter');
        const entries = await storage.count('audit');
        expect(entries).toBeGreaterThanOrEqual(allAcked.length);
        expect(counter?.body).toEqual({ n: entries });
      } finally {
        await storage.close();
      }
    }
  });
});
