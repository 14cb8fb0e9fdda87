/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One build serves every mode: the app lives under /client/, the API under /api/.
export default defineConfig({
  base: '/client/',
  plugins: [react()],
  // Page weight is checked by npm run bench:bundle (gzip per page), not by Rollup's per-chunk warning.
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  preview: { port: 8080 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{engine,schemas,server,calc}/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // npm run test:reliability: the server under attack, races, failures (issue 14), both databases
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/{renderers,app,stories}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
