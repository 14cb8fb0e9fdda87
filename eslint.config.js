// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'storybook-static',
      'data',
      'test-results',
      'playwright-report',
      // precompiled validators, written by npm run bundles:build
      '**/generated/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      eqeqeq: ['error', 'always'],
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
  },
  {
    // The engine knows no UI and no server: it runs in plain Node and in the browser alike.
    files: ['engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@rjsf/*', 'jotai', 'jotai/*'],
              message: 'engine/ imports no UI library',
            },
            {
              group: [
                'node:*',
                'fs',
                'path',
                'fastify',
                'kysely',
                '**/server/**',
                '**/app/**',
                '**/renderers/**',
              ],
              message: 'engine/ imports no server, app or renderer code',
            },
          ],
        },
      ],
    },
  },
  {
    // The words floor (translator, field, results and comparison text) is framework-free like the engine:
    // the app, the PDF, the Excel file and the mail all read it.
    files: ['words/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@rjsf/*', 'jotai', 'jotai/*'],
              message: 'words/ imports no UI library',
            },
            {
              group: [
                'node:*',
                'fs',
                'path',
                'fastify',
                'kysely',
                '**/server/**',
                '**/app/**',
                '**/renderers/**',
              ],
              message: 'words/ imports no server, app or renderer code',
            },
          ],
        },
      ],
    },
  },
  {
    // The server reads the engine and the words floor, never the React layers.
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(renderers|app)(/|$)',
              message: 'server/ imports nothing of renderers/ or app/',
            },
          ],
        },
      ],
    },
  },
  {
    // Renderers draw what the engine derives; they know neither the app around them nor the server.
    files: ['renderers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|server)(/|$)',
              message: 'renderers/ imports nothing of app/ or server/',
            },
          ],
        },
      ],
    },
  },
);
