import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { contractZones, serverZones, webZones, zoneOptions } from './eslint.layers.js';
import { webOnceEachRules } from './eslint.web-once.js';

/** zod is configured once, before any schema exists (it must never evaluate code): load it from there. */
const ZOD_FROM_CONTRACT = {
  selector: 'ImportDeclaration[source.value=/^zod(\\/|$)/]',
  message: "Import z from '@mc/contract/zod.ts' (or './zod.ts' in the contract), where zod is configured.",
};
/** How import-x finds the file an import names: TypeScript's extensions, folders' index files. */
const RESOLVER = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ZOD_FROM_CONTRACT],
    },
  },
  {
    files: ['packages/contract/src/zod.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Journeys take `test` from the shared fixture, which fails any of them on a CSP violation.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ZOD_FROM_CONTRACT,
        {
          selector: "ImportDeclaration[source.value='@playwright/test']",
          message: "Import test and expect from './support/test.ts', which fails a journey on any Content-Security-Policy violation.",
        },
      ],
    },
  },
  {
    // In tests a missing value fails the assertion that follows anyway; `!` keeps them readable.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The product's rooms stay small enough to read (docs/ARCHITECTURE.md): no source file over 400
    // lines and no function over 100, outside tests and benchmarks, every line counted. A file or a
    // function over a limit is split by meaning (sub-components, hooks, modules), not cut at a count.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/test/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 100 }],
    },
  },
  {
    // The layers, by the file each import resolves to (eslint.layers.js). The server's tests
    // are left out: they wire real pieces together the way the root does.
    files: ['apps/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    rules: { 'import-x/no-restricted-paths': ['error', zoneOptions(serverZones)] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    rules: { 'import-x/no-restricted-paths': ['error', zoneOptions(webZones)] },
  },
  {
    files: ['packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    rules: { 'import-x/no-restricted-paths': ['error', zoneOptions(contractZones)] },
  },
  // Query keys from the one factory, procedures from the feature's API module (eslint.web-once.js).
  ...webOnceEachRules([ZOD_FROM_CONTRACT]),
  {
    // No module may, through any chain of imports, import itself: layers then stay one-way.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    // A lazy import() runs after every module has loaded, so a cycle that passes through one (a
    // screen loaded on demand that imports the layout which names it) has no load-order hazard.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    // Every package a file imports is declared in the package.json nearest to it: apps/server,
    // apps/web, packages/contract, or the root for the tooling, benchmarks, journeys and scripts
    // (npm workspaces, docs/decisions/041-workspaces-declare-their-dependencies.md). What the server
    // and the web app ship uses `dependencies`; only tests, fixtures and root tooling may use
    // `devDependencies`.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.{ts,js}'],
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          devDependencies: ['**/*.test.{ts,tsx}', '**/test/**', '**/fixtures.ts', '**/*-fixtures.ts', 'bench/**', 'e2e/**', 'scripts/**', '*.{ts,js}'],
          includeInternal: true,
        },
      ],
    },
  },
);
