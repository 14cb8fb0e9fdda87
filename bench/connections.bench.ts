/**
 * npm run bench:connections — issue 35, item 3: the slow-request attack, for the baseline checkout
 * (BASELINE_DIR, ../main by default) and this one, in the same run, each a real server process with its
 * defaults (RATE_LIMIT=0 apart: the attack stays under 600 a minute per address anyway). 60 client
 * addresses (127.0.1.x) open 320 connections each (19,200: the process may hold 20,000 files), each a
 * PUT announcing 1 MB whose body then comes a byte every 10 s. Printed, 30 s after the attack began and
 * again 130 s after its last connection was opened (past REQUEST_TIMEOUT_S, 120 s by default): the
 * connections the server holds (its open files but those it held before), its memory, and whether a new
 * visitor's /api/config is answered, in how long.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { stopAll, type ServerProcess } from '../tests/reliability/support/child';
import { sleep } from '../tests/reliability/support/common';
import { rawSend } from '../tests/reliability/support/raw';
import { checkouts, memoryOf, ms, openSockets, serverOf } from './checkouts';

const ADDRESSES = Number(process.env.ADDRESSES ?? 60);
const EACH = Number(process.env.EACH ?? 320);
const TRICKLE_MS = 10_000;

/** One slow request from `address`: its headers and first byte sent; a byte every TRICKLE_MS after. */
function slowRequest(port: number, address: string): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: address });
    socket.once('connect', () => {
      socket.write(
        'PUT /api/slowli/project HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1048576\r\n\r\n{',
      );
      resolve(socket);
    });
    socket.once('error', () => resolve(null));
    socket.on('data', () => undefined);
  });
}

/** What the server holds and does, `at` seconds into the attack. */
async function measure(server: ServerProcess, filesBefore: number, at: number, open: () => number) {
  const t = performance.now();
  const visitor = await Promise.race([
    rawSend(server.url, { method: 'GET', path: '/api/config', localAddress: '127.0.3.1' }),
    sleep(30_000).then(() => ({ status: -1 })),
  ]);
  const wait = performance.now() - t;
  const m = memoryOf(server.pid);
  const answered =
    visitor.status === 200
      ? `answered in ${ms(wait)}`
      : visitor.status === -1
        ? 'unanswered in 30 s'
        : `refused`;
  console.info(
    `  at ${at} s: the server holds ${openSockets(server.pid) - filesBefore} connections, ${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)} MB); the attacker keeps ${open()} open; a new visitor is ${answered}`,
  );
}

async function main() {
  for (const checkout of checkouts()) {
    console.info(`\n${checkout.name}: ${ADDRESSES} addresses x ${EACH} slow requests`);
    const server = await serverOf(checkout, { RATE_LIMIT: '0', LARGE_BODIES_PER_MINUTE: '0' });
    const port = Number(new URL(server.url).port);
    const filesBefore = openSockets(server.pid);
    console.info(`  before: ${memoryOf(server.pid).rss.toFixed(0)} MB, ${filesBefore} open files`);
    const started = performance.now();
    const sockets = new Set<net.Socket>();
    for (let a = 0; a < ADDRESSES; a += 1) {
      const address = `127.0.1.${a + 1}`;
      for (let k = 0; k < EACH; k += 100) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(100, EACH - k) }, () => slowRequest(port, address)),
        );
        for (const s of batch)
          if (s && !s.destroyed) {
            sockets.add(s);
            s.once('close', () => sockets.delete(s));
          }
      }
    }
    const opened = (performance.now() - started) / 1000;
    console.info(`  opened in ${opened.toFixed(1)} s`);
    const trickle = setInterval(() => {
      for (const s of sockets) if (!s.destroyed) s.write(' ');
    }, TRICKLE_MS);
    const at = async (seconds: number) => {
      await sleep(Math.max(0, seconds * 1000 - (performance.now() - started)));
      await measure(server, filesBefore, seconds, () => sockets.size);
    };
    await at(30);
    await at(Math.ceil(opened) + 130);
    clearInterval(trickle);
    for (const s of sockets) s.destroy();
    await stopAll();
  }
}

await main();
