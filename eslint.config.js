// ESLint flat config. Besides the recommended rules it keeps the import boundaries of DESIGN §3:
// domain/ imports only zod; dexie and ky only under web/src/data; lowdb only under api/storage;
// the browser never imports server code and the server never imports web internals; and inside web/src the
// layers app → features → shared → domain, with no feature importing another (import-x/no-restricted-paths).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** preact is installed for one benchmark's comparison (bench/web/runtime-floors.ts); the app runs on React. */
const NO_PREACT = {
  group: ['preact', 'preact/*'],
  message: 'preact is only a benchmark comparison (bench/web/runtime-floors.ts); the app runs on React (the stack).',
};

/** web/ reaches another layer through the aliases of tsconfig.json, never by climbing three folders or more. */
const NO_DEEP_RELATIVE = {
  regex: '^(\\.\\./){3}',
  message: 'Import through @/ (web/src), @domain/ or @data-seed instead of a relative path three or more levels up.',
};

// The layers of web/src (DESIGN §3, after bulletproof-react): app → features → shared (components, hooks, utils,
// data) → domain. A feature imports no other feature (features/admin is one feature, whatever its subfolders) and
// not the app; the shared folders import no feature and not the app. A page that needs several features is put
// together in app/routes (the route passes one feature's components into another's, or holds the page itself).
const FEATURES = readdirSync(`${import.meta.dirname}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = ({ alsoAllowed = [] } = {}) => [
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`, ...alsoAllowed],
    message:
      'Features do not import each other: move what they share to components/, hooks/, utils/ or data/, or compose them in app/routes.',
  })),
  { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app layer.' },
  {
    target: ['./web/src/components', './web/src/hooks', './web/src/utils', './web/src/data'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared code (components, hooks, utils, data) imports no feature and not the app layer.',
  },
];
const layers = (options) => ({
  'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones(options) }],
});

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'bench/results/', 'web/public/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  // Type-aware rules for all TypeScript in the repo: a promise is awaited, returned, or handled with .catch (or
  // voided where it cannot reject), and an async function is never passed where a void callback is expected
  // (an onClick/onSubmit handler's rejection would go unhandled). Root config files (vite.config.ts, ...) are in
  // tsconfig.json's include, so the project service knows every linted .ts/.tsx file.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // React hooks: only the two classic rules. The plugin's recommended preset (v7) also turns on the React Compiler
  // rules (purity, refs, set-state-in-effect, immutability, ...); this app does not use the compiler, so they are
  // left off on purpose.
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // No import cycles, with paths resolved as TypeScript resolves them (tsconfig.json). A chain through a lazy
  // import() is not a cycle at load time (the page chunk loads after the layout has run): the public layout
  // registers the route module table, whose pages import the layout's re-export on purpose (see public-layout.tsx:
  // it keeps React and the router in the entry chunk, the 110 KB budget).
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  { files: ['web/src/**/*.ts', 'web/src/**/*.tsx'], rules: layers() },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['web/src/data/**', 'tests/**', 'bench/**'],
    rules: restrict([
      { group: ['dexie', 'ky'], message: 'dexie and ky are used only under web/src/data (DESIGN §3).' },
    ]),
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['api/storage/**'],
    rules: restrict([
      { group: ['dexie', 'ky'], message: 'dexie and ky are used only under web/src/data (DESIGN §3).' },
      { group: ['lowdb', 'lowdb/*'], message: 'lowdb is used only under api/storage (DESIGN §3).' },
    ]),
  },
  {
    files: ['web/src/data/**/*.ts', 'web/src/data/**/*.tsx'],
    rules: restrict([
      { group: ['lowdb', 'lowdb/*'], message: 'lowdb is used only under api/storage (DESIGN §3).' },
      { group: ['**/api/*', '**/api/**'], message: 'The browser never imports server code.' },
      NO_PREACT,
      NO_DEEP_RELATIVE,
    ]),
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx', 'sw/**/*.ts'],
    ignores: ['web/src/data/**'],
    rules: restrict([
      { group: ['dexie', 'ky'], message: 'dexie and ky are used only under web/src/data (DESIGN §3).' },
      { group: ['lowdb', 'lowdb/*'], message: 'lowdb is used only under api/storage (DESIGN §3).' },
      { group: ['**/api/*', '**/api/**'], message: 'The browser never imports server code.' },
      NO_PREACT,
      NO_DEEP_RELATIVE,
    ]),
  },
  // React DOM's client is set up when the entry asks for it (web/src/app/react-dom-client.ts), in a task of its
  // own: a static import in the entry's graph would run its set-up with the entry's evaluation again (issue 14).
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-dom/client',
              allowTypeImports: true,
              message:
                "Use loadReactDomClient (web/src/app/react-dom-client.ts): a static import in the entry graph runs React DOM's set-up in the entry's evaluation task.",
            },
          ],
        },
      ],
    },
  },
  // Last, so it wins over the general blocks above for domain/.
  {
    files: ['domain/**/*.ts'],
    rules: restrict([
      { regex: '^(?!zod$|\\.{1,2}/).*', message: 'domain/ imports only zod and its own files (DESIGN §3).' },
      { group: ['../api/*', '../web/*', '../../api/*', '../../web/*', 'node:*'], message: 'domain/ has no I/O.' },
    ]),
  },
);
