/**
 * npm run bench:ui — typing into a 100-roof calculator in a real browser, against rjsf alone.
 *
 * The app is built into a temporary folder and served by the real server (admin mode, which offers sl and
 * sm, and the Canadian mode, smca); the baseline page (bench/ui/baseline) is built and served beside it, in two forms: the fair baseline
 * (index.html?paged: rjsf as its documentation recommends, paging 3 cards like the product, one controlled
 * Form per card, memoised schema and uiSchema, the precompiled validator) and the naive reference (one
 * @rjsf/core Form with liveValidate drawing the sl roof step's JSON Schema as an array of the same 100
 * roofs). Debian's Chromium opens each page and 40 characters are typed into the name of the first roof
 * with real key events (after 5 warm-up characters, discarded), one at a time: each key waits for the
 * previous one's next paint, and the pages take turns key by key, so that other work on the machine falls
 * on every case alike.
 *
 * Per keystroke: (a) the Event Timing duration of its keydown/keypress/beforeinput/input (the longest; the
 * browser rounds to 8 ms and reports nothing under 16 ms: such a keystroke counts as 8 ms, the most its
 * rounded duration can be) and the time inside its handlers (processingStart..processingEnd of the reported
 * entries, overlaps counted once: keypress holds input); (b) keydown to next paint, measured in the page
 * (bench/ui/probe.ts); (c) keydown to settled: to the paint after the last change the key made to the page,
 * what a page draws in later frames included (the card's title and messages, the step's totals). A lone <input> on an empty page is measured the
 * same way: what the browser itself costs, which no page can go under.
 *
 * Also: load to interactive (navigation start to the first field of the opened step present, visible and
 * enabled, then painted), first load and median of 3 reloads; and for a 2-roof sm project, the click on
 * Submit to the first chart SVG on screen. Goals (issue 28): keystroke next paint p95 <= 16 ms (<= 50 ms
 * with UI_CPU_THROTTLE=4), settled p95 <= 50 ms unthrottled; Submit to charts <= 1000 ms. Exits 1 when a
 * goal is missed. Each figure is printed beside the fair baseline's of the same run.
 * UI_CPU_THROTTLE=4 slows the typing pages' CPU 4x (a phone's pace; next paint is then judged against 50 ms).
 * UI_KEY_DELAY=80 types a key into each page every 80 ms (a quick typist) instead of one key per paint: keys
 * then meet the work of the ones before, and "settled" shows how far the page's redraws trail the typing.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { loadBundle, type Bundle } from '../../engine';
import { startAppServer } from '../appServer';
import { ROOFS, slProject, smProject } from './data';
import { probeScript } from './probe';
import { saveProject } from './saveProject';
import { buildBaseline, serveFolder } from './serveFolder';

const started = performance.now();
const root = join(import.meta.dirname, '../..');
const WARM_UP = 5;
const MEASURED = 40;
const RELOADS = 3;
const SUBMITS = 3;
/** Idle time after a keystroke's paint before the next key (late Event Timing entries, React's leftovers). */
const GAP_MS = 40;
const PROFILE = process.env.UI_PROFILE;
/** UI_CPU_THROTTLE=4: the typing pages' main threads slowed 4x (Chromium's CPU throttling), a phone's pace. */
const THROTTLE = Number(process.env.UI_CPU_THROTTLE ?? 1);
if (!(THROTTLE >= 1))
  throw new Error(`UI_CPU_THROTTLE must be a number >= 1, not '${process.env.UI_CPU_THROTTLE}'`);
/** UI_KEY_DELAY=80: a page's keys come every 80 ms, a typist's pace, whether or not the last one has painted. */
const PACE = Number(process.env.UI_KEY_DELAY ?? 0);
if (!(PACE >= 0))
  throw new Error(`UI_KEY_DELAY must be a number of ms >= 0, not '${process.env.UI_KEY_DELAY}'`);
