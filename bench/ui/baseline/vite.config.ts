import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The baseline page of npm run bench:ui (a plain @rjsf/core form), built on its own: the benchmark runs
 * `vite build --config bench/ui/baseline/vite.config.ts --outDir <temp dir>`. Production React, relative
 * asset paths so that any static server can serve the folder.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: { emptyOutDir: true, chunkSizeWarningLimit: 4096 },
});
