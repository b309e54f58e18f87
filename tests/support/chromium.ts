/**
 * How every headless Chromium of this project is started (e2e tests, Lighthouse and the offline-visit
 * benchmark): Debian's Chromium, no sandbox (containers run as root), and nothing that reaches the internet or
 * adds background work to what is measured.
 */
import { spawnSync } from 'node:child_process';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * What `chromium --version` says ("Chromium 156.0.8078.108 built on Debian ..." → "156.0.8078.108"): benchmark
 * figures are written beside it, since Lighthouse's figures change between Chromium versions.
 */
export function chromiumVersion(chromePath = process.env.CHROME_PATH || DEFAULT_CHROME_PATH): string {
  const result = spawnSync(chromePath, ['--version'], { encoding: 'utf8' });
  const version = /(?:Chromium|Chrome) (\d+(?:\.\d+){3})/.exec(result.stdout ?? '')?.[1];
  if (!version) throw new Error(`${chromePath} --version did not say its version: ${result.stdout}${result.stderr}`);
  return version;
}
