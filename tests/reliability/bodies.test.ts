/**
 * Issue 35, item 1: one anonymous request must not freeze or kill the server. A 40 MB PDF posted to the
 * public verification page, and bodies of 1 MB of small JSON values, while another visitor asks for
 * /api/config: the visitor is answered, the attack's requests get their answers, and the server stays up.
 * The server runs in a process of its own (as `npm start` runs it), so that a request that kills it is
 * seen as such.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPlace, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { Browser, printNote, startServer, stopAll, type ServerProcess } from './support/child';
import { fakeDist, size, waitFor } from './support/common';
import { heldGet, rawRequest, rawSend, type RawAnswer, type RawRequest } from './support/raw';

const MB = 1024 * 1024;
/** Where the bodies are posted: a project of the flow limiter (the schema refuses theirs: 400). */
const BODIES = '/api/slowli/project';

/**
 * JSON of at most `bytes` bytes of long decimals in a project body: the schema refuses it (400). Long
 * decimals keep it under the values a body may hold (http/turns.ts JSON_VALUES_MAX: 1 MB of zeros is
 * refused before it is parsed) and cost more to parse than zeros (about 70 against 24 ms a MB).
 */
function smallValues(bytes: number): string {
  const values: number[] = [];
  for (let i = 1, length = 0; length < bytes - 100; i += 1) {
    values.push(1.234567890123456e-300 * i);
    length += String(values[values.length - 1]).length + 1;
  }
  values.pop();
  return JSON.stringify({ steps: { Chantier: { forms: [{ uuid: 'a', form: { values } }] } } });
}

/** A connection to `base` that sends nothing, once the system has opened it. */
function connected(base: string): Promise<Socket> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

interface Completed {
  reqId: string;
  time: number;
}

/**
 * The requests to `paths` the server's log says it read from `since` on (a time on the clock the log
 * uses: the log's last lines reach this process some time after the server wrote them, so an offset in
 * what has arrived would count a late line of the test before), the path of each by request id, and
 * those of them it answered, in the order it answered them. A line still arriving is not read.
 */
