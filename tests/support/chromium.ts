/**
 * How every headless Chromium of this project is started (e2e tests, Lighthouse and the offline-visit
 * benchmark): Debian's Chromium, no sandbox (containers run as root), and nothing that reaches the internet or
 * adds background work to what is measured.
 */
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
