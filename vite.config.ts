/**
 * Vite: web/ is the root; the client build goes to dist/client (served by the API process), the SSR build of
 * web/src/entry-server.tsx to dist/server. `npm run dev:web` (Vite on :5173) proxies /api and /uploads to the API
 * that `npm run dev` runs on :3000.
 *
 * PWA (DESIGN §5 "Service worker"): vite-plugin-pwa builds sw/sw.ts (injectManifest) into dist/client/sw.js with
 * the precache manifest injected, writes dist/client/manifest.webmanifest and links it from index.html, so every
 * server-rendered page carries it. Registration is ours (web/src/app/pwa/register.ts, loaded after hydration):
 * no inline or injected register script (the CSP allows no inline scripts, and it would add to the first load).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/vite/compile-hints';
import { deferAppStart } from './scripts/vite/defer-app-start';

/** The public route modules' chunks (web/src/app/route-modules.ts) and the parts they share. */
const PUBLIC_PAGE_CHUNKS = new Set([
  'home',
  'communities',
  'community',
  'listing',
  'contact',
  'legal',
  'search',
  'favorites',
  'not-found',
  'page-parts',
  'page-actions',
  'visitor-form',
  'community-card',
]);

/** What every page has loaded before any lazy import can run: the entry, React, the runtime and the global CSS. */
const LOADED_BEFORE_ANY_LAZY_IMPORT = /^assets\/(index|react|rolldown-runtime)-[\w-]+\.(js|css)$/;

/** The kiosk's chunk, whose JavaScript dependencies are not listed for preloading (resolveDependencies below). */
const KIOSK_CHUNK = /^assets\/kiosk-[\w-]+\.js$/;

/**
 * react-router 7's package exports point every condition at its development build (warnings and invariant
 * messages included); its production build sits beside it. The browser bundle uses the production build: it is
 * several KB smaller, and public pages have a 110 KB budget (DESIGN §7).
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/** The import aliases of tsconfig.json's `paths` (also in vitest.config.ts and vitest.e2e.config.ts). */
export const PATH_ALIASES = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) },
  { find: /^@domain\//, replacement: fileURLToPath(new URL('./domain/', import.meta.url)) },
  { find: /^@data-seed$/, replacement: fileURLToPath(new URL('./data-seed/index.ts', import.meta.url)) },
];

