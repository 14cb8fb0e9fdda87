// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'storybook-static', 'data', 'test-results', 'playwright-report'] },
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
);
