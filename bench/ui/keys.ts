/**
 * npm run bench:keys — what one key typed into a roof's name costs the page, counted, beside the fair
 * baseline of bench:ui (rjsf paging 3 cards as its documentation recommends, bench/ui/baseline) in the same
 * run. Counts do not depend on the machine's speed or load, which timings do (docs/QUALITY.md, issue 40):
 *
 * - React's commits and the components each renders (read through React's devtools hook, the interface
 *   React DOM offers profilers: `__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot`; a component counts when
 *   it rendered in that commit, as React DevTools' profiler tells it: its work flag set, its subtree not
 *   reused as it was);
 * - the DOM changes (a MutationObserver), the layouts the browser ran, the objects each laid out and where it
 *   started (a Chromium trace's Layout events: the page, or an element laid out alone, such as a contained
 *   input);
 * - and, as shares rather than figures to compare across runs, the main thread's time per key by kind.
 *
 * Both apps are built unminified (their components named) into a temporary folder; the app is served by the
 * real server (bench/appServer.ts; smca in the Canadian mode), its 100-roof sl, sm and smca projects saved
 * through the API (bench/ui/data.ts).
 * KEYS_TYPED (default 20) characters are typed at the end of the first roof's name, one every 150 ms, after
 * 5 discarded. Not a benchmark with a goal: an instrument that says where a key's work goes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { loadBundle } from '../../engine';
import { startAppServer } from '../appServer';
import { slProject, smProject } from './data';
import { saveProject } from './saveProject';
import { buildBaseline, serveFolder } from './serveFolder';
import { mainThread, timeByKind, type TraceEvent } from './traceEvents';

const root = join(import.meta.dirname, '../..');
const KEYS = Number(process.env.KEYS_TYPED ?? 20);
if (!(Number.isInteger(KEYS) && KEYS >= 1))
  throw new Error(`KEYS_TYPED must be a whole number >= 1, not '${process.env.KEYS_TYPED}'`);
const PASSWORD = 'bench-keys-admin-password';
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;

const tmp = mkdtempSync(join(tmpdir(), 'rw-keys-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const appDist = join(tmp, 'dist');
const baselineDist = join(tmp, 'baseline');
const build = promisify(execFile);
const unminified = ['--emptyOutDir', '--logLevel', 'error', '--minify', 'false'];
await Promise.all([
  build('npx', ['vite', 'build', '--outDir', appDist, ...unminified], { cwd: root }),
  buildBaseline(root, baselineDist, { minify: false }),
]);
const { base, server } = await startAppServer(tmp, appDist, PASSWORD);
// the Canadian calculator (smca) in its own mode, no sign-in
const { base: canadaBase, server: canada } = await startAppServer(
  join(tmp, 'canada'),
  appDist,
  PASSWORD,
  'canada',
);
const { base: staticBase, server: statics } = await serveFolder(baselineDist);

/**
 * Installed before the page's scripts: counts commits, rendered components by name and DOM changes. React
 * DOM calls the hook's onCommitFiberRoot after each commit when the hook says it supports fibers.
 */
const COUNTER = `(() => {
  const counts = {}; let commits = 0; let mutations = 0;
  window.__keys = { counts, get commits() { return commits; }, get mutations() { return mutations; },
    reset() { for (const k in counts) delete counts[k]; commits = 0; mutations = 0; } };
  new MutationObserver((list) => { mutations += list.length; })
    .observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  const nameOf = (f) => {
    let t = f.type;
    if (!t || typeof t === 'string') return null;
    if (t.$$typeof && t.type) t = t.type; // memo
    if (t.render) t = t.render; // forwardRef
    return t.displayName || t.name || '(anonymous)';
  };
  const PERFORMED_WORK = 1;
  const walk = (f) => {
    for (; f; f = f.sibling) {
      if ((f.flags & PERFORMED_WORK) !== 0) {
        const n = nameOf(f);
        if (n) counts[n] = (counts[n] || 0) + 1;
      }
      // a subtree React reused as it was (its child the same fiber as before) did not render
      if (f.child && !(f.alternate && f.alternate.child === f.child)) walk(f.child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE() {},
    onScheduleFiberRoot() {}, onPostCommitFiberRoot() {}, onCommitFiberUnmount() {},
    onCommitFiberRoot(_id, fiberRoot) { commits += 1; walk(fiberRoot.current.child); },
  };
})();`;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
].join(',');

interface Row {
  name: string;
  commits: number;
  renders: number;
  mutations: number;
  layouts: number;
  dirty: number;
  /** objects laid out per key, all layouts together */
  objects: number;
  /** where the layouts started, per key: the page ('#document') or an element */
  roots: [string, number][];
  kinds: Map<string, number>;
  top: [string, number][];
}

