/**
 * The server thread's hold while 20 admins search a large history for two letters at once (issue 35,
 * item 7), for bench/api.bench.ts: the same 20 searches through the route (the history reader's thread)
 * and, as the baseline, run on the server's thread as the route ran them before (searchProjects called
 * here on the server's connection), measured the same way in the same run:
 * - the server thread's longest hold: the longest gap between two ticks of a 5 ms timer on it (how long
 *   no other request could be answered), and its busy share (perf_hooks.eventLoopUtilization);
 * - GET /api/config probed every 20 ms from another thread, timed from when each probe was due.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Server } from '../server/app';
import { searchProjects, type HistoryQuery } from '../server/projects/repository';

/** What one way of searching held: the longest hold, the busy share, the probes' p99 and max, the time. */
export interface Hold {
  loopMaxMs: number;
  busy: number;
  probeP99Ms: number;
  probeMaxMs: number;
  probes: number;
  searchesMs: number;
}

const p99 = (xs: number[]): number =>
  xs.slice().sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.99) - 1)] ?? NaN;

/** Probes `url` every `everyMs` from a worker thread until stopped; answers each probe's lateness. */
function probe(url: string, everyMs: number): { stop: () => Promise<number[]> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, everyMs } = workerData;
    const times = [];
    let stopped = false;
    parentPort.on('message', () => (stopped = true));
    (async () => {
      const started = performance.now();
      for (let k = 0; !stopped; k += 1) {
        const due = started + k * everyMs;
        if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
        const r = await fetch(url);
        await r.arrayBuffer();
        times.push(performance.now() - due);
      }
      parentPort.postMessage(times);
    })();
  `;
  const w = new Worker(code, { eval: true, workerData: { url, everyMs } });
  const times = new Promise<number[]>((resolve, reject) => {
    w.once('message', (m: number[]) => resolve(m));
    w.once('error', reject);
  });
  return {
    stop: async () => {
      w.postMessage('stop');
      const t = await times;
      await w.terminate();
      return t;
    },
  };
}

/** The hold of `searches` (20 at once), probed and measured as the module says. */
async function holdOf(base: string, searches: () => Promise<unknown>): Promise<Hold> {
  const probes = probe(`${base}/api/config`, 20);
  await new Promise((r) => setTimeout(r, 200)); // the probe thread's first requests are out
  // A synchronous driver's statements chain through promises already resolved: the thread turns no
  // timer until they are all done, so the hold is the gap the timer sees, the last one included.
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const used = performance.eventLoopUtilization();
  const t = performance.now();
  await searches();
  const searchesMs = performance.now() - t;
  await new Promise((r) => setTimeout(r, 20));
  clearInterval(tick);
  const busy = performance.eventLoopUtilization(used).utilization;
  const times = await probes.stop();
  return {
    loopMaxMs: longest,
    busy,
    probeP99Ms: p99(times),
    probeMaxMs: Math.max(...times),
    probes: times.length,
    searchesMs,
  };
}

/**
 * 20 admin searches of `needle` at once over every project of the `slowli` history, through the route
 * (the reader) and on the server's thread (the baseline); each search checks its answer.
 */
export async function searchHold(
  server: Server,
  base: string,
  admin: string,
  needle = 'ab',
): Promise<{ reader: Hold; thread: Hold; total: number }> {
  const query = (i: number): HistoryQuery => ({
    dialect: server.dialect,
    type: 'slowli',
    owner: null,
    query: needle,
    page: 1 + (i % 3),
    sort: i % 2 ? 'name' : 'updated_at',
    order: 'DESC',
  });
  let total = -1;
  const search = async (i: number) => {
    const q = query(i);
    const r = await fetch(
      `${base}/api/slowli/project/search/${q.page}/${needle}?sort=${q.sort}&order=${q.order}`,
      { headers: { cookie: admin } },
    );
    if (!r.ok) throw new Error(`search answered ${r.status}`);
    total = ((await r.json()) as { total: number }).total;
  };
  await search(0); // the reader's thread starts and opens its connection
  const reader = await holdOf(base, () => Promise.all(Array.from({ length: 20 }, (_, i) => search(i))));
  const thread = await holdOf(base, () =>
    Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const r = await searchProjects(server.db, query(i));
        if (r.total !== total) throw new Error(`the server's thread found ${r.total}, the reader ${total}`);
      }),
    ),
  );
  return { reader, thread, total };
}
