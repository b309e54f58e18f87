// ESLint flat config. Besides the recommended rules it keeps the import boundaries of DESIGN §3:
// domain/ imports only zod; dexie and ky only under web/src/data; lowdb only under api/storage;
// the browser never imports server code and the server never imports web internals.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
    ]),
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx', 'sw/**/*.ts'],
    ignores: ['web/src/data/**'],
    rules: restrict([
      { group: ['dexie', 'ky'], message: 'dexie and ky are used only under web/src/data (DESIGN §3).' },
      { group: ['lowdb', 'lowdb/*'], message: 'lowdb is used only under api/storage (DESIGN §3).' },
      { group: ['**/api/*', '**/api/**'], message: 'The browser never imports server code.' },
    ]),
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
