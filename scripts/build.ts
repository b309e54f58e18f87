/** `npm run build`: the production web build (client bundle and service worker) into dist/. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'web', 'index.html'))) {
  console.log('No web app yet (web/index.html): nothing to build.');
  process.exit(0);
}
const vite = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(vite.status ?? 1);
