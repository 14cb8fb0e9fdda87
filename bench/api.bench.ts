/**
 * npm run bench:api — over real HTTP on this machine, for SQLite and PostgreSQL (when reachable):
 * - save: p95 of PUT /api/slowli/project with 50 concurrent clients, each saving its own project once a
 *   second (a user saves on Next, every few seconds at most: 50 saves a second is a busy office); the
 *   saturation throughput (50 clients back to back) is printed beside it for capacity planning;
 * - search: p95 of the history search over 100,000 generated projects (admin session, all owners);
 * - baseline: p95 of GET /api/config measured the same way in the same run (the cost of HTTP itself);
 * - calculate: a 200-roof project's calculation repeated (remembered by content) beside its first;
 * - verify: the public verification page of that project's note read again (its view held) beside its
 *   first reading (the view built: the figures written, issued and today, and compared);
 * - search hold: the server thread's longest hold while 20 admins search the history for "ab" at once
 *   (every project read), through the route (the history reader's thread) beside the same searches run
 *   on the server's thread as before issue 35 (searchHold.ts).
 * Goals: save p95 <= 20 ms, search p95 <= 50 ms, search hold <= 50 ms. Exits 1 when a goal is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import pg from 'pg';
import { derive, loadBundle, toServer, type StepStatus } from '../engine';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import { newProjectRow, type Steps } from '../server/projects/repository';
import { searchHold } from './searchHold';
import slBundle from '../schemas/sl/bundle.json' with { type: 'json' };
import slValid from '../schemas/sl/fixtures/base/valid.json' with { type: 'json' };
import smcaBundle from '../schemas/smca/bundle.json' with { type: 'json' };
import smcaValid from '../schemas/smca/fixtures/base/valid.json' with { type: 'json' };

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CITIES = [
  'Lyon',
  'Paris',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Strasbourg',
  'Lille',
  'Rennes',
  'Brest',
  'Nice',
];
const bundle = loadBundle(slBundle);

function body(i: number) {
  const data = structuredClone(slValid);
  data.project.name = `Chantier ${i}`;
  data.project.city = CITIES[i % CITIES.length]!;
  data.project.postcode = String(10000 + (i % 89999));
  data.client.company = `Société ${i % 997}`;
  const s = derive(bundle, data);
  return toServer(
    bundle,
    s.data,
    s.steps.map(() => 1 as StepStatus),
  );
}

const p95 = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

interface Req {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The load runs in a worker thread (its own event loop), so the client's work does not queue behind the
 * server's. `clients` loops each send one request every `everyMs` (open loop: a slow answer does not slow
 * the arrivals down) or, with everyMs 0, back to back.
 */