const PASSWORD = 'bench-ui-admin-password';
const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// 1. Both builds, side by side, into a temporary folder (dist/ is left alone). The app's folder is named
// dist so that vite.config.ts writes its .br/.gz files, which the server sends as in production.
const tmp = mkdtempSync(join(tmpdir(), 'rw-ui-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const loadBefore = loadavg()[0]!;
const appDist = join(tmp, 'dist');
const baselineDist = join(tmp, 'baseline');
const build = promisify(execFile);
// UI_BEFORE=<git ref>: that code too, built from a git worktree and served beside today's, its cases typed
// key by key with the others (before and after in the same run).
const BEFORE = process.env.UI_BEFORE;
const beforeTree = join(tmp, 'before-tree');
const beforeDist = join(tmp, 'before', 'dist');
if (BEFORE) {
  await build('git', ['worktree', 'add', '--detach', beforeTree, BEFORE], { cwd: root });
  process.on('exit', () => execFileSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' }));
  symlinkSync(join(root, 'node_modules'), join(beforeTree, 'node_modules'));
}
const beforeSha = BEFORE
  ? (await build('git', ['rev-parse', '--short', 'HEAD'], { cwd: beforeTree })).stdout.trim()
  : '';
await Promise.all([
  ...(BEFORE
    ? [
        build('npx', ['vite', 'build', '--outDir', beforeDist, '--emptyOutDir', '--logLevel', 'error'], {
          cwd: beforeTree,
        }),
      ]
    : []),
  build(
    'npx',
    [
      'vite',
      'build',
      '--outDir',
      appDist,
      '--emptyOutDir',
      '--logLevel',
      'error',
      // A profile names our functions (the code is otherwise the same).
      ...(PROFILE ? ['--minify', 'false'] : []),
    ],
    { cwd: root },
  ),
  buildBaseline(root, baselineDist),
]);
const builtIn = performance.now() - started;

const { base, server } = await startAppServer(tmp, appDist, PASSWORD);
// the code before is served by today's server (the same API), from its own data folder
const before = BEFORE ? await startAppServer(join(tmp, 'before'), beforeDist, PASSWORD) : null;
// the Canadian calculator (smca) has a mode of its own: a server of each code in that mode
const canada = await startAppServer(join(tmp, 'canada'), appDist, PASSWORD, 'canada');
const canadaBefore = BEFORE
  ? await startAppServer(join(tmp, 'canada-before'), beforeDist, PASSWORD, 'canada')
  : null;

// The baseline's static server, and the floor page: one lone input.
const FLOOR =
  '<!doctype html><html lang="fr"><title>floor</title><label>Nom <input id="floor" value="Toiture 1"></label></html>';
const { base: staticBase, server: statics } = await serveFolder(baselineDist, { '/floor.html': FLOOR });

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

const chromiumVersion = browser.version();

interface Key {
  key: string;
  ts: number;
  t0: number;
  paint: number;
  settled: number;
}
interface Timing {
  type: string;
  name: string;
  start: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}
interface Typed {
  /** Event Timing duration per keystroke (8 when unreported: under the 16 ms threshold) */
  duration: number[];
  /** time inside the handlers: the union of processingStart..processingEnd of each keystroke's reported entries */
  processing: number[];
  /** keydown to next paint */
  paint: number[];
  /** keydown to the paint after the last change the key made to the page (later frames included) */
  settled: number[];
  unreported: number;
  firstInput: Timing | undefined;
  value: string;
}
interface Load {
  ready: number;
  painted: number;
  /** the page's own code running it (probe.ts `running`), for our wizard; null for the baselines */
  running: number | null;
  longTasks: number;
  longTaskMs: number;
  /** the longest task before the field was painted */
  longest: number;
  lcp: number | null;
}
interface Case {
  name: string;
  kind: 'ours' | 'before' | 'baseline' | 'fair' | 'floor';
  typed: Typed;
  loads: Load[];
}

const errors: string[] = [];
const watch = (page: Page, what: string) => {
  page.on('pageerror', (e) => errors.push(`${what}: ${e.message}`));
  page.on('response', (r) => {
    // The live preview answers 422 by design while the project being typed lacks answers (its message
    // names them): the Submit case types a new project from an empty form.
    if (r.status() === 422 && new URL(r.url()).pathname.endsWith('/preview')) return;
    if (r.status() >= 400)
      errors.push(`${new URL(what).pathname}: ${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(`${new URL(what).pathname}: console: ${m.text()}`);
  });
};

/** Opens `url` in a new page of `ctx` with the probe, waits until READY is painted, returns the page. */
async function open(
  ctx: BrowserContext,
  url: string,
  opts: { ready: string; click?: string; chart?: string; running?: string },
): Promise<{ page: Page; load: Load }> {
  const page = await ctx.newPage();
  watch(page, url);
  await page.addInitScript({ content: probeScript(opts) });
  await page.goto(url);
  await page.evaluate('window.__ui.waitFor("readyPainted")');
  // a page the server drew is typed into once the app runs it: keys typed before reach no app at all
  if (opts.running) await page.evaluate('window.__ui.waitFor("running")');
  await sleep(300); // long tasks and LCP entries are delivered a little later
  const ui = (await page.evaluate(
    '({ ready: __ui.ready, painted: __ui.readyPainted, running: __ui.running, longTasks: __ui.longTasks, lcp: __ui.lcp })',
  )) as {
    ready: number;
    painted: number;
    running: number | null;
    longTasks: { start: number; duration: number }[];
    lcp: number | null;
  };
  const before = ui.longTasks.filter((t) => t.start < ui.painted);
  return {
    page,
    load: {
      ready: ui.ready,
      painted: ui.painted,
      running: ui.running,
      longTasks: before.length,
      longTaskMs: before.reduce((s, t) => s + t.duration, 0),
      longest: Math.max(0, ...before.map((t) => t.duration)),
      lcp: ui.lcp,
    },
  };
}

/** The first load (cold cache) and RELOADS more, each in a new page; the last page stays open. */
async function loads(
  ctx: BrowserContext,
  url: string,
  ready: string,
  running?: string,
): Promise<{ page: Page; loads: Load[] }> {
  const all: Load[] = [];
  let page: Page | undefined;
  for (let i = 0; i <= RELOADS; i += 1) {
    await page?.close();
    const r = await open(ctx, url, { ready, ...(running ? { running } : {}) });
    page = r.page;
    all.push(r.load);
  }
  return { page: page!, loads: all };
}

/** Milliseconds covered by the union of [start, end] intervals (keypress's processing holds input's). */
function covered(spans: [number, number][]): number {
  let total = 0;
  let reach = -Infinity;
  for (const [a, b] of spans.slice().sort((x, y) => x[0] - y[0])) {
    if (b > reach) total += b - Math.max(a, reach);
    reach = Math.max(reach, b);
  }
  return total;
}

/** Our wizard's address once the app runs it: the step written in (app/pages/calculator/useStepRoute.ts). */
const STEP_WRITTEN = '/calculator/\\d';

const TYPED = 'abcdefghijklmnopqrstuvwxyz'.repeat(2).slice(0, WARM_UP + MEASURED);
const KEY_EVENTS = new Set(['keydown', 'keypress', 'beforeinput', 'input']);

/** A page ready to be typed into: its field focused, the caret at the end. */
interface Typing {
  name: string;
  kind: Case['kind'];
  page: Page;
  selector: string;
  loads: Load[];
  /** index in __ui.keys of its first typed key */
  first: number;
  cdp: CDPSession | null;
}

/**
 * Types WARM_UP + MEASURED characters at the end of each page's field, one key per paint, the pages taking
 * turns key by key: whatever else the machine does then falls on every case alike. Keeps the measured keys.
 * With UI_PROFILE=<folder>, a CPU profile of each page's measured keys is written there as <name>.cpuprofile
 * (the profiler slows the pages: figures of such a run are not the benchmark's).
 */
async function typeAll(typings: Typing[]): Promise<Case[]> {
  for (let k = 0; k < TYPED.length; k += 1)
    for (const t of typings) {
      if (t.cdp && k === WARM_UP) {
        await t.cdp.send('Profiler.enable');
        await t.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await t.cdp.send('Profiler.start');
      }
      await t.page.keyboard.press(TYPED[k]!);
      if (PACE) {
        await sleep(PACE / typings.length);
        continue;
      }
      await t.page.evaluate(`__ui.wait(${t.first + k})`);
      await sleep(GAP_MS);
    }
  for (const t of typings) await t.page.evaluate(`__ui.wait(${t.first + TYPED.length - 1})`);
  await sleep(500);
  const out: Case[] = [];
  for (const t of typings) {
    if (t.cdp) {
      const { profile } = await t.cdp.send('Profiler.stop');
      mkdirSync(PROFILE!, { recursive: true });
      writeFileSync(
        join(PROFILE!, `${t.name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`),
        JSON.stringify(profile),
      );
      await t.cdp.detach();
    }
    out.push({ name: t.name, kind: t.kind, typed: await collect(t), loads: t.loads });
  }
  return out;
}

/** Focuses the field of the page `loads` left open and puts the caret at its end. */
async function prepare(
  name: string,
  kind: Case['kind'],
  run: { page: Page; loads: Load[] },
  selector: string,
): Promise<Typing> {
  await run.page.click(selector);
  await run.page.keyboard.press('End');
  if (THROTTLE > 1) {
    const cdp = await run.page.context().newCDPSession(run.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  }
  await sleep(200);
  return {
    name,
    kind,
    selector,
    page: run.page,
    loads: run.loads,
    first: (await run.page.evaluate('__ui.keys.length')) as number,
    cdp: PROFILE ? await run.page.context().newCDPSession(run.page) : null,
  };
}

/** One case's measured keystrokes: their Event Timing entries and next paints. */
async function collect(t: Typing): Promise<Typed> {
  const ui = (await t.page.evaluate('({ keys: __ui.keys, events: __ui.events })')) as {
    keys: Key[];
    events: Timing[];
  };
  const keys = ui.keys.slice(t.first);
  const typed: Typed = {
    duration: [],
    processing: [],
    paint: [],
    settled: [],
    unreported: 0,
    firstInput: ui.events.find((e) => e.type === 'first-input'),
    value: await t.page.inputValue(t.selector),
  };
  keys.forEach((k, i) => {
    if (i < WARM_UP) return;
    const end = keys[i + 1]?.ts ?? Infinity;
    const mine = ui.events.filter(
      (e) => e.type === 'event' && KEY_EVENTS.has(e.name) && e.start >= k.ts - 0.5 && e.start < end - 0.5,
    );
    if (mine.length === 0) typed.unreported += 1;
    typed.duration.push(mine.length ? Math.max(...mine.map((e) => e.duration)) : 8);
    typed.processing.push(covered(mine.map((e) => [e.processingStart, e.processingEnd])));
    typed.paint.push(k.paint);
    typed.settled.push(k.settled);
  });
  if (keys.length !== TYPED.length || !typed.value.endsWith(TYPED))
    throw new Error(`${t.name}: ${keys.length} keys seen, value '${typed.value}'`);
  return typed;
}

const quantile = (xs: number[], q: number): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');

const cases: Case[] = [];
/** Our code, and with UI_BEFORE the code before: its cases are named "(before <sha>)". */
const codes = [
  { label: '', kind: 'ours' as const, base, canada: canada.base },
  ...(before && canadaBefore
    ? [
        {
          label: ` (before ${beforeSha})`,
          kind: 'before' as const,
          base: before.base,
          canada: canadaBefore.base,
        },
      ]
    : []),
];
const submits = new Map<string, number[]>(codes.map((c) => [c.label, []]));
try {
  // Our app, as an admin (admin mode offers sl and sm; every page asks for the session). Each case has a
  // browser context of its own, so that its first load starts from an empty cache.
  const admin = async (at: string) => {
    const c = await browser.newContext();
    const login = await c.request.post(`${at}/api/auth/login`, { data: { password: PASSWORD } });
    if (!login.ok()) throw new Error(`login answered ${login.status()}`);
    return c;
  };
  const sl = loadBundle(json('schemas/sl/bundle.json'));
  const sm = loadBundle(json('schemas/sm/bundle.json'));
  const smca = loadBundle(json('schemas/smca/bundle.json'));

  // Submit to charts on screen, 2-roof sm project: a new project each time, opened on its last step; the
  // codes take turns.
  const smValid = json('schemas/sm/fixtures/base/valid.json');
  const SUBMIT = '.wizard-footer .button-primary';
  const submitting = new Map<string, BrowserContext>();
  for (const c of codes) submitting.set(c.label, await admin(c.base));
  for (let i = 0; i < SUBMITS; i += 1)
    for (const c of codes) {
      const ctx = submitting.get(c.label)!;
      const id = await saveProject(ctx, c.base, sm, smValid);
      const { page } = await open(ctx, `${c.base}/client/sm/calculator?id=${id}`, {
        ready: `${SUBMIT}:not([disabled])`,
        // the server drew the page: its button works once the app runs it
        running: STEP_WRITTEN,
        click: SUBMIT,
        chart: 'svg.apexcharts-svg',
      });
      await page.click(SUBMIT);
      // sm asks the user to check the answers first (the review page): its Calculate button, the same
      // footer button, is the click that starts the calculation, and the one timed.
      await page.waitForURL(/\/(review|results)$/);
      if (page.url().endsWith('/review')) {
        await page.waitForSelector(`${SUBMIT}:not([disabled])`);
        await page.evaluate('__ui.clickAt = null');
        await page.click(SUBMIT);
      }
      await page.evaluate('__ui.waitFor("chartPainted")');
      const ui = (await page.evaluate('({ at: __ui.clickAt, painted: __ui.chartPainted })')) as {
        at: number;
        painted: number;
      };
      submits.get(c.label)!.push(ui.painted - ui.at);
      await page.close();
    }
  for (const ctx of submitting.values()) await ctx.close();

  // The loads; each case's last page stays open for the typing.
  const typings: Typing[] = [];
  for (const c of codes) {
    /** A project saved at `at` and opened in `ctx`, loaded until `field` is ready. */
    const opened = async (
      ctx: BrowserContext,
      at: string,
      bundle: Bundle,
      data: Record<string, unknown>,
      field: string,
    ) => {
      const id = await saveProject(ctx, at, bundle, data);
      return loads(ctx, `${at}/client/${bundle.id}/calculator?id=${id}`, field, STEP_WRITTEN);
    };
    // sl: the project opens on its last step, the roofs.
    const slValid = json('schemas/sl/fixtures/base/valid.json');
    const slRun = await opened(await admin(c.base), c.base, sl, slProject(slValid), '#Toiture-0_name');
    // sm: the project opens on its last step, the spills; the timeline leads to the roofs.
    const spills = '#Deversement-0_destination';
    const smRun = await opened(await admin(c.base), c.base, sm, smProject(smValid), spills);
    // smca (the Canadian calculator, its own mode, no sign-in): the same, on its last step, the spills
    const smcaValid = json('schemas/smca/fixtures/base/valid.json');
    const smcaRun = await opened(await browser.newContext(), c.canada, smca, smProject(smcaValid), spills);
    for (const [run, bundle] of [
      [smRun, sm],
      [smcaRun, smca],
    ] as const) {
      const roofsStep = bundle.steps.findIndex((s) => s.key === 'Toiture');
      await run.page.locator('.timeline li').nth(roofsStep).getByRole('button').click();
      await run.page.waitForSelector('#Toiture-0_name');
    }
    await sleep(1000);
    typings.push(
      await prepare(`sl, ${ROOFS} roofs${c.label}`, c.kind, slRun, '#Toiture-0_name'),
      await prepare(`sm, ${ROOFS} roofs + spills${c.label}`, c.kind, smRun, '#Toiture-0_name'),
      await prepare(`smca, ${ROOFS} roofs + spills${c.label}`, c.kind, smcaRun, '#Toiture-0_name'),
    );
  }
  // The baseline and the floor.
  const baseRun = await loads(await browser.newContext(), `${staticBase}/index.html`, '#root_0_name');
  const fairRun = await loads(await browser.newContext(), `${staticBase}/index.html?paged`, '#card_0_name');
  const floorRun = await loads(await browser.newContext(), `${staticBase}/floor.html`, '#floor');

  cases.push(
    ...(await typeAll([
      ...typings,
      await prepare('fair: rjsf 3 Forms, paged', 'fair', fairRun, '#card_0_name'),
      await prepare('naive: rjsf 1 Form of 100', 'baseline', baseRun, '#root_0_name'),
      await prepare('floor: a lone <input>', 'floor', floorRun, '#floor'),
    ])),
  );
} finally {
  await browser.close();
  await server.close();
  await before?.server.close();
  await canada.server.close();
  await canadaBefore?.server.close();
  statics.close();
}

// 2. The tables and the goals.
const baseline = cases.find((c) => c.kind === 'baseline')!;
const fair = cases.find((c) => c.kind === 'fair')!;
const ours = cases.filter((c) => c.kind === 'ours');
const p95 = (xs: number[]) => quantile(xs, 0.95);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
const trio = (xs: number[]) => `${ms(median(xs))} / ${ms(p95(xs))} / ${ms(Math.max(...xs))}`;
const times = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

console.log(
  `\nbench:ui — Chromium ${chromiumVersion}, ${availableParallelism()} cores, viewport 1280x720. ` +
    `Keystrokes: ${MEASURED} characters typed at the end of the first roof's name, ${PACE ? 'at a pace' : 'one key per paint'}, ` +
    `after ${WARM_UP} warm-up keys (ms, p50 / p95 / max)` +
    (THROTTLE > 1 ? `; the pages' CPU slowed ${THROTTLE}x while typing (UI_CPU_THROTTLE)` : '') +
    (PACE ? `; a key every ${PACE} ms, painted or not (UI_KEY_DELAY)` : ''),
);
const W = [28, 20, 20, 21, 21, 10, 16, 16];
console.log(
  row(
    [
      'case',
      'event duration',
      'handlers',
      'keydown->next paint',
      'keydown->settled',
      'unreported',
      'fair/ours p95',
      'naive/ours p95',
    ],
    W,
  ),
);
for (const c of cases)
  console.log(
    row(
      [
        c.name,
        trio(c.typed.duration),
        trio(c.typed.processing),
        trio(c.typed.paint),
        trio(c.typed.settled),
        `${c.typed.unreported}/${MEASURED}`,
        c.kind === 'fair' || c.kind === 'baseline'
          ? ''
          : `${times(p95(fair.typed.paint), p95(c.typed.paint))} / ${times(p95(fair.typed.settled), p95(c.typed.settled))}`,
        c.kind === 'baseline'
          ? ''
          : `${times(p95(baseline.typed.duration), p95(c.typed.duration))} / ${times(p95(baseline.typed.paint), p95(c.typed.paint))}`,
      ],
      W,
    ),
  );
console.log(
  "  event duration: Event Timing, the longest of the keystroke's keydown/keypress/beforeinput/input, rounded to 8 ms by\n" +
    '  the browser; an "unreported" keystroke stayed under its 16 ms threshold and counts as 8. handlers: time inside\n' +
    '  event handlers (processingStart..processingEnd, overlaps once; 0 when unreported). fair/ours p95: next paint /\n' +
    '  settled, against rjsf paging 3 cards as its documentation recommends (one controlled Form per card, memoised\n' +
    '  schema and uiSchema, precompiled validator); naive/ours p95: event duration / next paint, against one Form of\n' +
    '  all 100 roofs.',
);

console.log(
  '\nLoad to interactive: navigation start to the first field of the opened step present, visible and enabled, then painted (ms)',
);
const LW = [28, 11, 15, 20, 26, 12];
console.log(
  row(
    ['case', 'first load', 'reloads median', 'running (median)', 'long tasks before (first)', 'LCP (first)'],
    LW,
  ),
);
for (const c of cases) {
  const [first, ...rest] = c.loads;
  const running = c.loads.map((l) => l.running).filter((x) => x !== null);
  console.log(
    row(
      [
        c.name,
        ms(first!.painted),
        ms(median(rest.map((l) => l.painted))),
        running.length ? ms(median(running)) : 'n/a',
        `${first!.longTasks}, ${ms(first!.longTaskMs)} ms`,
        first!.lcp === null ? 'n/a' : ms(first!.lcp),
      ],
      LW,
    ),
  );
}
console.log(
  `  fields: sl #Toiture-0_name (its last step, the roofs, opens), sm and smca #Deversement-0_destination (their last\n` +
    `  step, the spills, opens), baseline #root_0_name. First load with an empty cache, then ${RELOADS} loads in new tabs.\n` +
    `  running: navigation start to the app's own code running the page (the step written into its address): the\n` +
    `  page the server drew (app/ssr) shows its fields before; the keys below are typed once it runs.`,
);
console.log(
  `\nSubmit to charts, sm with 2 roofs: click on Calculate (the review page's button, after the wizard's Submit) to the first chart SVG painted on the results page ` +
    `(a new project each time, opened on its last step, where the wizard fetches the results page's and the charts' code once the browser is idle; the first run starts with an empty cache): ` +
    codes
      .map((c) => `${c.label ? c.label.trim() : 'today'} ${submits.get(c.label)!.map(ms).join(', ')} ms`)
      .join('; '),
);

let failed = false;
const goal = (ok: boolean, text: string) => {
  failed ||= !ok;
  console.log(`${text} ${ok ? 'MET' : 'MISSED'}`);
};
console.log('\nGoals');
// What a page itself costs a keystroke: its next paint above a lone input's in the same run (the floor: the
// browser's own work for any key, the probe's included), which no page can go under.
const floor = cases.find((c) => c.kind === 'floor')!;
const lone = p95(floor.typed.paint);
const whole = p95(baseline.typed.paint);
const above = (c: Case) => p95(c.typed.paint) - lone;
// Issue 28: next paint p95 <= 16 ms with 100 roofs, <= 50 ms with the CPU slowed 4x (a phone); the key's
// whole effect (settled) p95 <= 50 ms unthrottled. The fair baseline (rjsf paging like the product) is
// printed beside each figure; the ratio to the naive 100-item Form is shown, no longer judged (it measured
// paging, not rjsf).
for (const c of ours) {
  const paint = p95(c.typed.paint);
  const settled = p95(c.typed.settled);
  const limit = THROTTLE >= 4 ? 50 : 16;
  goal(
    paint <= limit,
    `${c.name}: keydown->next paint p95 ${ms(paint)} ms, fair baseline ${ms(p95(fair.typed.paint))} ms ` +
      `(goal <= ${limit} ms${THROTTLE > 1 ? `, CPU ${THROTTLE}x slower` : ''})`,
  );
  if (THROTTLE === 1)
    goal(
      settled <= 50,
      `${c.name}: keydown->settled p95 ${ms(settled)} ms, fair baseline ${ms(p95(fair.typed.settled))} ms (goal <= 50 ms)`,
    );
  console.log(
    `  ${c.name}: next paint p95 ${ms(above(c))} ms above a lone input's; the fair baseline's ${ms(above(fair))} ms, ` +
      `the naive one's ${ms(above(baseline))} ms (whole next paint ${times(whole, paint)} the naive one's, ` +
      `a lone input's ${times(whole, lone)})`,
  );
}
const worst = Math.max(...submits.get('')!);
goal(
  worst <= 1000,
  `sm, 2 roofs: Submit to charts on screen, worst of ${SUBMITS} ${ms(worst)} ms (goal <= 1000 ms)`,
);
// Issue 40: ahead of the fair baseline, not level with it.
const fairLoad = median(fair.loads.map((l) => l.painted));
/** the fair baseline's longest task before its first field, over its loads: the same goal read on it */
const fairLongest = Math.max(0, ...fair.loads.map((l) => l.longest));
for (const c of ours) {
  if (THROTTLE === 1) {
    goal(
      p95(c.typed.settled) <= p95(fair.typed.settled),
      `${c.name}: keydown->settled p95 ${ms(p95(c.typed.settled))} ms <= the fair baseline's ${ms(p95(fair.typed.settled))} ms`,
    );
    goal(
      p95(c.typed.paint) <= p95(fair.typed.paint),
      `${c.name}: keydown->next paint p95 ${ms(p95(c.typed.paint))} ms <= the fair baseline's ${ms(p95(fair.typed.paint))} ms`,
    );
  }
  const load = median(c.loads.map((l) => l.painted));
  goal(
    load <= 1.2 * fairLoad,
    `${c.name}: load to the first field ready, median of ${c.loads.length}, ${ms(load)} ms <= 1.2x the fair baseline's ${ms(fairLoad)} ms (${times(load, fairLoad)})`,
  );
  const longest = Math.max(0, ...c.loads.map((l) => l.longest));
  goal(
    longest <= 100,
    `${c.name}: no long task over 100 ms before the first field (longest ${ms(longest)} ms; the fair baseline's ${ms(fairLongest)} ms)`,
  );
  const first = c.typed.firstInput;
  if (first)
    goal(first.duration < 50, `${c.name}: first input (${first.name}) ${ms(first.duration)} ms < 50 ms`);
}
const firsts = cases.filter((c) => c.typed.firstInput);
if (firsts.length)
  console.log(
    `(first input, the click that focused the field: ${firsts
      .map((c) => `${c.name} ${c.typed.firstInput!.name} ${ms(c.typed.firstInput!.duration)} ms`)
      .join('; ')})`,
  );
if (errors.length) console.log(`\npage errors:\n  ${[...new Set(errors)].join('\n  ')}`);
console.log(
  `\nbuilds ${(builtIn / 1000).toFixed(1)} s, whole run ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after (other work on the machine ` +
    'shows in every row, the floor included)',
);
process.exitCode = failed ? 1 : 0;
