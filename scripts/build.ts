/** `npm run build`: the client bundle (with the service worker) into dist/client and the SSR entry into dist/server. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

function run(args: string[]): void {
  // Always a production build, even when started from a test runner that sets NODE_ENV=test (React and Workbox
  // would otherwise ship their development builds and the service worker would not be generated).
  const result = spawnSync(process.execPath, [vite, ...args], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['build']);
run(['build', '--ssr', 'src/entry-server.tsx', '--outDir', '../dist/server', '--emptyOutDir']);
