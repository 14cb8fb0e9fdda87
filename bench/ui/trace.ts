/**
 * npm run bench:trace — where the milliseconds of bench:ui go, from Chromium's own performance traces.
 *
 * Builds the app unminified (function names kept) into a temporary folder, serves it with the real server
 * (bench/appServer.ts), saves the 100-roof sl and sm projects of bench:ui, and records a Chromium trace
 * (Tracing through the DevTools protocol, the performance panel's categories with its sampling profiler)
 * of: the cold load of each project to the first field painted; for sm, the click on the timeline's roof
 * step and the click that focuses the first roof's name; 20 characters typed into it; and Submit to
 * charts. Prints per phase: the main thread's tasks over 50 ms, the time by kind (script, style and
 * layout, paint, parsing) and the functions with the most self time. TRACE_OUT=<folder> keeps each trace
 * as JSON (to open in the performance panel). Not a benchmark: tracing slows the page; read the shares.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { loadBundle } from '../../engine';
import { startAppServer } from '../appServer';
import { slProject, smProject } from './data';
import { saveProject } from './saveProject';
import { mainThread, timeByKind, type TraceEvent } from './traceEvents';
import { probeScript } from './probe';

const root = join(import.meta.dirname, '../..');
const OUT = process.env.TRACE_OUT;
const PASSWORD = 'bench-trace-admin-password';
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;

const tmp = mkdtempSync(join(tmpdir(), 'rw-trace-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const dist = join(tmp, 'dist');
await promisify(execFile)(
  'npx',
  ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error', '--minify', 'false'],
  { cwd: root },
);
const { base, server } = await startAppServer(tmp, dist, PASSWORD);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

async function traced(page: Page, name: string, work: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await work();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  if (OUT) {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, `${name}.json`), JSON.stringify({ traceEvents: events }));
  }
  summarise(name, events);
}

function summarise(name: string, events: TraceEvent[]) {
  const main = mainThread(events);
  if (!main) {
    console.log(`${name}: no renderer main thread in the trace`);
    return;
  }
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
  const t0 = Math.min(...tasks.map((t) => t.ts));
  const t1 = Math.max(...tasks.map((t) => t.ts + t.dur!));
  const busy = tasks.reduce((s, t) => s + t.dur!, 0) / 1000;
  console.log(
    `\n== ${name}: ${((t1 - t0) / 1000).toFixed(0)} ms traced, main thread busy ${busy.toFixed(0)} ms`,
  );
  const byKind = timeByKind(mine);
  console.log(
    '   by kind (ms): ' +
      [...byKind]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', '),
  );
  const longs = tasks.filter((t) => t.dur! > 50_000);
  const xs = mine.filter((e) => e.ph === 'X' && e.dur !== undefined && e.name !== 'RunTask');
  for (const t of longs) {
    const inside = xs.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur! && e.dur! > 5_000);
    const what = inside
      .slice(0, 6)
      .map((e) => {
        const d = e.args?.data as { url?: string; functionName?: string; type?: string } | undefined;
        const detail = d?.type ?? d?.functionName ?? d?.url?.split('/').pop() ?? '';
        return `${e.name}${detail ? `(${detail})` : ''} ${(e.dur! / 1000).toFixed(0)}`;
      })
      .join(', ');
    console.log(
      `   long task at ${((t.ts - t0) / 1000).toFixed(0)} ms: ${(t.dur! / 1000).toFixed(0)} ms — ${what}`,
    );
  }
  // The sampling profiler's self time per function (ProfileChunk events).
  // Node ids are per profile (one per thread): keyed by the chunk's profile id, the main thread's alone.
  const nodes = new Map<string, { fn: string; url: string; line: number }>();
  const self = new Map<string, number>();
  const chunks = events.filter((x) => x.name === 'ProfileChunk' && x.pid === main.pid);
  const ours = chunks.some((x) => x.tid === main.tid) ? chunks.filter((x) => x.tid === main.tid) : chunks;
  for (const e of ours) {
    const pid = String((e as unknown as { id?: string }).id ?? '');
    const data = (
      e.args as {
        data?: { cpuProfile?: { nodes?: unknown[]; samples?: number[] }; timeDeltas?: number[] };
      }
    ).data;
    for (const n of (data?.cpuProfile?.nodes ?? []) as {
      id: number;
      callFrame?: { functionName?: string; url?: string; lineNumber?: number };
    }[])
      nodes.set(`${pid}:${n.id}`, {
        fn: n.callFrame?.functionName ?? '',
        url: n.callFrame?.url ?? '',
        line: n.callFrame?.lineNumber ?? 0,
      });
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const n = nodes.get(`${pid}:${id}`);
      if (!n || n.fn === '(idle)' || n.fn === '(program)') return;
      const key = `${n.fn || '(anonymous)'} ${n.url.split('/').pop() ?? ''}:${n.line + 1}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (top.length)
    console.log('   self time (sampled, ms): ' + top.map(([k, v]) => `${k} ${v.toFixed(1)}`).join('; '));
}

async function admin(): Promise<BrowserContext> {
  const ctx = await browser.newContext();
  const r = await ctx.request.post(`${base}/api/auth/login`, { data: { password: PASSWORD } });
  if (!r.ok()) throw new Error(`login answered ${r.status()}`);
  return ctx;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  const sl = loadBundle(json('schemas/sl/bundle.json'));
  const sm = loadBundle(json('schemas/sm/bundle.json'));
  const smValid = json('schemas/sm/fixtures/base/valid.json');
  for (const [calc, bundle, data, ready] of [
    ['sl', sl, slProject(json('schemas/sl/fixtures/base/valid.json')), '#Toiture-0_name'],
    ['sm', sm, smProject(smValid), '#Deversement-0_destination'],
  ] as const) {
    const ctx = await admin();
    const id = await saveProject(ctx, base, bundle, data);
    const page = await ctx.newPage();
    await page.addInitScript({ content: probeScript({ ready }) });
    await traced(page, `${calc}-load`, async () => {
      await page.goto(`${base}/client/${calc}/calculator?id=${id}`);
      await page.evaluate('window.__ui.waitFor("readyPainted")');
    });
    console.log(`   ready painted at ${String(await page.evaluate('__ui.readyPainted'))} ms`);
    await sleep(1500);
    if (calc === 'sm') {
      const roofs = sm.steps.findIndex((s) => s.key === 'Toiture');
      await traced(page, 'sm-timeline-click', async () => {
        await page.locator('.timeline li').nth(roofs).getByRole('button').click();
        await page.waitForSelector('#Toiture-0_name');
        await sleep(300);
      });
    }
    const field = '#Toiture-0_name';
    await traced(page, `${calc}-focus-click`, async () => {
      await page.click(field);
      await sleep(300);
    });
    await page.keyboard.press('End');
    await traced(page, `${calc}-typing`, async () => {
      for (const k of 'abcdefghijklmnopqrst') {
        await page.keyboard.press(k);
        await sleep(60);
      }
      await sleep(300);
    });
    const firsts = (await page.evaluate(
      "__ui.events.filter((e) => e.type === 'first-input').map((e) => e.name + ' ' + e.duration)",
    )) as string[];
    console.log(`   first input: ${firsts.join(', ')}`);
    await ctx.close();
  }
  // Submit to charts, sm 2 roofs, cold cache.
  const ctx = await admin();
  const id = await saveProject(ctx, base, sm, smValid);
  const page = await ctx.newPage();
  const SUBMIT = '.wizard-footer .button-primary';
  await page.addInitScript({
    content: probeScript({ ready: `${SUBMIT}:not([disabled])`, click: SUBMIT, chart: 'svg.apexcharts-svg' }),
  });
  await page.goto(`${base}/client/sm/calculator?id=${id}`);
  await page.evaluate('window.__ui.waitFor("readyPainted")');
  await page.click(SUBMIT);
  await page.waitForURL(/\/(review|results)$/);
  await page.waitForSelector(`${SUBMIT}:not([disabled])`);
  await page.evaluate('__ui.clickAt = null');
  await traced(page, 'sm-submit-to-charts', async () => {
    await page.click(SUBMIT);
    await page.evaluate('__ui.waitFor("chartPainted")');
  });
  console.log(
    `   click to chart painted ${String(await page.evaluate('__ui.chartPainted - __ui.clickAt'))} ms`,
  );
  await ctx.close();
} finally {
  await browser.close();
  await server.close();
}
console.log(`\nload average ${loadavg()[0]!.toFixed(1)}`);
