// One lint setup for every workspace: typescript-eslint's recommended rules on top of ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundaries } from './lint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-types/**',
      '.tmp/**',
      '**/coverage/**',
      '**/.data/**',
      'proto/src/gen/**',
      'charts/**',
      '**/@mf-types/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.js', 'jest.timeout.js'],
    languageOptions: { globals: globals.jest },
  },
  {
    // k6 scripts (load-tests/README.md): k6's own globals beside the browser's `open`.
    files: ['load-tests/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
  ...boundaries,
);
