/**
 * Marks the JavaScript a public page runs while it starts with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chromium 136+; other engines read it as a comment).
 *
 * By default V8 compiles a function lazily, on the main thread, the first time it is called. Nearly every function
 * of React DOM's hydration path, the router and the page's own components is called while a server-rendered page
 * hydrates, so that lazy compilation lands in the hydration tasks (Lighthouse's Total Blocking Time, DESIGN §7).
 * With the hint, V8 compiles these files' functions eagerly on the background thread that already streams the
 * script from the network, before the main thread runs it.
 *
 * The comment must be the file's first line, so it is added after minification (which drops ordinary comments),
 * to the chunks of the entry's static import graph and of the public route modules; the back office and the
 * kiosk keep V8's lazy default.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Chunks smaller than this go without the hint: compiling their few functions lazily costs a phone well under a
 * millisecond, less than the hint's 29 bytes cost every page that loads them against the 110 KB budget (DESIGN §7:
 * the runtime, the shared page parts and page actions, each about 0.5-3 KB).
 */
export const HINTED_MIN_BYTES = 3000;

/** What this step reads and writes of a Rolldown output chunk. */
export interface ChunkLike {
  type: 'chunk' | 'asset';
  name?: string;
  fileName: string;
  isEntry?: boolean;
  imports?: readonly string[];
  code?: string;
}

/**
 * Prepends the hint to the entry chunks, to the chunks they import statically (React, React DOM, the router, the
 * app shell: every page runs them) and to the chunks `isPublicPageChunk` names; returns the file names hinted.
 */
export function addCompileHints(chunks: ChunkLike[], isPublicPageChunk: (name: string) => boolean): string[] {
  const entries = chunks.filter((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  const hinted: string[] = [];
  for (const chunk of chunks) {
    if (chunk.type !== 'chunk' || chunk.code === undefined || !chunk.fileName.endsWith('.js')) continue;
    if (chunk.code.length < HINTED_MIN_BYTES) continue;
    const inEntryGraph = entries.some((entry) => entry.imports?.includes(chunk.fileName));
    if (chunk.isEntry || inEntryGraph || isPublicPageChunk(chunk.name ?? '')) {
      chunk.code = COMPILE_HINT + chunk.code;
      hinted.push(chunk.fileName);
    }
  }
  return hinted;
}

export function compileHints(isPublicPageChunk: (name: string) => boolean): Plugin {
  return {
    name: 'houston:compile-hints',
    apply: 'build',
    // After Vite's own generateBundle work on the chunks (preload maps), which would otherwise rebuild the code
    // without the first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(Object.values(bundle) as ChunkLike[], isPublicPageChunk);
      },
    },
  };
}
