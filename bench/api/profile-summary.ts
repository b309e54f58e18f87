/**
 * Summarises a V8 .cpuprofile (e.g. from `npm run bench:api -- --cpu-prof`): self time per function and per
 * package/folder, top N. Usage: node --import tsx bench/api/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileLine {
  name: string;
  selfMs: number;
  share: number;
}

/** Where a script lives, shortened: `fastify/lib/reply.js`, `api/http/json-cache.ts`, `node:internal/...`. */
function shortUrl(url: string): string {
  if (!url) return '(native)';
  let file = url;
  try {
    if (url.startsWith('file:')) file = fileURLToPath(url);
  } catch {
    // keep as is
  }
  const nm = file.lastIndexOf('node_modules/');
  if (nm !== -1) return file.slice(nm + 'node_modules/'.length);
  const cwd = `${process.cwd()}${path.sep}`;
  return file.startsWith(cwd) ? file.slice(cwd.length) : file;
}

function groupOf(url: string): string {
  const short = shortUrl(url);
  if (short === '(native)') return '(native / GC / idle)';
  if (short.startsWith('node:')) return 'node core';
  const parts = short.split('/');
  if (url.includes('node_modules/')) return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return parts.slice(0, 2).join('/');
}

export function summariseProfile(
  file: string,
  top = 25,
): { totalMs: number; functions: ProfileLine[]; groups: ProfileLine[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const totalUs = [...self.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const groups = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const group = frame.url
      ? groupOf(frame.url)
      : frame.functionName === '(idle)'
        ? '(idle)'
        : `(${frame.functionName})`;
    groups.set(group, (groups.get(group) ?? 0) + us);
  }
  const lines = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: us / 1000, share: totalUs ? us / totalUs : 0 }));
  return { totalMs: totalUs / 1000, functions: lines(functions), groups: lines(groups) };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const [file, top = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
  const summary = summariseProfile(file, Number(top));
  const print = (title: string, lines: ProfileLine[]) => {
    console.log(`\n${title}`);
    for (const line of lines) {
      console.log(
        `${(line.share * 100).toFixed(1).padStart(5)}%  ${line.selfMs.toFixed(0).padStart(7)} ms  ${line.name}`,
      );
    }
  };
  console.log(`${file}: ${summary.totalMs.toFixed(0)} ms sampled`);
  print('Self time by package / folder', summary.groups);
  print('Self time by function', summary.functions);
}
