import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import architecture from './eslint.architecture.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '.data/**',
      '.nx/**',
      'test-results/**',
      'web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Type-aware rules for the TypeScript files, on two programs: tsconfig.lint.json (every Node file: libraries,
  // services, gateway, tools, scripts, tests) and web/tsconfig.lint.json (the browser's). The project service, which
  // opened each file's own tsconfig as an editor does, built 38 programs that each loaded the libraries again: the
  // lint took 165 CPU-seconds, on two programs 68 (docs/testing.md). A file outside both fails the lint, named.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.lint.json', './web/tsconfig.lint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Rooms that fit a screen: a web file a newcomer can read top to bottom, a function that fits in one view.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/bench/**', '**/scripts/**', 'tools/**'],
    rules: { 'no-console': 'off' },
  },
  // Imports between services, the domain without persistence, events only through publishEvent.
  ...architecture,
);
