/**
 * npm run bench:bodies — issue 35, item 1: what one request's body costs every other visitor, for the
 * baseline checkout (BASELINE_DIR, ../main by default) and this one, in the same run, each a real
 * server process (`node --import tsx server/main.ts`, SQLite):
 * - the loop's longest hold while the verification page checks a PDF of 0.5, 5 and 40 MB against an
 *   issued note: the longest wait of a visitor asking /api/config back to back meanwhile, and the
 *   server's peak memory. A server that holds a visitor more than 60 s, or grows past 6 GB, is stopped
 *   (its figure is then "> 60 s": the 40 MB PDF held main's loop for minutes and ~7 GB);
 * - /api/config p50, p99 and longest wait while 4 clients send 1 MB bodies of small JSON values back to
 *   back, 5 each (each answered 400), and how long those 20 bodies took; then the same with 12 clients
 *   and each probe on a new connection (a visitor arriving while the attack's connections wait to be
 *   accepted: Node accepts one per turn of its loop).
 * Figures, not verdicts: the goal is "no hold longer than parsing a body", compared in the same run.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Browser, printNote, stopAll, type ServerProcess } from '../tests/reliability/support/child';
import { rawRequest, rawSend } from '../tests/reliability/support/raw';
import { projectBody } from '../tests/server/projects.fixtures';
import { checkouts, memoryOf, ms, serverOf } from './checkouts';

const MB = 1024 * 1024;
const GIVE_UP_MS = 60_000;
const GIVE_UP_MB = 6144;

/**
 * GET /api/config back to back until `done()`, each wait in ms: on one kept-alive connection, or with
 * `fresh`, each on a connection of its own (a visitor arriving: the server must accept it first).
 */
function probing(server: ServerProcess, done: () => boolean, fresh = false): Promise<number[]> {
  const agent = fresh
    ? new http.Agent({ keepAlive: false })
    : new http.Agent({ keepAlive: true, maxSockets: 1 });
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${server.url}/api/config`, { agent }, (res) => {
          res.resume();
          res.once('end', resolve);
        })
        .once('error', reject);
    });
  return (async () => {
    const waits: number[] = [];
    while (!done()) {
      const t = performance.now();
      try {
        await one();
      } catch {
        waits.push(performance.now() - t);
        break;
      }
      waits.push(performance.now() - t);
    }
    agent.destroy();
    return waits;
  })();
}

const quantile = (xs: number[], q: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;

/** A calculated, printed project: its issued code and PDF. */
async function issuedNote(server: ServerProcess): Promise<{ code: string; pdf: Buffer }> {
  const browser = new Browser(server.url);
  const made = await browser.send('POST', '/api/slowli/project', projectBody('sl'));
  return printNote(browser, (made.body as { id: string }).id);
}

/** The longest wait of a visitor while a PDF of `bytes` is checked, and the server's largest memory then. */
async function upload(server: ServerProcess, note: { code: string; pdf: Buffer }, bytes: number) {
  const body = Buffer.concat([note.pdf, Buffer.alloc(Math.max(0, bytes - note.pdf.length), 0x20)]);
  let finished = false;
  let stopped = false;
  const waits = probing(server, () => finished);
  const started = performance.now();
  const req = rawRequest(server.url, {
    method: 'POST',
    path: `/api/verify/${note.code}/pdf`,
    headers: { 'content-type': 'application/pdf', 'content-length': body.length },
  });
  void req.end(body);
  const before = memoryOf(server.pid).rss;
  let peak = before;
  const watch = setInterval(() => {
    let rss = NaN;
    try {
      rss = memoryOf(server.pid).rss;
    } catch {
      // the process is gone
    }
    if (Number.isFinite(rss)) peak = Math.max(peak, rss);
    if (!stopped && (performance.now() - started > GIVE_UP_MS || peak > GIVE_UP_MB)) {
      stopped = true;
      void server.stop();
    }
  }, 50);
  const answer = await req.answer;
  finished = true;
  const longest = Math.max(...(await waits));
  clearInterval(watch);
  return { longest, before, peak, answer: answer.status, stopped };
}

/** /api/config waits while `clients` clients send 5 1 MB JSON bodies each, back to back. */
async function jsonStream(server: ServerProcess, clients = 4, fresh = false) {
  // long decimals: under the values a body may hold (server/http/turns.ts JSON_VALUES_MAX), which 1 MB
  // of zeros is not (refused before it is parsed), so that both checkouts parse them
  const values: number[] = [];
  for (let i = 1, length = 0; length < MB - 300; i += 1) {
    values.push(1.234567890123456e-300 * i);
    length += String(values[values.length - 1]).length + 1;
  }
  values.pop();
  const body = JSON.stringify({ steps: { Chantier: { forms: [{ uuid: 'a', form: { values } }] } } });
  let done = false;
  const client = async () => {
    for (let i = 0; i < 5; i += 1)
      await rawSend(
        server.url,
        { method: 'POST', path: '/api/slowli/project', headers: { 'content-type': 'application/json' } },
        body,
      );
  };
  const waits = probing(server, () => done, fresh);
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const took = performance.now() - started;
  done = true;
  const w = await waits;
  return { p50: quantile(w, 0.5), p99: quantile(w, 0.99), longest: Math.max(...w), took, n: w.length };
}

async function main() {
  for (const checkout of checkouts()) {
    console.info(`\n${checkout.name}`);
    let server = await serverOf(checkout, { PDF_WORKERS: '1' });
    const j = await jsonStream(server);
    console.info(
      `  /api/config while 4 clients send 20 bodies of 1 MB (in ${ms(j.took)}): p50 ${ms(j.p50)}, p99 ${ms(j.p99)}, longest ${ms(j.longest)}`,
    );
    // each body on a connection of its own: twelve clients keep the server's queue of connections to
    // accept full, and each probe is a new visitor's connection behind theirs
    const f = await jsonStream(server, 12, true);
    console.info(
      `  /api/config, each on a new connection, while 12 clients send 60 bodies of 1 MB (in ${ms(f.took)}): p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, longest ${ms(f.longest)} (${f.n} visitors)`,
    );
    let note = await issuedNote(server);
    for (const size of [0.5, 5, 40]) {
      const u = await upload(server, note, size * MB);
      const hold = u.stopped ? `> ${ms(GIVE_UP_MS)} (stopped)` : ms(u.longest);
      console.info(
        `  ${size} MB PDF checked: longest visitor wait ${hold}, server memory ${u.before.toFixed(0)} MB, then up to ${u.peak.toFixed(0)} MB, answer ${u.answer || 'none'}`,
      );
      if (u.stopped) {
        server = await serverOf(checkout, { PDF_WORKERS: '1' });
        note = await issuedNote(server);
      }
    }
    await stopAll();
  }
}

await main();
