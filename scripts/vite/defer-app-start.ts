/**
 * The build step that defers the app's start on every page (the why is in web/src/app/start/app-starter.ts).
 *
 * It builds web/src/app/start/start-app.ts (TypeScript, type-checked, linted and tested like the rest of web/)
 * into one small classic script, `assets/start-app-<hash>.js`, and replaces the entry's `<script type="module">`
 * and its `<link rel="modulepreload">`s in index.html with it; the starter adds them back when the page has
 * painted. A classic script because only those can read their own tag (document.currentScript) for the entry's
 * address; a file because the CSP allows no inline script. It is precached by the service worker like every other
 * JS file, and counts towards the 110 KB budget of every public page.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

export { START_AT_THE_LATEST_MS } from '../../web/src/app/start/app-starter';

const STARTER_ENTRY = fileURLToPath(new URL('../../web/src/app/start/start-app.ts', import.meta.url));

/**
 * The starter as shipped: start-app.ts and what it imports, bundled into one minified classic script (an IIFE;
 * ES2022, like the app: a browser that cannot run it cannot run the app either).
 */
export async function buildStarter(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    // Its own small build: no public folder, no plugins of the app's config.
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: STARTER_ENTRY, formats: ['iife'], name: 'houstonStarter', fileName: () => 'start-app.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`defer-app-start: the starter built into ${chunks.length} chunks, not 1`);
  return chunks[0]!.code;
}

export function starterFileName(source: string): string {
  return `assets/start-app-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html with the entry script and module preloads replaced by the starter (the stylesheet and everything
 * else are left as they are). Throws when the entry tag is not where Vite puts it, so a change in Vite's output
 * fails the build instead of shipping a page that never starts.
 */
export function deferEntryTags(html: string, starterPath: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('defer-app-start: no <script type="module" crossorigin src> entry tag in index.html');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const starter = `<script defer src="${starterPath}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>\n    `;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, starter);
}

export function deferAppStart(): Plugin {
  let starter: { source: string; fileName: string } | undefined;
  return {
    name: 'houston:defer-app-start',
    apply: 'build',
    async buildStart() {
      // The client build only: the SSR build has no index.html.
      if (this.environment?.config.build.ssr) return;
      const source = await buildStarter();
      starter = { source, fileName: starterFileName(source) };
    },
    generateBundle() {
      if (starter) this.emitFile({ type: 'asset', fileName: starter.fileName, source: starter.source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!starter) throw new Error('defer-app-start: index.html transformed before the starter was built');
        return deferEntryTags(html, `/${starter.fileName}`);
      },
    },
  };
}
