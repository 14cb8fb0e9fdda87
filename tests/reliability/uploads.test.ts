/**
 * Request bodies held in memory while they arrive (a helper's attack, 2026-11-28): 64 rain uploads of one
 * address, each sending its 40 MB slowly and never ending, held 5.4 GB of the server's memory until the
 * request timeout, and an upload's parts were each held whole before their total was checked. Now an
 * upload stops at its 40 MB whatever its parts announce, and each body reserves what it may send before a
 * byte of it is read (server/http/bodies.ts): a visitor holding bodies is refused more past its share,
 * the server past its own, and small bodies always pass. The server runs as `npm start` runs it; the
 * client addresses are 127.0.0.x.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPlace, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { Browser, startServer, stopAll, type ServerProcess } from './support/child';
import { fakeDist, waitFor } from './support/common';
import { rawRequest, rawSend, type RawRequest } from './support/raw';

const MB = 1024 * 1024;
const BOUNDARY = '----rainupload';
const partHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;

describe('bodies held while they arrive', () => {
  let place: Place;
  let server: ServerProcess;
  let project = '';
  let cookie = '';

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = await startServer({
      ...place.env,
      APP_MODE: 'canada',
      DIST_DIR: fakeDist(),
      BODIES_PER_VISITOR_MB: '64',
      BODIES_MB: '60',
    });
    const browser = new Browser(server.url); // from 127.0.0.1
    const made = await browser.send('POST', '/api/smca/project', projectBody('smca'));
    expect(made.status).toBe(200);
    project = (made.body as { id: string }).id;
    cookie = browser.cookie;
  });
  afterAll(async () => {
    await stopAll();
    await place.drop();
  });

  /** A rain upload to the project announcing `bytes`, from `address`; nothing of its body sent yet. */
  const upload = (bytes: number, address: string, withCookie = true): RawRequest =>
    rawRequest(server.url, {
      method: 'POST',
      path: `/api/smca/project/${project}/rain`,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': bytes,
        ...(withCookie ? { cookie } : {}),
      },
      localAddress: address,
    });
  /** The answer to an upload refused before its body: only its head is sent. */
  const headOnly = async (r: RawRequest) => {
    r.req.flushHeaders();
    const answer = await r.answer;
    r.req.destroy();
    return answer;
  };
  const config = (address: string) =>
    rawSend(server.url, { method: 'GET', path: '/api/config', localAddress: address });

  it('stops an upload at its 40 MB, whatever its parts announce', { timeout: 180_000 }, async () => {
    // two parts of 30 MB announced: the first sent whole, the second up to 41 MB in all, then nothing
    // more; before, the second part was read whole before the total was checked, and no answer came
    const first = Buffer.concat([Buffer.from(partHead('a.csv')), Buffer.alloc(30 * MB, 0x31)]);
    const second = Buffer.concat([Buffer.from(`\r\n${partHead('b.csv')}`), Buffer.alloc(11 * MB, 0x31)]);
    const r = upload(first.length + second.length + 19 * MB, '127.0.0.1');
    await r.write(first);
    await r.write(second);
    const answer = await r.answer;
    r.req.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse((answer as { body: string }).body)).toMatchObject({
      code: 'body_too_large',
      details: { limit: 40 },
    });
  });

  it(
    "lets a visitor holding nothing save a large project while others hold the server's share",
    { timeout: 180_000 },
    async () => {
      // A (127.0.0.5) and B (127.0.0.6) hold uploads of 40 and 20 MB: the server's 60 MB are taken
      const held = [upload(40 * MB, '127.0.0.5'), upload(20 * MB, '127.0.0.6')];
      for (const h of held) await h.write(Buffer.from(partHead('a.csv')));
      await waitFor(
        'the server full',
        async () => {
          const probe = await headOnly(upload(2 * MB, '127.0.0.8', false));
          return probe.status === 503;
        },
        30_000,
      );
      // C (127.0.0.7), holding nothing, creates a 200-roof project (a body over 64 KB): before, 503
      const large = projectBody('smca', (d) => {
        const list = d.roofs as Record<string, unknown>[];
        d.roofs = Array.from({ length: 200 }, (_, i) => ({ ...list[0], name: `Toiture ${i + 1}` }));
      });
      const body = JSON.stringify(large);
      expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
      const made = await rawSend(
        server.url,
        {
          method: 'POST',
          path: '/api/smca/project',
          headers: { 'content-type': 'application/json' },
          localAddress: '127.0.0.7',
        },
        body,
      );
      expect(made.status, (made as { body: string }).body).toBe(200);
      // its upload of 40 MB is still refused while the server is full
      expect((await headOnly(upload(40 * MB, '127.0.0.7', false))).status).toBe(503);
      for (const h of held) h.req.destroy();
      await waitFor(
        'the held uploads given back',
        async () => (await headOnly(upload(40 * MB, '127.0.0.8', false))).status !== 503,
        30_000,
      );
    },
  );

  it(
    "refuses a visitor's upload past its share and the server's past its own, before reading it",
    { timeout: 180_000 },
    async () => {
      // visitor A (127.0.0.1) sends 1 MB of a 40 MB upload and holds it
      const held = upload(40 * MB, '127.0.0.1');
      await held.write(Buffer.concat([Buffer.from(partHead('a.csv')), Buffer.alloc(MB, 0x31)]));
      // its second large upload is refused before its body (40 + 40 > 64 MB), with the wait and its words
      const second = await headOnly(upload(40 * MB, '127.0.0.1'));
      expect(second.status).toBe(429);
      expect(JSON.parse((second as { body: string }).body)).toMatchObject({
        code: 'uploads_busy',
        details: { limit: 64, retryAfter: 5 },
      });
      // its other requests are answered: a page's call, a save (a small body)
      expect((await config('127.0.0.1')).status).toBe(200);
      const saved = await rawSend(
        server.url,
        {
          method: 'PUT',
          path: '/api/smca/project',
          headers: { 'content-type': 'application/json', cookie },
          localAddress: '127.0.0.1',
        },
        JSON.stringify({ ...projectBody('smca'), id: project }),
      );
      expect(saved.status).toBe(200);
      // visitor C (127.0.0.3): a 40 MB upload would take the server past its 60 MB: refused, 503
      const other = await headOnly(upload(40 * MB, '127.0.0.3', false));
      expect(other.status).toBe(503);
      expect(JSON.parse((other as { body: string }).body)).toMatchObject({ code: 'unavailable' });
      // ... but its small requests are not
      expect((await config('127.0.0.3')).status).toBe(200);
      const made = await rawSend(
        server.url,
        {
          method: 'POST',
          path: '/api/smca/project',
          headers: { 'content-type': 'application/json' },
          localAddress: '127.0.0.3',
        },
        JSON.stringify(projectBody('smca')),
      );
      expect(made.status).toBe(200);
      // A goes away: its share is given back, and C's upload is read (and refused: not its project)
      held.req.destroy();
      await waitFor(
        "the held upload's share given back",
        async () => (await headOnly(upload(40 * MB, '127.0.0.3', false))).status !== 503,
        60_000,
      );
    },
  );
});
