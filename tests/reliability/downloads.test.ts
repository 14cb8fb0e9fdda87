/**
 * Answers a client does not read (a helper's attack, 2026-11-28): one address asked for its 10 MB file on
 * 64 connections and read nothing, and every answer stayed in the server's memory for good (4.3 GB).
 * Now a send that makes no progress for SEND_TIMEOUT_S is dropped with its connection, and a visitor
 * whose unread answers hold ANSWERS_PER_VISITOR_MB is refused more (server/http/slowReaders.ts). The
 * server runs as `npm start` runs it; the client addresses are 127.0.0.x.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPlace, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { Browser, startServer, stopAll, type ServerProcess } from './support/child';
import { fakeDist, sizedPdfUpload, waitFor } from './support/common';
import { rawSend } from './support/raw';

const MB = 1024 * 1024;

describe('answers a client does not read', () => {
  let place: Place;
  let server: ServerProcess;
  let file = '';
  let cookie = '';

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = await startServer({
      ...place.env,
      DIST_DIR: fakeDist(),
      ANSWERS_PER_VISITOR_MB: '16',
      SEND_TIMEOUT_S: '2',
    });
    const browser = new Browser(server.url); // from 127.0.0.1
    const made = await browser.send('POST', '/api/slowli/project', projectBody('sl'));
    cookie = browser.cookie;
    const upload = sizedPdfUpload(10 * MB - 1024);
    const sent = await rawSend(
      server.url,
      {
        method: 'POST',
        path: `/api/slowli/client_file/${(made.body as { id: string }).id}`,
        headers: { ...upload.headers, cookie },
      },
      upload.payload,
    );
    expect(sent.status).toBe(200);
    file = (JSON.parse((sent as { body: string }).body) as { id: string }).id;
  });
  afterAll(async () => {
    await stopAll();
    await place.drop();
  });

  /** A GET of the file whose answer is not read (the socket paused), with when its connection closes. */
  async function unread(): Promise<{ closed: Promise<void>; socket: net.Socket }> {
    const url = new URL(server.url);
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`GET /api/files/${file} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\n\r\n`);
    socket.pause();
    return { closed, socket };
  }
  const download = (address = '127.0.0.1') =>
    rawSend(server.url, {
      method: 'GET',
      path: `/api/files/${file}`,
      headers: { cookie },
      localAddress: address,
    });

  it('refuses a visitor more than its share of unread answers, and drops a stalled send', async () => {
    // read in full: 200, the file's bytes
    const whole = await download();
    expect([whole.status, (whole as { body: string }).body.length]).toEqual([200, 10 * MB - 1024]);
    // one answer of 10 MB never read: the visitor's next download would take it past 16 MB
    const stalled = await unread();
    let refused = await download();
    for (let i = 0; i < 50 && refused.status === 200; i += 1) refused = await download();
    expect(refused.status).toBe(429);
    expect(JSON.parse((refused as { body: string }).body)).toMatchObject({
      code: 'downloads_busy',
      details: { limit: 16, retryAfter: 5 },
    });
    // another visitor is answered meanwhile
    expect(
      (await rawSend(server.url, { method: 'GET', path: '/api/config', localAddress: '127.0.0.2' })).status,
    ).toBe(200);
    // the stalled send is dropped with its connection, and the visitor's share with it: its downloads
    // are answered again
    await waitFor('the stalled send dropped', async () => (await download()).status === 200, 60_000, 200);
    // what the stalled connection then reads is cut short, and it is closed
    let got = 0;
    stalled.socket.on('data', (c: Buffer) => (got += c.length));
    stalled.socket.resume();
    await stalled.closed;
    expect(got).toBeLessThan(10 * MB);
  });
});
