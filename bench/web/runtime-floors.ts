/**
 * The runtime floors: the floor page (floor-page.ts, a heading and a paragraph) with, step by step, what the app's
 * public pages start with, each loaded exactly as the app loads its entry (the built starter, dist/client/assets/
 * start-app-*.js, adds the module after the load event and two frames):
 * - `none`: no script (the machine's floor, as in bench:web);
 * - `script`: the starter and a one-line module (what loading any script costs);
 * - `preact`: the starter and Preact hydrating the heading and paragraph: not the stack's runtime, measured so that
 *   the team can see what a runtime a fifteenth of React DOM's size reads on the same machine;
 * - `react`: the starter and React DOM hydrating the heading and paragraph (in a transition, StrictMode);
 * - `router`: the same through the data router (createBrowserRouter with hydration data, RouterProvider), as the
 *   app's entry does.
 * Every module is built like the app's entry (minified, production React, V8's compile hint first) and served with
 * gzip. bench-runtime-floors.ts measures them beside the app's pages, to tell what of a page's Total Blocking Time
 * is the runtime the stack fixes and what is the page's own (issue 14, docs/reliability.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { build, type Rolldown } from 'vite';
import { REPO_ROOT } from '../support/paths';
import { COMPILE_HINT } from '../../scripts/vite/compile-hints';
import { FloorContent } from './runtime-floor-entries/floor-content';

export const RUNTIME_FLOORS = ['none', 'script', 'preact', 'react', 'router'] as const;
export type RuntimeFloor = (typeof RUNTIME_FLOORS)[number];

export const RUNTIME_FLOOR_LABELS: Record<RuntimeFloor, string> = {
  none: 'floor: no script',
  script: 'floor + a one-line module',
  preact: 'floor + Preact hydrating it (not the stack)',
  react: 'floor + React DOM hydrating it',
  router: 'floor + React DOM and the data router',
};

const ENTRIES: Record<Exclude<RuntimeFloor, 'none'>, string> = {
  script: 'tiny-script.ts',
  preact: 'preact-hydrate.ts',
  react: 'react-hydrate.ts',
  router: 'router-hydrate.ts',
};

const ENTRY_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime-floor-entries');

/** One module, built as the app's entry is shipped: ES module, minified, production React, compile hint first. */
export async function buildFloorModule(floor: Exclude<RuntimeFloor, 'none'>): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    // An app build, not a library build (which keeps whitespace), in production mode whatever NODE_ENV says (vitest
    // sets it to `test`, and Vite would then define React's development build).
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: path.join(ENTRY_DIR, ENTRIES[floor]),
        output: { format: 'es', entryFileNames: `${floor}.js` },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`runtime floor ${floor} built into ${chunks.length} chunks, not 1`);
  return COMPILE_HINT + chunks[0]!.code;
}

/** The app's starter as built (dist/client/assets/start-app-<hash>.js). */
export function builtStarter(): string {
  const assets = path.join(REPO_ROOT, 'dist', 'client', 'assets');
  const name = readdirSync(assets).find((file) => /^start-app-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no built starter in ${assets}: run npm run build first`);
  return readFileSync(path.join(assets, name), 'utf8');
}

/** The floor page with its content in #root (rendered by React, so hydration matches) and the floor's script. */
export function runtimeFloorHtml(floor: RuntimeFloor): string {
  const starter =
    floor === 'none'
      ? ''
      : `\n<script defer src="/assets/start-app.js" data-entry="/assets/${floor}.js" data-preload=""></script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The runtime floor of a Lighthouse figure</title>
<meta name="description" content="A heading and a paragraph, and what the app starts with: a measure of the runtime, not of a page.">${starter}
</head>
<body>
<div id="root">${renderToString(createElement(FloorContent))}</div>
</body>
</html>
`;
}

export interface RuntimeFloorServer {
  /** The address of each floor's page. */
  urls: Record<RuntimeFloor, string>;
  /** Bytes of each floor's module, gzip (the starter not counted: every variant with a script has it). */
  moduleGzipBytes: Record<RuntimeFloor, number>;
  stop(): Promise<void>;
}

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

const asset = (type: string, text: string): Asset => {
  const body = Buffer.from(text);
  return { type, body, gzip: gzipSync(body, { level: 9 }) };
};

export async function startRuntimeFloors(): Promise<RuntimeFloorServer> {
  const assets = new Map<string, Asset>();
  assets.set('/assets/start-app.js', asset('text/javascript; charset=utf-8', builtStarter()));
  const moduleGzipBytes = Object.fromEntries(RUNTIME_FLOORS.map((floor) => [floor, 0])) as Record<RuntimeFloor, number>;
  for (const floor of RUNTIME_FLOORS) {
    assets.set(`/${floor}`, asset('text/html; charset=utf-8', runtimeFloorHtml(floor)));
    if (floor === 'none') continue;
    const module = asset('text/javascript; charset=utf-8', await buildFloorModule(floor));
    assets.set(`/assets/${floor}.js`, module);
    moduleGzipBytes[floor] = module.gzip.length;
  }
  const server = http.createServer((request, response) => {
    const found = assets.get(request.url ?? '');
    if (request.url === '/favicon.ico') {
      // The browser asks for it on every page; an error on the console would hide a real one in the test.
      response.writeHead(204).end();
      return;
    }
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? found.gzip : found.body;
    response.writeHead(200, {
      'content-type': found.type,
      'content-length': body.length,
      'cache-control': 'no-store',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const urls = Object.fromEntries(RUNTIME_FLOORS.map((floor) => [floor, `${base}/${floor}`])) as Record<
    RuntimeFloor,
    string
  >;
  return {
    urls,
    moduleGzipBytes,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
