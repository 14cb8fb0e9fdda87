/**
 * npm run bench:bundle — the JavaScript a page really loads, gzip: the app is built, served by the real
 * server, opened in Chromium, and every script the page requested is gzipped from dist/ and summed.
 * Goals: home (/client/sl) <= 140 KB, calculator (/client/sl/calculator) <= 180 KB (issue 28 raised them
 * from 120 and 160 for React Router and rjsf at run time), charts loaded only on
 * results and notes. The history page is measured too, as a baseline of the app shell plus one page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';

/** Page-weight budgets, KB of gzip scripts (issue 28: 140 and 180, up from 120 and 160). */
const HOME_KB = 140;
const CALCULATOR_KB = 180;
const root = join(import.meta.dirname, '..');
execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'rw-bundle-'));
const server = await buildServer(
  loadConfig({ DATA_DIR: dir, RATE_LIMIT: '0', MAILER: 'off', DIST_DIR: join(root, 'dist') }),
);
await server.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function measure(
  path: string,
  ready: string,
): Promise<{ kb: number; files: string[]; sizes: { file: string; kb: number }[] }> {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(base + path);
  await page.waitForSelector(ready);
  await page.waitForLoadState('networkidle');
  await page.close();
  const files = [...scripts].filter((p) => p.startsWith('/client/'));
  const sizes = files.map((p) => ({
    file: p.replace(/^.*\//, ''),
    kb: gzipSync(readFileSync(join(root, 'dist', p.replace('/client/', '')))).length / 1024,
  }));
  return { kb: sizes.reduce((s, x) => s + x.kb, 0), files, sizes };
}

try {
  const home = await measure('/client/sl', 'h1');
  const calc = await measure('/client/sl/calculator', 'h2');
  const shell = await measure('/client/sm/history', 'h1');
  const okHome = home.kb <= HOME_KB;
  const okCalc = calc.kb <= CALCULATOR_KB;
  const chartsOnCalculator = calc.files.some((f) => /AbattementCharts|apexcharts/i.test(f));
  console.log(
    `home /client/sl: ${home.kb.toFixed(1)} KB gzip in ${home.files.length} scripts (goal <= ${HOME_KB} KB) ${okHome ? 'OK' : 'MISSED'}`,
  );
  console.log(
    `calculator /client/sl/calculator: ${calc.kb.toFixed(1)} KB gzip (goal <= ${CALCULATOR_KB} KB) ${okCalc ? 'OK' : 'MISSED'}; charts loaded: ${chartsOnCalculator ? 'yes (MISSED)' : 'no'}`,
  );
  const largest = (m: typeof home) =>
    m.sizes
      .sort((a, b) => b.kb - a.kb)
      .slice(0, Number(process.env.BUNDLE_TOP ?? 6))
      .map((x) => `${x.file} ${x.kb.toFixed(1)}`)
      .join(', ');
  console.log(`  largest scripts, KB gzip: home ${largest(home)}; calculator ${largest(calc)}`);
  console.log(`baseline: the history page /client/sm/history ${shell.kb.toFixed(1)} KB gzip`);
  process.exitCode = okHome && okCalc && !chartsOnCalculator ? 0 : 1;
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
