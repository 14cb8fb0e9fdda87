/// <reference types="vitest/config" />
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a .br and a .gz beside every text file of the build, once, so that the server sends them as
 * they are (@fastify/static preCompressed) instead of 1.4 MB of plain JavaScript.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // Only the app's own build (Storybook builds through this config too, into storybook-static).
      if (basename(outDir) !== 'dist' || !existsSync(outDir)) return;
      // (not the server's drawing code, serverEntry(): it is never sent)
      const drawing = join(outDir, SSR_DIR);
      const files = walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f) && !f.startsWith(drawing));
      for (const file of files) {
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Runs `npm run bundles:check` (schemas/ and EXTRA_BUNDLES: meta-schema, semantic checks, messages,
 * fixtures) before anything is built: a broken calculator folder fails the build, so the page itself only
 * compiles bundles (app/calculators.ts) and ships none of the checks.
 */
function checkBundles(): Plugin {
  return {
    name: 'check-bundles',
    // once per build: the server's drawing code (serverEntry) is built from the same bundles
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      const root = import.meta.dirname;
      try {
        execFileSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/bundles/cli.ts'], {
          cwd: root,
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (e) {
        this.error(`calculator folders with problems:\n${(e as { stdout?: string }).stdout ?? String(e)}`);
      }
    },
  };
}

/** Where, inside the app's build, the server's drawing code is written (server/ssr.ts reads it). */
const SSR_DIR = '.ssr';

/**
 * Builds, once the app's build is written, the code with which the server draws a stored project's wizard
 * page (app/ssr/entry-server.tsx) into the build's `.ssr` folder: the same app for Node, every package in
 * it (the build's folder may be anywhere: a benchmark's temporary one), never served (server/staticApp.ts).
 * Vite's own SSR build, started from the app's build so that every way of building (npm run build, the
 * browser tests', the benchmarks' `vite build --outDir`) makes both.
 */
function serverEntry(): Plugin {
  let outDir = '';
  let configFile: string | false = false;
  let ssr = false;
  return {
    name: 'server-entry',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile ?? false;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // Only the app's own build (not Storybook's, nor this build itself).
      if (ssr || basename(outDir) !== 'dist' || !existsSync(outDir)) return;
      const { build } = await import('vite');
      await build({
        configFile,
        logLevel: 'warn',
        ssr: { noExternal: true },
        build: {
          ssr: 'app/ssr/entry-server.tsx',
          outDir: join(outDir, SSR_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          sourcemap: false,
          // one file: the server imports it again by a new address after a new build (server/ssr.ts),
          // and chunks would import the first one's modules
          rolldownOptions: { output: { codeSplitting: false } },
        },
      });
    },
  };
}

/**
 * virtual:calculator-facts — what a page's loaders need before a calculator's bundle arrives, read from
 * each bundle.json (schemas/ and EXTRA_BUNDLES) when the app is built or served: its productType (where
 * its projects live) and its locales. A few bytes in the app's first chunk, so that the project and the
 * messages are fetched beside the bundle, not after it (npm run bench:open); the bundles stay in their
 * own chunks (app/calculators.ts).
 */
function calculatorFacts(folders: string[]): Plugin {
  const ID = 'virtual:calculator-facts';
  return {
    name: 'calculator-facts',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const facts: Record<string, { productType: string; locales: string[] }> = {};
      for (const folder of folders.filter((f) => existsSync(f)))
        for (const calc of readdirSync(folder)) {
          const file = join(folder, calc, 'bundle.json');
          if (!existsSync(file)) continue;
          this.addWatchFile(file);
          const { productType, locales } = JSON.parse(readFileSync(file, 'utf8')) as {
            productType: string;
            locales: string[];
          };
          facts[calc] = { productType, locales };
        }
      return `export default ${JSON.stringify(facts)};`;
    },
  };
}

/**
 * @rjsf/core imports markdown-to-jsx for every form, whether or not one draws markdown: its import, and
 * only its, resolves to renderers/markdownOnDemand.tsx, which loads the real library when a form first
 * draws markdown (README, "What rjsf does"). Other importers get markdown-to-jsx itself. (The dev
 * server pre-bundles @rjsf/core with the library inline; the build and Storybook's build go through here.)
 */
function markdownOnDemand(): Plugin {
  const onDemand = join(import.meta.dirname, 'renderers', 'markdownOnDemand.tsx');
  return {
    name: 'markdown-on-demand',
    enforce: 'pre',
    resolveId(id, importer) {
      if (
        id === 'markdown-to-jsx/react' &&
        importer &&
        /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]/.test(importer)
      )
        return onDemand;
      return undefined;
    },
  };
}

// One build serves every mode: the app lives under /client/, the API under /api/.
// Extra calculator folders (EXTRA_BUNDLES, e.g. the test calculator of tests/fixtures/bundles) join
// schemas/ in the build; without it the alias names a folder that does not exist, and adds nothing.
const extraBundles = resolve(process.env.EXTRA_BUNDLES ?? join(import.meta.dirname, 'schemas', '.none'));

export default defineConfig({
  base: '/client/',
  resolve: {
    alias: {
      '@extra-bundles': extraBundles,
    },
  },
  plugins: [
    react(),
    markdownOnDemand(),
    checkBundles(),
    calculatorFacts([join(import.meta.dirname, 'schemas'), extraBundles]),
    precompress(),
    serverEntry(),
  ],
  // Page weight is checked by npm run bench:bundle (gzip per page), not by Rollup's per-chunk warning.
  build: {
    outDir: 'dist',
    // Written for whoever reads a stack trace of the built app, never named in the scripts nor served
    // (server/staticApp.ts): the sources stay off the public address.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks a wizard's page needs, announced in its HTML (server/pageHints.ts)
    manifest: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      // precompress() writes a .br of every file at quality 11: seconds by design, not a slow plugin to warn of
      checks: { bundlerTimings: false },
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]ajv-formats[\\/]/, sideEffects: false }] },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  preview: { port: 8080 },
  test: {
    // Two test files at once on a 2-core machine (vitest's default there is one: cores - 1): most files
    // wait on servers, databases and workers, not on a core. `npx vitest run` 515 s with one, 354 and
    // 359 s with two, the same 138 files passing (2026-11-28, load 2-4). Each test judges states, never
    // durations (tests/reliability/support/common.ts timingGoal), which is what makes this safe.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{engine,schemas,server,calc,words,swmm}/**/*.test.ts'],
          // deadlines for a failure to report, not timing assertions: at load 40 on 2 cores a PDF note,
          // a twelve-year rain upload or a bundle's 331 fixtures took past 30 s
          testTimeout: 120_000,
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
          testTimeout: 120_000,
          // a page test's beforeAll starts three servers (tests/app/serverFetch.ts): 10 s by default,
          // overrun at load 13-17 on 2 cores; a deadline for a failure to report, not a timing assertion
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
