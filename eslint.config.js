// Lint: typescript-eslint's recommended rules, React hooks rules for the client, no import cycles in
// src/ (import-x/no-cycle; type-only imports do not count, dynamic import() does), no source file
// over 500 lines, comments that cite only what the repository holds (scripts/lint/citations.mjs), no
// HttpError outside the HTTP edge, and layers (import-x/no-restricted-paths): the product imports no
// evaluation or test code, the builtin converter only itself and src/shared, generation no HTTP.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import citations from './scripts/lint/citations.mjs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Files whose import cycle another branch is still breaking (none now); delete each line when its
// cycle is gone, so the rule holds for every file.
const PENDING_CYCLES = [];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'drizzle/', 'test-results/', 'playwright-report/', '.data-*/', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { citations },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      'max-lines': ['error', { max: 500 }],
      'citations/product-contract': 'error',
    },
  },
  // The rule's own source and tests spell out what it forbids.
  { files: ['scripts/lint/**'], rules: { 'citations/product-contract': 'off' } },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Sources import './x.js' for './x.ts', as Node's ESM resolution and tsc's bundler mode want.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...(PENDING_CYCLES.length > 0 ? [{ files: PENDING_CYCLES, rules: { 'import-x/no-cycle': 'off' } }] : []),
  // Layers. The sources the product runs never import the evaluation or the tests; the builtin
  // converter imports only itself and src/shared (it runs in a worker and in the CLI alike).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/eval/**', '**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './src/eval', message: 'The product does not import the evaluation (src/eval).' },
            { target: './src', from: './tests', message: 'The product does not import the tests.' },
            {
              target: './src/server/latex/generate/builtin',
              from: './src',
              except: ['./server/latex/generate/builtin', './shared'],
              message: 'The builtin converter imports only itself and src/shared.',
            },
            { target: './src/server/latex/generate', from: './src/server/http', message: 'Generation does not import the HTTP layer: streaming answers belong beside the routes.' },
          ],
        },
      ],
    },
  },
  {
    // Services throw domain errors (src/server/domain-errors.ts); only the HTTP edge (src/server/http/
    // and the route files) speaks in statuses, so only it may build HttpErrors.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/http/**', 'src/server/**/*routes.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/errors', '**/http/errors.js'],
              message: 'Throw a DomainError subclass (src/server/domain-errors.ts); statuses belong to src/server/http/ and route files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Generation knows nothing of the web server it answers through.
    files: ['src/server/latex/generate/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'Generation does not import the web server: streaming answers belong beside the routes.' }],
          patterns: [
            {
              group: ['**/http/errors', '**/http/errors.js'],
              message: 'Throw a DomainError subclass (src/server/domain-errors.ts); statuses belong to src/server/http/ and route files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
