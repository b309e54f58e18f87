/**
 * `npm start`: builds what is missing (the web app, once web/ exists), then runs the server.
 * A newcomer runs `npm ci && npm start` and gets the site with example data at http://127.0.0.1:3000.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webEntry = path.join(root, 'web', 'index.html');
const webBuild = path.join(root, 'dist', 'client', 'index.html');

if (existsSync(webEntry) && !existsSync(webBuild)) {
  console.log('Building the web app (first start)...');
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../api/server');
