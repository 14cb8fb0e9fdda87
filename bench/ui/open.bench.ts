/**
 * npm run bench:open — opening a stored 100-roof sl project on a phone profile, today's code beside the
 * code before the stack change (issue 28), in the same run.
 *
 * The phone profile is the browser's own emulation, Lighthouse's "slow 4G" mobile figures: CPU slowed 4x
 * (Emulation.setCPUThrottlingRate), 1.6 Mbit/s down, 750 kbit/s up and 150 ms round trip
 * (Network.emulateNetworkConditions). Measured: navigation start to the first field of the opened step (the
 * first roof's name: the project opens on its last step) present, visible and enabled, then painted — the
 * moment a user can type (bench/ui/probe.ts). Cold: a new browser context, its HTTP cache empty. Warm: a
 * second tab of the same context, after the cold load (the code, the bundle and the messages cached as the
 * server's headers allow; the project is fetched again).
 *
 * The code before is built from a git worktree of BEFORE_REF (default 5401ca5, main before issue 28's
 * React Router, rjsf-rendered cards and jotai wizard landed), with this checkout's node_modules (that change
 * only added dependencies); each code runs its own server (bench/appServer.ts of its tree, a child process)
 * with the same 100-roof project saved through its API. The cases take turns, round by round, so that
 * other work on the machine falls on both alike.
 *
 * Goals: cold median at most 2.5 s (issue 28), then 2.0 s (issue 40); today's code at most 10 % beyond
 * the code before, cold and warm (medians of ROUNDS). Exits 1 when a goal is missed.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from 'playwright-core';
import { derive, loadBundle, submit, toServer } from '../../engine';
import { slProject, ROOFS } from './data';
import { probeScript } from './probe';

const started = performance.now();
const root = join(import.meta.dirname, '../..');
const BEFORE_REF = process.env.BEFORE_REF ?? '5401ca5';
const ROUNDS = Number(process.env.OPEN_ROUNDS ?? 5);
if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1))
  throw new Error(`OPEN_ROUNDS must be a whole number >= 1, not '${process.env.OPEN_ROUNDS}'`);
const PASSWORD = 'bench-open-admin-password';
const READY = '#Toiture-0_name';
/** Lighthouse's mobile "slow 4G": 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up; CPU 4x. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1e6) / 8,
  uploadThroughput: (750 * 1e3) / 8,
};
const CPU = 4;
/** Chrome on an Android phone, as it names itself. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
/** Today's wizard once its code runs the page: the step written into the address (bench/ui/probe.ts). */
const STEP_WRITTEN = '/calculator/\\d';
const run = promisify(execFile);
const loadBefore = loadavg()[0]!;