export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'web',
  publicDir: 'public',
  resolve: {
    alias: [
      ...PATH_ALIASES,
      ...(mode === 'production' && !isSsrBuild
        ? [
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
          ]
        : []),
    ],
  },
  plugins: [
    react(),
    // Public pages start their JS after the load event (scripts/vite/defer-app-start.ts).
    deferAppStart(),
    // V8 compiles what a public page runs while hydrating on the streaming thread (scripts/vite/compile-hints.ts).
    compileHints((name) => PUBLIC_PAGE_CHUNKS.has(name)),
    VitePWA({
      // The server build needs neither a worker nor a manifest.
      disable: Boolean(isSsrBuild),
      strategies: 'injectManifest',
      srcDir: '../sw', // relative to the Vite root (web/)
      filename: 'sw.ts', // built to dist/client/sw.js, served at /sw.js (scope '/')
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true, // the manifest icons are precached too
      manifest: {
        id: '/',
        name: 'Houston New Home Communities',
        short_name: 'Houston Homes',
        description: "Discover exceptional homes in Houston's premier new-home communities, online or offline.",
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b3d91',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell (index.html, precached as /index.html and used as the offline navigation fallback), every
        // JS chunk (each lazy route and the admin code) and every stylesheet; of the images only the icons and the
        // default community image. Other images are cached at runtime and warmed by the offline pack.
        globPatterns: ['**/*.{js,css,html}', 'images/communities/default*.{jpg,webp}'],
        globIgnores: ['**/node_modules/**', 'sw.js', '.vite/**'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // A classic script (no `export`/`import` left): every browser with service workers can run it.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
      integration: {
        // The plugin takes Workbox's dev/prod switch from the ambient NODE_ENV (vitest sets 'test'), which would
        // ship Workbox's development assertions; follow the Vite mode instead.
        configureCustomSWViteBuild(options) {
          const nodeEnv = options.mode === 'development' ? 'development' : 'production';
          options.define = { ...options.define, 'process.env.NODE_ENV': JSON.stringify(nodeEnv) };
        },
      },
    }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every browser this build targets (ES2022) supports <link rel="modulepreload">: the polyfill would be dead
    // weight in the entry chunk of every public page (the 110 KB budget).
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of what to preload with it leaves out what every page has loaded before any lazy
      // import can run (the entry, React, the runtime and the global CSS): those names were repeated in every
      // chunk that imports lazily, public route chunks included (the 110 KB budget).
      // The page's own list (hostType 'html', the starter's data-preload) keeps them all.
      // The kiosk's chunk lists no JavaScript to preload with it: its own imports bring those one round trip later
      // (on a device that runs the kiosk from the service worker's cache), and their eight names left the entry of
      // every public page (the 110 KB budget). Its CSS stays listed: the preload helper is what loads a lazy
      // chunk's stylesheet.
      resolveDependencies: (file, dependencies, { hostType }) =>
        hostType === 'html'
          ? dependencies
          : dependencies.filter(
              (dependency) =>
                !LOADED_BEFORE_ANY_LAZY_IMPORT.test(dependency) &&
                !(KIOSK_CHUNK.test(file) && dependency.endsWith('.js') && dependency !== file),
            ),
    },
    rolldownOptions: {
      output: {
        // Seven hash characters instead of eight (the fewest rolldown allows for this many chunks; 42 bits, ample
        // to tell a hundred files of one build from the last build's): every chunk's name is written in the entry's
        // preload table, in each import and in the page's preload list, and hashes do not compress (about 100 B gzip
        // a page, the 110 KB budget).
        // The server build keeps its own names (dist/server/entry-server.js is what the server imports).
        ...(isSsrBuild
          ? {}
          : { entryFileNames: 'assets/[name]-[hash:7].js', chunkFileNames: 'assets/[name]-[hash:7].js' }),
        codeSplitting: {
          groups: [
            {
              // The small parts every listing or community page shares (image, card, labels, record constants): one chunk rather
              // than five, as each chunk costs its own request and import/export glue (the 110 KB budget).
              name: 'page-parts',
              includeDependenciesRecursively: false,
              test: /web\/src\/(components\/(picture|listing-(card|labels))|utils\/images)|domain\/(community-image|constants\/(records|images))/,
            },
            {
              // The small parts of the pages that list communities (/ and /communities; the legal pages use two):
              // the card, its text truncation, breadcrumbs, structured data and absolute URLs. One chunk rather than
              // five: each chunk is a request, a fetch started by the starter and a module compiled in a task of
              // its own, and five of them made /communities the page with the most tasks after its first paint
              // (Lighthouse mobile-slow TBT, issue 14). The contact page keeps away from it (its 110 KB budget).
              name: 'listing-page-parts',
              includeDependenciesRecursively: false,
              test: /(web\/src\/(features\/communities\/community-card|components\/breadcrumbs|utils\/(structured-data|absolute-url))|domain\/truncate)\.tsx?$/,
            },
            {
              // The actions a community and a listing page both offer (save with its storage notice, share, and the
              // lazy visit and inquiry dialogs): one chunk rather than three (the 110 KB budget).
              name: 'page-actions',
              includeDependenciesRecursively: false,
              test: /web\/src\/(features\/(favorites\/(favorite-button|storage-problem)|visits\/lazy-visit-dialog|inquiries\/lazy-inquiry-popup)|components\/(share-button|lazy-with-preload))\.tsx?$/,
            },
            {
              // The visitor forms' shared parts (field, spam signals, the submit flow and its fields, the inquiry
              // submit) with the lead and timing constants they use: one chunk for the contact page instead of five,
              // and fewer chunk names in the route table every page loads (the 110 KB budget). The dialogs, the
              // kiosk and the admin share it; the toast (timing) brings it along.
              name: 'visitor-form',
              includeDependenciesRecursively: false,
              test: /(web\/src\/(components\/(field|spam-guard|visitor-fields)|hooks\/use-visitor-form|data\/submit-inquiry|utils\/inquiry-messages)|domain\/constants\/(leads|timing))\.tsx?$/,
            },
            {
              // What the visitor dialogs and the kiosk share besides that (the modal, the consent box, the dialog
              // buttons, the checks): one chunk name instead of four in the route table every page loads.
              name: 'dialog-parts',
              includeDependenciesRecursively: false,
              test: /web\/src\/(components\/(modal|consent-field|dialog-form-actions)|utils\/validate-inquiry)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  ssr: {
    // Bundle everything but React and the router into the server build, so it runs without Vite.
    noExternal: [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
}));
