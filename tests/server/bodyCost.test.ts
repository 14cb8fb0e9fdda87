/**
 * What a body may cost the server's thread before a route sees it (a helper's attack, round 8). JSON.parse
 * costs by the value: 12 MB of `[{},{},…]` held the thread 1.2 s, and one address sending such notes on
 * two connections kept visitors' /api/config at 3 s. Sent gzipped, the same 12 MB took 12 KB and passed
 * as a small body, outside every bound on large bodies. So:
 * - a compressed body (Content-Encoding) is refused 415 and never inflated;
 * - a JSON body, or a note's JSON inside it, of more than JSON_VALUES_MAX values is refused 413 before it
 *   is parsed; the largest project (200 roofs) is still saved.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENSE_VALUES, JSON_VALUES_MAX } from '../../server/http/turns';
import { cookiesOf, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe('what a body may cost', () => {
  let place: Place;
  let server: Awaited<ReturnType<typeof serverOn>>['server'];
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = (await serverOn(place)).server;
  });
  afterAll(async () => {
    await server.app.close();
    await place.drop();
  });

  const search = async (cookie: string) =>
    (
      await server.app.inject({ method: 'GET', url: '/api/slowli/project/search/1', headers: { cookie } })
    ).json<{ total: number }>().total;

  it('refuses a compressed body, 415 naming Content-Encoding, and stores nothing', async () => {
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    expect(first.statusCode).toBe(200);
    const cookie = cookiesOf(first);
    const coded = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(projectBody('sl'))),
    });
    expect(coded.statusCode).toBe(415);
    expect(coded.json()).toMatchObject({ code: 'unsupported_type', field: 'content-encoding' });
    expect(await search(cookie)).toBe(1);
  });

  it('counts refused compressed bodies in the rate limit: past it, 429 before another 415', async () => {
    // on main the refusal ran before the rate limit's hook: an address sent them without end
    const limited = (await serverOn(place, { RATE_LIMIT: '5' })).server;
    try {
      const coded = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/slowli/project',
          remoteAddress: '203.0.113.90',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          payload: gzipSync('{}'),
        });
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) codes.push((await coded()).statusCode);
      expect(codes).toEqual([415, 415, 415, 415, 415, 429, 429]);
      const config = await limited.app.inject({ url: '/api/config', remoteAddress: '203.0.113.90' });
      expect(config.statusCode).toBe(429);
      const other = await limited.app.inject({ url: '/api/config', remoteAddress: '203.0.113.91' });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('counts a small body dense in values as a large body, before its parse', async () => {
    // on main such bodies (under 64 KB) were parsed and walked at the general rate limit's pace
    const limited = (await serverOn(place, { LARGE_BODIES_PER_MINUTE: '3' })).server;
    try {
      const send = (values: number, address = '203.0.113.92') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/slowli/project',
          remoteAddress: address,
          headers: { 'content-type': 'application/json' },
          // `[0,0,…,0]`: its `[` and its commas, `values` in all as the server counts them
          payload: '[' + '0,'.repeat(values - 1) + '0]',
        });
      // just under the threshold: never counted
      const under: number[] = [];
      for (let i = 0; i < 5; i += 1) under.push((await send(DENSE_VALUES)).statusCode);
      expect(under).toEqual([400, 400, 400, 400, 400]);
      const dense: number[] = [];
      for (let i = 0; i < 5; i += 1) dense.push((await send(DENSE_VALUES + 1)).statusCode);
      expect(dense).toEqual([400, 400, 400, 429, 429]);
      const refused = await send(DENSE_VALUES + 1);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', details: { limit: 3 } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // the same address's ordinary save, and another address's dense body, still go through
      const save = await limited.app.inject({
        method: 'POST',
        url: '/api/slowli/project',
        remoteAddress: '203.0.113.92',
        payload: projectBody('sl'),
      });
      expect(save.statusCode).toBe(200);
      expect((await send(DENSE_VALUES + 1, '203.0.113.93')).statusCode).toBe(400);
    } finally {
      await limited.app.close();
    }
  });

  it('refuses a JSON body of too many values before parsing it; a 200-roof project is saved', async () => {
    const values = '[' + '{},'.repeat(JSON_VALUES_MAX) + '{}]';
    const many = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      headers: { 'content-type': 'application/json' },
      payload: `{"steps":{},"pad":${values}}`,
    });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ code: 'too_large', details: { limit: JSON_VALUES_MAX } });
    const large = projectBody('smca', (d) => {
      const list = d.roofs as Record<string, unknown>[];
      d.roofs = Array.from({ length: 200 }, (_, i) => ({ ...list[0], name: `Toiture ${i + 1} `.repeat(20) }));
    });
    const canada = (await serverOn(place, { APP_MODE: 'canada' })).server;
    try {
      const saved = await canada.app.inject({ method: 'POST', url: '/api/smca/project', payload: large });
      expect(saved.statusCode, saved.payload).toBe(200);
    } finally {
      await canada.app.close();
    }
  });

  it("refuses a note whose JSON holds too many values, escaped in the body's text", async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const { id } = created.json<{ id: string }>();
    // the note's objects written \u007b\u007d: the body's own text holds no `{` of them
    const data = '[' + '\\u007b\\u007d\\u002c'.repeat(JSON_VALUES_MAX + 1) + '\\u007b\\u007d]';
    const note = await server.app.inject({
      method: 'POST',
      url: `/api/slowli/pdf_download/${id}`,
      headers: { cookie: cookiesOf(created), 'content-type': 'application/json' },
      payload: `{"data":"${data}"}`,
    });
    expect(note.statusCode).toBe(413);
    expect(note.json()).toMatchObject({ code: 'too_large', field: 'data' });
  });
});