function roundLog(
  log: string,
  since: number,
  paths: string[],
): { completed: Completed[]; urls: Map<string, string> } {
  const completed: Completed[] = [];
  const urls = new Map<string, string>();
  const lines = log.split('\n').slice(0, -1);
  for (const line of lines) {
    let entry: { msg?: string; reqId: string; time: number; req?: { url: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // not a request's line (a warning on stderr, say)
    }
    if (entry.time < since) continue;
    if (entry.msg === 'incoming request' && entry.req && paths.includes(entry.req.url))
      urls.set(entry.reqId, entry.req.url);
    if (entry.msg === 'request completed' && urls.has(entry.reqId))
      completed.push({ reqId: entry.reqId, time: entry.time });
  }
  return { completed, urls };
}

describe('bodies that cost the server', () => {
  let place: Place;
  let server: ServerProcess;
  const probe = () => rawSend(server.url, { method: 'GET', path: '/api/config' });

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = await startServer({ ...place.env, DIST_DIR: fakeDist(), PDF_WORKERS: '1' });
  });
  afterAll(async () => {
    await stopAll();
    await place.drop();
  });

  it(
    'checks a 40 MB PDF against its issued note while answering another visitor',
    { timeout: 180_000 },
    async () => {
      // a genuine issued note: a calculated project, printed
      const browser = new Browser(server.url);
      const made = await browser.send('POST', '/api/slowli/project', projectBody('sl'));
      const { code, pdf } = await printNote(browser, (made.body as { id: string }).id);
      const verify = (body: Buffer) =>
        rawSend(
          server.url,
          { method: 'POST', path: `/api/verify/${code}/pdf`, headers: { 'content-type': 'application/pdf' } },
          body,
        );
      expect(await verify(pdf)).toEqual({ status: 200, body: '{"issued":true,"withdrawn":false}' });

      // The note followed by 40 MB of bytes (the most the page takes), sent whole; once its last byte has
      // left, another visitor asks for the configuration.
      const big = Buffer.concat([pdf, Buffer.alloc(40 * MB - pdf.length, 0x20)]);
      const upload = rawRequest(server.url, {
        method: 'POST',
        path: `/api/verify/${code}/pdf`,
        headers: { 'content-type': 'application/pdf', 'content-length': big.length },
      });
      await upload.end(big);
      const [config, verdict] = await Promise.all([probe(), upload.answer]);
      expect(config.status).toBe(200);
      expect(verdict).toEqual({ status: 200, body: '{"issued":false,"withdrawn":false}' });
      // one byte over the limit, announced, is refused before any of it is read, and the server still
      // answers (only the head is sent: a client still writing when the server answers 413 and closes
      // may see its connection reset before it reads the answer, which would decide the test by timing)
      const over = rawRequest(server.url, {
        method: 'POST',
        path: `/api/verify/${code}/pdf`,
        headers: { 'content-type': 'application/pdf', 'content-length': 40 * MB + 1 },
      });
      over.req.flushHeaders();
      expect((await over.answer).status).toBe(413);
      over.req.destroy();
      expect(await verify(pdf)).toEqual({ status: 200, body: '{"issued":true,"withdrawn":false}' });
    },
  );

  const bodies = 12;
  const body = smallValues(MB - 200);

  const paths = [BODIES, '/api/config'];

  /** Every body sent but its last byte, once the server's log (from `since`) shows all their requests. */
  async function heldBodies(since: number): Promise<RawRequest[]> {
    const attack = Array.from({ length: bodies }, () =>
      rawRequest(server.url, {
        method: 'POST',
        path: BODIES,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      }),
    );
    await Promise.all(attack.map((a) => a.write(body.slice(0, -1))));
    const read = () => [...roundLog(server.log(), since, paths).urls.values()].filter((u) => u === BODIES);
    await waitFor('the bodies read by the server', () => read().length >= bodies, 30_000).catch(
      (e: Error) => {
        throw new Error(`${e.message}: ${read().length} read; the server's last lines:\n${server.output()}`);
      },
    );
    return attack;
  }

  /**
   * Waits for the visitor's and the bodies' answers and checks them. The count is the server's: its log
   * says in which order it answered, and the bodies it answered before the visitor's last byte left
   * (`asked`, on the clock the log uses) were not in flight when the visitor asked. On a busy machine
   * this process may be put aside between its writes while the server reads and answers bodies already
   * whole: counting them would measure this process's scheduling.
   */
  async function visitorWaited(
    since: number,
    asked: number,
    visitor: Promise<RawAnswer>,
    attack: RawRequest[],
  ): Promise<void> {
    const [config, answers] = await Promise.all([visitor, Promise.all(attack.map((a) => a.answer))]);
    expect(config.status).toBe(200);
    // each body answered 400 (the schema refuses it), none lost
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 400));
    const entries = () => roundLog(server.log(), since, paths);
    await waitFor('the round in the server log', () => entries().completed.length >= bodies + 1, 10_000);
    const { completed, urls } = entries();
    const visitorAt = completed.findIndex((e) => urls.get(e.reqId) === '/api/config');
    const waitedFor = completed.slice(0, visitorAt).filter((e) => e.time >= asked).length;
    const inFlight = completed.filter((e) => urls.get(e.reqId) !== '/api/config' && e.time >= asked).length;
    // the visitor waited for a body or two at most, not for all those still unanswered when it asked
    expect(
      waitedFor,
      `the visitor was answered after ${waitedFor} of the ${inFlight} bodies in flight when it asked`,
    ).toBeLessThan(bodies / 2);
  }

  it(
    'answers a visitor before the 1 MB JSON bodies that were in flight when it asked',
    { timeout: 180_000 },
    async () => {
      for (let round = 0; round < size(2, 10); round += 1) {
        // The visitor's request written but its last line break, then every body but its last byte; once
        // the server has read every body's request, every last byte at once, the visitor's last.
        const since = Date.now();
        const visitor = await heldGet(server.url, '/api/config');
        const attack = await heldBodies(since);
        for (const a of attack) void a.end(body.slice(-1));
        visitor.finish();
        await visitorWaited(since, Date.now(), visitor.answer, attack);
      }
    },
  );

  it(
    'reads a visitor who connects behind other connections while 1 MB bodies are parsed',
    { timeout: 180_000 },
    async () => {
      for (let round = 0; round < size(2, 10); round += 1) {
        // Every body's last byte sent (twelve parses queued on the server, one per turn of its loop); then
        // twelve connections that send nothing, and the visitor's, each opened once the one before is:
        // they wait in the system's queue for the server to accept them. Node accepts one waiting
        // connection per turn of its loop: the server must let its loop turn between two parses until
        // the queue is empty, or the visitor is read after thirteen parses, when every body is answered.
        const since = Date.now();
        const attack = await heldBodies(since);
        for (const a of attack) void a.end(body.slice(-1));
        const idle: Socket[] = [];
        for (let i = 0; i < bodies; i += 1) idle.push(await connected(server.url));
        const visitor = await heldGet(server.url, '/api/config');
        visitor.finish();
        await visitorWaited(since, Date.now(), visitor.answer, attack);
        for (const s of idle) s.destroy();
      }
    },
  );
});