function load(requests: Req[], clients: number, everyMs: number): Promise<number[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { requests, clients, everyMs } = workerData;
    const times = [];
    let next = 0;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const one = async () => {
      while (next < requests.length) {
        const q = requests[next++];
        const started = Date.now();
        const t = performance.now();
        const r = await fetch(q.url, { method: q.method ?? 'GET', headers: q.headers, body: q.body });
        await r.arrayBuffer();
        if (!r.ok) throw new Error('HTTP ' + r.status + ' ' + q.url);
        times.push(performance.now() - t);
        if (everyMs > 0) await sleep(Math.max(0, everyMs - (Date.now() - started)));
      }
    };
    Promise.all(Array.from({ length: clients }, (_, c) => sleep(everyMs > 0 ? (c * everyMs) / clients : 0).then(one)))
      .then(() => parentPort.postMessage(times), (e) => parentPort.postMessage({ error: String(e) }));
  `;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { requests, clients, everyMs } });
    w.once('message', (m: number[] | { error: string }) => {
      void w.terminate();
      if (Array.isArray(m)) resolve(m);
      else reject(new Error(m.error));
    });
    w.once('error', reject);
  });
}

/**
 * GET /api/smca/calculate/{id} of a 200-roof project (the schema's maximum), on a canada-mode server over
 * the same database: the first calculation (its worker already started), then the same one repeated,
 * answered from the outcomes remembered by content.
 */
async function repeatedCalculation(env: Record<string, string>): Promise<{
  first: number;
  repeated: number;
  repeatedP95: number;
  n: number;
  verify: { first: number; repeated: number; repeatedP95: number };
}> {
  const canada = await buildServer(loadConfig({ ...env, APP_MODE: 'canada' }));
  await canada.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(canada.app.server.address() as AddressInfo).port}`;
  try {
    const smca = loadBundle(smcaBundle);
    const project = (roofs: number) => {
      const data = structuredClone<Record<string, unknown>>(smcaValid);
      const list = data.roofs as Record<string, unknown>[];
      data.roofs = Array.from({ length: roofs }, (_, i) => ({ ...list[0], name: `Toiture ${i + 1}` }));
      const s = derive(smca, data);
      return toServer(
        smca,
        s.data,
        s.steps.map(() => 1 as StepStatus),
      );
    };
    let cookie = '';
    const create = async (roofs: number) => {
      const r = await fetch(`${base}/api/smca/project`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(project(roofs)),
      });
      cookie ||= r.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return ((await r.json()) as { id: string }).id;
    };
    const calculate = async (id: string) => {
      const t = performance.now();
      const r = await fetch(`${base}/api/smca/calculate/${id}`, { headers: { cookie } });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`calculate answered ${r.status}`);
      return performance.now() - t;
    };
    await calculate(await create(1)); // the worker starts
    const id = await create(200);
    const first = await calculate(id);
    const times: number[] = [];
    for (let i = 0; i < 50; i += 1) times.push(await calculate(id));
    times.sort((a, b) => a - b);
    // its note issued, then its verification page read by a visitor without cookies
    const note = await fetch(`${base}/api/smca/pdf_download/${id}?locale=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ data: JSON.stringify({ informations: [] }) }),
    });
    await note.arrayBuffer();
    const code = note.headers.get('x-verification-code');
    if (!note.ok || !code) throw new Error(`the note answered ${note.status}`);
    const verify = async () => {
      const t = performance.now();
      const r = await fetch(`${base}/api/verify/${code}?locale=fr`);
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`verify answered ${r.status}`);
      return performance.now() - t;
    };
    const verifyFirst = await verify();
    const verifyTimes: number[] = [];
    // 25: the page's own limit is 30 reads a minute per address, whatever RATE_LIMIT says
    for (let i = 0; i < 25; i += 1) verifyTimes.push(await verify());
    verifyTimes.sort((a, b) => a - b);
    return {
      first,
      repeated: times[25]!,
      repeatedP95: p95(times),
      n: times.length,
      verify: { first: verifyFirst, repeated: verifyTimes[12]!, repeatedP95: p95(verifyTimes) },
    };
  } finally {
    await canada.close();
  }
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-bench-'));
  let dbName = '';
  const env: Record<string, string> = {
    DATA_DIR: dir,
    RATE_LIMIT: '0',
    LARGE_BODIES_PER_MINUTE: '0',
    // every client of the benchmark is 127.0.0.1: 50 of them, the probes and the searches at once
    CONNECTIONS_PER_ADDRESS: '0',
    PROJECTS_PER_HOUR: '0',
    MAILER: 'off',
    ADMIN_PASSWORD: 'bench-password',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    DIST_DIR: join(dir, 'none'),
  };
  if (dialect === 'postgres') {
    dbName = `bench_${Date.now()}`;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    env.DATABASE_URL = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const server = await buildServer(loadConfig(env));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  try {
    // 100,000 projects loaded in bulk, then 50 clients each with a project of their own.
    const t0 = performance.now();
    // each step spread into a plain object: the stored steps' shape (Steps) over the engine's ServerStep
    const template: Steps = Object.fromEntries(Object.entries(body(0).steps).map(([k, v]) => [k, { ...v }]));
    for (let start = 0; start < 100_000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const steps = structuredClone(template);
        const site = steps.Chantier!.forms![0]!.form!;
        site.name = `Chantier ${i}`;
        site.city = CITIES[i % CITIES.length]!;
        site.postcode = String(10000 + (i % 89999));
        steps.Client!.forms![0]!.form!.company = `Société ${i % 997}`;
        return newProjectRow(
          { type: 'slowli', owner: `owner-${i % 5000}`, steps },
          new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        );
      });
      await server.db.insertInto('projects').values(rows).execute();
    }
    if (dialect === 'postgres') await sql`analyze projects`.execute(server.db);
    const loadMs = performance.now() - t0;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'bench-password' }),
    });
    const admin = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const clients = await Promise.all(
      Array.from({ length: 50 }, async (_, c) => {
        const r = await fetch(`${base}/api/slowli/project`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body(c)),
        });
        const cookie = r.headers
          .getSetCookie()
          .map((x) => x.split(';')[0])
          .join('; ');
        return { cookie, id: ((await r.json()) as { id: string }).id };
      }),
    );
    const configReqs = Array.from({ length: 1000 }, () => ({ url: `${base}/api/config` }));
    const baseline = await load(configReqs, 50, 1000);
    const saveReqs = Array.from({ length: 2000 }, (_, i) => {
      const c = clients[i % 50]!;
      return {
        url: `${base}/api/slowli/project`,
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: c.cookie },
        body: JSON.stringify({ ...body(i), id: c.id }),
      };
    });
    const t1 = performance.now();
    const saturated = await load(saveReqs, 50, 0);
    const throughput = saturated.length / ((performance.now() - t1) / 1000);
    const saves = await load(saveReqs.slice(0, 1000), 50, 1000);
    const queries = ['lyon', 'chantier 4242', 'societe 12', '75011', 'toulouse', 'nothing-matches'];
    const searchReqs = Array.from({ length: 300 }, (_, i) => ({
      url: `${base}/api/slowli/project/search/${1 + (i % 3)}/${encodeURIComponent(queries[i % queries.length]!)}?sort=updated_at&order=DESC`,
      headers: { cookie: admin },
    }));
    const searches = await load(searchReqs, 1, 0);
    const save = p95(saves);
    const search = p95(searches);
    const hold = await searchHold(server, base, admin);
    const calc = await repeatedCalculation(env);
    const ok = save <= 20 && search <= 50 && hold.reader.loopMaxMs <= 50;
    const holdLine = (h: typeof hold.reader) =>
      `longest hold ${h.loopMaxMs.toFixed(0)} ms (busy ${Math.round(h.busy * 100)}% of the time), GET /api/config p99 ${h.probeP99Ms.toFixed(0)} ms (max ${h.probeMaxMs.toFixed(0)} ms, ${h.probes} probes), the 20 answered in ${(h.searchesMs / 1000).toFixed(1)} s`;
    console.log(
      `${dialect}: 100,000 projects loaded in ${(loadMs / 1000).toFixed(1)} s\n` +
        `  baseline GET /api/config p95 ${p95(baseline).toFixed(1)} ms (${baseline.length} requests, 50 clients each once a second)\n` +
        `  save PUT p95 ${save.toFixed(1)} ms (${saves.length} requests, 50 clients each saving once a second) goal <= 20 ms ${save <= 20 ? 'OK' : 'MISSED'}\n` +
        `  saturation: ${throughput.toFixed(0)} saves/s with 50 clients back to back (p95 ${p95(saturated).toFixed(1)} ms)\n` +
        `  search p95 ${search.toFixed(1)} ms over 100,050 projects (${searches.length} requests, one user at a time) goal <= 50 ms ${search <= 50 ? 'OK' : 'MISSED'}\n` +
        `  calculate, 200-roof smca project: repeated (remembered by content) ${calc.repeated.toFixed(1)} ms median, ${calc.repeatedP95.toFixed(1)} ms p95 ` +
        `(${calc.n} requests) beside the first ${calc.first.toFixed(0)} ms (computed on a worker): ${(calc.first / calc.repeated).toFixed(0)}x less\n` +
        `  verify, that project's note: read again (its view held) ${calc.verify.repeated.toFixed(1)} ms median, ${calc.verify.repeatedP95.toFixed(1)} ms p95 ` +
        `(25 requests) beside its first reading ${calc.verify.first.toFixed(0)} ms (the view built on the server's thread)\n` +
        `  20 admin searches of "ab" at once (${hold.total} found among 100,050), the server's thread:\n` +
        `    on the history reader: ${holdLine(hold.reader)} goal <= 50 ms ${hold.reader.loopMaxMs <= 50 ? 'OK' : 'MISSED'}\n` +
        `    baseline, on the server's thread as before: ${holdLine(hold.thread)}: ${(hold.thread.loopMaxMs / hold.reader.loopMaxMs).toFixed(0)}x the hold`,
    );
    return ok;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    if (dbName) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
  }
}

let pgUp = true;
try {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await c.connect();
  await c.end();
} catch {
  pgUp = false;
  console.log(`(PostgreSQL not reachable at ${PG_URL}: measured on SQLite only)`);
}
let ok = await run('sqlite');
if (pgUp) ok = (await run('postgres')) && ok;
process.exitCode = ok ? 0 : 1;