// 1. Two trees, each built into a folder named dist (vite.config.ts then writes the .br/.gz files the
// server sends in production).
const tmp = mkdtempSync(join(tmpdir(), 'rw-open-'));
const beforeTree = join(tmp, 'before');
const children: ChildProcess[] = [];
const cleanup = () => {
  for (const c of children) c.kill();
  rmSync(tmp, { recursive: true, force: true });
};
process.on('exit', () => {
  cleanup();
  // 'exit' handlers cannot wait: the worktree's record goes synchronously (its folder went with tmp)
  execFileSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
});
await run('git', ['worktree', 'add', '--detach', beforeTree, BEFORE_REF], { cwd: root });
symlinkSync(join(root, 'node_modules'), join(beforeTree, 'node_modules'));
const beforeSha = (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: beforeTree })).stdout.trim();
const nowSha =
  (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })).stdout.trim() +
  ((await run('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root })).stdout.trim()
    ? ' + changes'
    : '');
const build = (tree: string, out: string) =>
  run('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: tree });
await build(root, join(tmp, 'now', 'dist'));
await build(beforeTree, join(tmp, 'before-dist', 'dist'));

/** Starts a tree's own server (its bench/appServer.ts) in a child process; answers its base URL. */
async function serve(tree: string, dist: string, name: string): Promise<string> {
  const script = join(tmp, `serve-${name}.mts`);
  mkdirSync(join(tmp, `data-${name}`));
  writeFileSync(
    script,
    `import { startAppServer } from ${JSON.stringify(join(tree, 'bench/appServer.ts'))};\n` +
      `const { base } = await startAppServer(${JSON.stringify(join(tmp, `data-${name}`))}, ` +
      `${JSON.stringify(dist)}, ${JSON.stringify(PASSWORD)});\n` +
      `console.log('BASE ' + base);\n`,
  );
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [script], {
    cwd: tree,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /BASE (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the ${name} server stopped (${code}) before it listened`)));
  });
}
const codes = [
  {
    name: `before (${beforeSha})`,
    base: await serve(beforeTree, join(tmp, 'before-dist', 'dist'), 'before'),
  },
  { name: `today (${nowSha})`, base: await serve(root, join(tmp, 'now', 'dist'), 'now') },
];

// 2. The same 100-roof project in each server, saved as a Submit saves it.
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
const sl = loadBundle(json('schemas/sl/bundle.json'));
const state = derive(sl, slProject(json('schemas/sl/fixtures/base/valid.json')));
const { statuses, valid } = submit(state);
if (!valid) throw new Error(`the benchmark's project is not valid (statuses ${statuses.join(',')})`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
const signedIn = async (base: string): Promise<BrowserContext> => {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // a phone's own name (a page the server draws is drawn for a phone by it: app/ssr/entry-server.tsx)
    userAgent: PHONE_AGENT,
  });
  const login = await ctx.request.post(`${base}/api/auth/login`, { data: { password: PASSWORD } });
  if (!login.ok()) throw new Error(`${base}: login answered ${login.status()}`);
  return ctx;
};
const ids = new Map<string, string>();
for (const c of codes) {
  const ctx = await signedIn(c.base);
  const r = await ctx.request.post(`${c.base}/api/${sl.productType}/project`, {
    data: toServer(sl, state.data, statuses),
  });
  if (!r.ok()) throw new Error(`${c.name}: saving the project answered ${r.status()} ${await r.text()}`);
  ids.set(c.name, ((await r.json()) as { id: string }).id);
  await ctx.close();
}

/**
 * One opening on the phone profile in a new tab of `ctx`: ms from navigation start to the field painted,
 * and, with `running`, to the app's own code running the page (the code before writes no step in its
 * address).
 */
async function openOnce(
  ctx: BrowserContext,
  url: string,
  running: boolean,
): Promise<{ painted: number; running: number | null }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await page.addInitScript({
    content: probeScript({ ready: READY, ...(running ? { running: STEP_WRITTEN } : {}) }),
  });
  await page.goto(url, { timeout: 120_000 });
  await page.evaluate('window.__ui.waitFor("readyPainted")');
  if (running) await page.evaluate('window.__ui.waitFor("running")');
  const t = (await page.evaluate('({ painted: __ui.readyPainted, running: __ui.running })')) as {
    painted: number;
    running: number | null;
  };
  await cdp.detach();
  await page.close();
  if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
  return t;
}

const cold = new Map<string, number[]>(codes.map((c) => [c.name, []]));
const warm = new Map<string, number[]>(codes.map((c) => [c.name, []]));
// today's code: navigation start to the app's code running the page the server drew (cold, warm)
const coldRunning: number[] = [];
const warmRunning: number[] = [];
try {
  for (let r = 0; r < ROUNDS; r += 1) {
    // Alternate which code goes first, round by round.
    for (const c of r % 2 ? [...codes].reverse() : codes) {
      const url = `${c.base}/client/sl/calculator?id=${ids.get(c.name)}`;
      const ctx = await signedIn(c.base);
      const today = c === codes[codes.length - 1];
      const first = await openOnce(ctx, url, today);
      const again = await openOnce(ctx, url, today);
      cold.get(c.name)!.push(first.painted);
      warm.get(c.name)!.push(again.painted);
      if (first.running !== null) coldRunning.push(first.running);
      if (again.running !== null) warmRunning.push(again.running);
      await ctx.close();
    }
  }
} finally {
  await browser.close();
}

// 3. The table and the goals.
const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (x: number) => x.toFixed(0);
console.log(
  `\nbench:open — a stored ${ROOFS}-roof sl project opened on a phone profile (CPU ${CPU}x, 1.6 Mbit/s down, ` +
    `750 kbit/s up, 150 ms RTT; 390x844), navigation start to the first roof's name ready and painted ` +
    `(ms; median of ${ROUNDS}, then every run). Chromium ${browser.version()}, ${availableParallelism()} cores.`,
);
for (const c of codes)
  console.log(
    `  ${c.name.padEnd(28)} cold ${ms(median(cold.get(c.name)!)).padStart(6)}  [${cold.get(c.name)!.map(ms).join(', ')}]` +
      `   warm ${ms(median(warm.get(c.name)!)).padStart(6)}  [${warm.get(c.name)!.map(ms).join(', ')}]`,
  );
console.log(
  `  today's code running the page (the step written into its address; its fields shown before, drawn by the server): ` +
    `cold ${ms(median(coldRunning))} [${coldRunning.map(ms).join(', ')}], warm ${ms(median(warmRunning))} [${warmRunning.map(ms).join(', ')}]`,
);
let failed = false;
const goal = (ok: boolean, text: string) => {
  failed ||= !ok;
  console.log(`${text} ${ok ? 'MET' : 'MISSED'}`);
};
const [before, today] = codes.map((c) => c.name) as [string, string];
const coldNow = median(cold.get(today)!);
const coldBefore = median(cold.get(before)!);
const warmNow = median(warm.get(today)!);
const warmBefore = median(warm.get(before)!);
console.log('\nGoals');
goal(coldNow <= 2500, `cold opening, today's code: ${ms(coldNow)} ms (goal <= 2500 ms, issue 28)`);
goal(coldNow <= 2000, `cold opening, today's code: ${ms(coldNow)} ms (goal <= 2000 ms, issue 40)`);
goal(
  coldNow <= 1.1 * coldBefore,
  `cold, today's code against the code before: ${(coldNow / coldBefore).toFixed(2)}x (${ms(coldNow)} / ${ms(coldBefore)} ms; goal <= 1.10x)`,
);
goal(
  warmNow <= 1.1 * warmBefore,
  `warm, today's code against the code before: ${(warmNow / warmBefore).toFixed(2)}x (${ms(warmNow)} / ${ms(warmBefore)} ms; goal <= 1.10x)`,
);
console.log(
  `\nwhole run ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadBefore.toFixed(1)} before, ` +
    `${loadavg()[0]!.toFixed(1)} after (other work on the machine slows both codes alike: they take turns)`,
);
await run('git', ['worktree', 'remove', '--force', beforeTree], { cwd: root }).catch(() => undefined);
process.exitCode = failed ? 1 : 0;
process.exit();