/** Types KEYS characters into `field`, traced, and reads the counts: everything per key. */
async function keys(page: Page, field: string, name: string): Promise<Row> {
  await page.click(field);
  await page.keyboard.press('End');
  for (const k of 'vwxyz') {
    await page.keyboard.press(k);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500);
  await page.evaluate('__keys.reset()');
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  for (let i = 0; i < KEYS; i += 1) {
    await page.keyboard.press('abcdefghij'[i % 10]!);
    await page.waitForTimeout(150);
  }
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const c = (await page.evaluate(
    '({ counts: { ...__keys.counts }, commits: __keys.commits, mutations: __keys.mutations })',
  )) as { counts: Record<string, number>; commits: number; mutations: number };
  const main = mainThread(events);
  const mine = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid);
  const layouts = mine.filter((e) => e.name === 'Layout' && e.ph === 'X');
  const kinds = new Map([...timeByKind(mine)].map(([kind, ms]) => [kind, ms / KEYS]));
  const dirty = (e: TraceEvent, what: 'dirtyObjects' | 'totalObjects') =>
    (e.args?.beginData as Record<string, number> | undefined)?.[what] ?? 0;
  const renders = Object.values(c.counts).reduce((a, b) => a + b, 0);
  return {
    name,
    commits: c.commits / KEYS,
    renders: renders / KEYS,
    mutations: c.mutations / KEYS,
    layouts: layouts.length / KEYS,
    dirty: layouts.reduce((s, e) => s + dirty(e, 'dirtyObjects'), 0) / KEYS,
    objects: layouts.reduce((s, e) => s + dirty(e, 'totalObjects'), 0) / KEYS,
    roots: [
      ...layouts.reduce((m, e) => {
        const root = (e.args?.endData as { layoutRoots?: { nodeName?: string }[] } | undefined)
          ?.layoutRoots?.[0];
        const name =
          root?.nodeName === '#document' ? 'page' : (root?.nodeName ?? '?').split(' ')[0]!.toLowerCase();
        return m.set(name, (m.get(name) ?? 0) + 1 / KEYS);
      }, new Map<string, number>()),
    ],
    kinds,
    top: Object.entries(c.counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => [k, v / KEYS]),
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
const rows: Row[] = [];
try {
  const ctx = await browser.newContext();
  await ctx.addInitScript({ content: COUNTER });
  const login = await ctx.request.post(`${base}/api/auth/login`, { data: { password: PASSWORD } });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  const sl = loadBundle(json('schemas/sl/bundle.json'));
  const sm = loadBundle(json('schemas/sm/bundle.json'));
  const slId = await saveProject(ctx, base, sl, slProject(json('schemas/sl/fixtures/base/valid.json')));
  const smId = await saveProject(ctx, base, sm, smProject(json('schemas/sm/fixtures/base/valid.json')));

  const fair = await ctx.newPage();
  await fair.goto(`${staticBase}/index.html?paged`);
  await fair.waitForSelector('#card_0_name');
  rows.push(await keys(fair, '#card_0_name', 'fair baseline'));
  await fair.close();
  // Our pages, once the app runs them (the step written into the address: app/pages/calculator/useStepRoute.ts)
  const field = '#Toiture-0_name';
  const slPage = await ctx.newPage();
  await slPage.goto(`${base}/client/sl/calculator?id=${slId}`);
  await slPage.waitForURL(/\/calculator\/\d/);
  await slPage.waitForSelector(field);
  rows.push(await keys(slPage, field, 'sl, 100 roofs'));
  await slPage.close();
  // sm and smca open on their last step, the spills; the timeline leads to the roofs
  const roofsOf = async (url: string, bundle: typeof sm, on = ctx) => {
    const page = await on.newPage();
    await page.goto(url);
    await page.waitForURL(/\/calculator\/\d/);
    await page
      .locator('.timeline li')
      .nth(bundle.steps.findIndex((s) => s.key === 'Toiture'))
      .getByRole('button')
      .click();
    await page.waitForSelector(field);
    return page;
  };
  const smPage = await roofsOf(`${base}/client/sm/calculator?id=${smId}`, sm);
  rows.push(await keys(smPage, field, 'sm, 100 roofs + spills'));
  await smPage.close();
  const canadaCtx = await browser.newContext();
  await canadaCtx.addInitScript({ content: COUNTER });
  const smca = loadBundle(json('schemas/smca/bundle.json'));
  const smcaId = await saveProject(
    canadaCtx,
    canadaBase,
    smca,
    smProject(json('schemas/smca/fixtures/base/valid.json')),
  );
  const smcaPage = await roofsOf(`${canadaBase}/client/smca/calculator?id=${smcaId}`, smca, canadaCtx);
  rows.push(await keys(smcaPage, field, 'smca, 100 roofs + spills'));
  await smcaPage.close();
} finally {
  await browser.close();
  await server.close();
  await canada.close();
  statics.close();
}

const f = (n: number) => n.toFixed(1);
console.log(
  `One key typed into the first roof's name, per key (${KEYS} keys; counts do not depend on the machine):\n`,
);
console.log(
  [
    'case'.padEnd(24),
    'commits',
    'components rendered',
    'DOM changes',
    'layouts',
    'dirty objects',
    'objects laid out',
    'layouts from',
  ].join('  '),
);
for (const r of rows)
  console.log(
    [
      r.name.padEnd(24),
      f(r.commits).padStart(7),
      f(r.renders).padStart(19),
      f(r.mutations).padStart(11),
      f(r.layouts).padStart(7),
      f(r.dirty).padStart(13),
      r.objects.toFixed(0).padStart(16),
      r.roots.map(([k, v]) => `${k} ${f(v)}`).join(', '),
    ].join('  '),
  );
console.log('\nComponents rendered per key:');
for (const r of rows) console.log(`  ${r.name}: ${r.top.map(([k, v]) => `${k} ${f(v)}`).join(', ')}`);
console.log(
  '\nMain thread per key, ms by kind (unminified, traced: shares, not figures to compare across runs):',
);
for (const r of rows)
  console.log(
    `  ${r.name}: ${[...r.kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ')}`,
  );
console.log(`\nload average ${loadavg()[0]!.toFixed(1)}`);
process.exit(0);
