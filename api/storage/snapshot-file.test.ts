import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotJsonPieces, writeSnapshotFile, type SnapshotContent } from './snapshot-file';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hc-snapshot-'));
  dirs.push(dir);
  return dir;
};

const snapshot = (leads: number): SnapshotContent => ({
  format: 1,
  lastSeq: 42,
  collections: {
    communities: [{ id: 'c1', name: 'Austin "Point"', tags: ['lake', 'trails'], nested: { a: [1, 2] } }],
    listings: [],
    contacts: Array.from({ length: leads }, (_, index) => ({ id: `l${index}`, message: 'é ✓ \u2028 <b>' })),
  },
});

describe('snapshotJsonPieces', () => {
  it('joins to exactly what JSON.stringify gives, empty collections included', () => {
    for (const content of [snapshot(0), snapshot(3), { format: 1 as const, lastSeq: 0, collections: {} }]) {
      expect([...snapshotJsonPieces(content)].join('')).toBe(JSON.stringify(content));
    }
  });
});

describe('writeSnapshotFile', () => {
  it('replaces the file with the whole snapshot, in several chunks, and leaves no temp file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'db.json');
    writeFileSync(file, '{"old":true}');
    const content = snapshot(20_000); // well over one 256 KB chunk
    await writeSnapshotFile(file, content);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(content);
    expect(readdirSync(dir)).toEqual(['db.json']);
  });

  it('on a failed write keeps the old file and removes the temp file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'db.json');
    writeFileSync(file, '{"old":true}');
    const unserialisable = { format: 1 as const, lastSeq: 1, collections: { contacts: [{ big: 1n }] } };
    await expect(writeSnapshotFile(file, unserialisable)).rejects.toThrow(/BigInt/);
    expect(readFileSync(file, 'utf8')).toBe('{"old":true}');
    expect(readdirSync(dir)).toEqual(['db.json']);
  });
});
