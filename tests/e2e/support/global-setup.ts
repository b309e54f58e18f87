/**
 * Global setup of the end-to-end run (DESIGN §8): checks that Chromium is there (and fails, never skips, when it
 * is not), builds the web app once, starts the real production server (api/server.ts) on a temporary DATA_DIR and
 * hands its URL and admin credentials to the test files. Teardown stops the server and removes the folder.
 *
 * E2E_SKIP_BUILD=1 reuses the existing dist/ (local iteration only).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeTempDir, removeTempDirs, REPO_ROOT, startServer, type ServerProcess } from '../../server/server-process';
import type { E2eEnv } from './env';
import { DEFAULT_CHROME_PATH } from '../../support/chromium';

const ADMIN_EMAIL = 'e2e-admin@example.com';
const ADMIN_PASSWORD = 'e2e-admin-password-1';

function checkChromium(): string {
  const chromePath = process.env.CHROME_PATH || DEFAULT_CHROME_PATH;
  try {
    accessSync(chromePath, constants.X_OK);
  } catch {
    throw new Error(
      `End-to-end tests need Chromium, and none was found at ${chromePath}.\n` +
        `Install it with:  apt-get install -y chromium   (gives ${DEFAULT_CHROME_PATH}),\n` +
        'or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return chromePath;
}

function buildWebApp(): void {
  if (process.env.E2E_SKIP_BUILD === '1') {
    const needed = [path.join('dist', 'client', 'index.html'), path.join('dist', 'server', 'entry-server.js')];
    const missing = needed.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
    if (missing.length > 0)
      throw new Error(`E2E_SKIP_BUILD=1 but the build is missing (${missing.join(', ')}): run npm run build first.`);
    return;
  }
  const started = Date.now();
  // Vitest sets NODE_ENV=test, and Vite builds with NODE_ENV when it is set: React's development build and
  // import.meta.env.DEV (no service worker). The build must see the environment `npm run build` sees.
  const env = { ...process.env };
  delete env.NODE_ENV;
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(
      `The production build failed (node --import tsx scripts/build.ts, exit ${result.status}):\n${output}`,
    );
  }
  console.log(`[e2e] production build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const BUILT_PAGE = path.join(REPO_ROOT, 'dist', 'client', 'index.html');

/** The built page template names the hashed entry files; another build replaces them (and deletes the old ones). */
function buildFingerprint(): string {
  return existsSync(BUILT_PAGE) ? createHash('sha256').update(readFileSync(BUILT_PAGE)).digest('hex') : 'none';
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromePath = checkChromium();
  buildWebApp();
  const fingerprint = buildFingerprint();

  const dataDir = makeTempDir('hc-e2e-');
  let server: ServerProcess;
  try {
    server = await startServer({
      dataDir,
      env: {
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        CONTACT_RATE_LIMIT: '0',
        LOGIN_RATE_LIMIT: '0',
        PORT: '0',
      },
    });
  } catch (error) {
    removeTempDirs();
    throw error;
  }

  const env: E2eEnv = {
    baseUrl: server.url.replace(/\/$/, ''),
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    chromePath,
    dataDir,
  };
  project.provide('e2e', env);
  console.log(`[e2e] server ${env.baseUrl} on ${dataDir}`);
  let stopping = false;
  // A server that dies during the run makes every later test fail with ECONNREFUSED: say why, once, at once.
  void server.exited.then((result) => {
    if (stopping) return;
    console.error(
      `[e2e] the server exited during the run (code ${result.code}, signal ${result.signal}):\n` +
        `${result.stderr.trim().split('\n').slice(-40).join('\n')}`,
    );
  });

  return async () => {
    if (buildFingerprint() !== fingerprint)
      console.warn(
        '[e2e] WARNING: dist/ was rebuilt by something else during this run. The server kept the old page template, ' +
          'whose scripts and styles no longer exist, so page tests may have failed for that reason alone. ' +
          'Run the e2e tests again when no other build is running.',
      );
    stopping = true;
    try {
      const result = await server.stop('SIGTERM');
      const stderr = result.stderr.trim();
      // Server-side errors during the run (LOG_LEVEL=warn): shown so a failing page can be traced to its cause.
      if (stderr) console.log(`[e2e] server stderr:\n${stderr.split('\n').slice(-60).join('\n')}`);
    } finally {
      removeTempDirs();
    }
  };
}
