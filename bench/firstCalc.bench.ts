/**
 * npm run bench:first — a server's first calculation, the one its first visitor waits for (issue 40:
 * Submit to charts, the first of a session). Each round builds two servers in turn, as server/main.ts
 * does: "examples" warms its calculations with the calculators' example projects (Calculations.warm(),
 * today), "worker only" starts the worker and nothing more (the code before). Both then wait the same
 * SETTLE_MS (the worker's start), and a 2-roof sm project is calculated with its sensitivity runs (a
 * Submit's calculation, through Calculations.run, no HTTP): first at the example's station (Paris,
 * 75019), then at another (Marseille, 13001), then the first again with another name (the steady state:
 * code compiled, series generated). Prints the medians of ROUNDS rounds side by side, with the load.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { derive, loadBundle, submit, toServer } from '../engine';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import { canonicalJson } from '../server/projects/projectText';

const ROUNDS = Number(process.env.FIRST_ROUNDS ?? 3);
const SETTLE_MS = 5000;
const root = join(import.meta.dirname, '..');
const json = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8')) as Record<string, unknown>;
const sm = loadBundle(json('schemas/sm/bundle.json'));
const state = derive(sm, json('schemas/sm/fixtures/base/valid.json'));
const paris = toServer(sm, state.data, submit(state).statuses).steps;
const contentAt = (postcode: string, name: string) =>
  canonicalJson(
    JSON.parse(
      JSON.stringify(paris).replaceAll('"75019"', `"${postcode}"`).replace('"name":"', `"name":"${name} `),
    ),
  );
if (contentAt('13001', 'x') === canonicalJson(paris))
  throw new Error('the example project has no 75019 postcode');

const tmp = mkdtempSync(join(tmpdir(), 'rw-first-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cases = ['examples', 'worker only'] as const;
const figures = new Map(
  cases.map((c) => [c, { same: [] as number[], other: [] as number[], steady: [] as number[] }]),
);
const loads: number[] = [];
let n = 0;
for (let round = 0; round < ROUNDS; round += 1)
  for (const c of cases) {
    const dir = join(tmp, String((n += 1)));
    mkdirSync(join(dir, 'data'), { recursive: true });
    const server = await buildServer(
      loadConfig({
        DATA_DIR: join(dir, 'data'),
        MAILER: 'off',
        SESSION_SECRET: 'bench-first'.padEnd(40, '0'),
      }),
    );
    const warmed = await server.calculations.warm({ examples: c === 'examples' });
    if (warmed.some((w) => !w.ok)) throw new Error(`an example did not calculate: ${JSON.stringify(warmed)}`);
    await sleep(SETTLE_MS);
    loads.push(loadavg()[0]!);
    const time = async (content: string) => {
      const t = performance.now();
      const out = await server.calculations.run(sm.productType, content, { stress: true });
      if (!out.ok) throw new Error(`the bench's project did not calculate: ${JSON.stringify(out.reasons)}`);
      return performance.now() - t;
    };
    const f = figures.get(c)!;
    f.same.push(await time(contentAt('75019', `a${n}`)));
    f.other.push(await time(contentAt('13001', `b${n}`)));
    f.steady.push(await time(contentAt('75019', `c${n}`)));
    await server.close();
  }

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
console.log(
  `A server's first calculations, sm 2 roofs with the sensitivity runs, medians of ${ROUNDS} rounds ` +
    `(load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}):`,
);
const [today, before] = cases.map((c) => figures.get(c)!);
for (const [label, key] of [
  ['first, at the example station (Paris)', 'same'],
  ['next, at another station (Marseille)', 'other'],
  ['then Paris again (compiled, generated)', 'steady'],
] as const)
  console.log(
    `  ${label}: ${ms(median(today![key]))} warmed with the examples | baseline worker only ${ms(median(before![key]))}` +
      ` (${(median(before![key]) / median(today![key])).toFixed(1)}x)`,
  );
process.exit(0);
