/**
 * The answers of large reads kept compressed (server/projects/servedAnswers.ts): a group of four
 * calculated 200-roof variants is 1.6 MB of JSON, and six addresses reading one in a loop within every
 * limit held an honest visitor's /api/config at 470 ms p50 (a helper's attack, round 7). A read of the
 * same rows again sends the bytes kept; any change a read would show is shown on the next read.
 */
import type { InjectOptions } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

interface Member {
  id: string;
  version: number;
  state: string;
  results: { site?: unknown } | null;
  variant: { of: string | null; no: number; label: string | null };
}

/** A 200-roof smca project (the schema's maximum): some 100 KB of answers, 300 KB of results. */
const bigProject = (surface = 1500) =>
  projectBody('smca', (d) => {
    const roofs = d.roofs as Record<string, unknown>[];
    d.roofs = Array.from({ length: 200 }, (_, i) => ({ ...roofs[0], name: `Toiture ${i + 1}`, surface }));
  });

describe.each(DIALECTS)('large reads answered from what was sent, on %s', (dialect) => {
  let place: Place;
  let server: Server;
  let cookie = '';
  const as = async (o: InjectOptions) => {
    const r = await server.app.inject({ ...o, headers: { ...o.headers, cookie } });
    cookie = cookiesOf(r, cookie);
    return r;
  };
  /** The group read in a coding, decoded; and how many answers were made for it. */
  const group = async (id: string, encoding = 'br') => {
    const made = server.app.served.made;
    const r = await as({
      method: 'GET',
      url: `/api/smca/project/${id}/variants`,
      headers: { 'accept-encoding': encoding },
    });
    expect(r.statusCode, r.payload).toBe(200);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    const text =
      encoding === 'br'
        ? brotliDecompressSync(r.rawPayload).toString('utf8')
        : encoding === 'gzip'
          ? gunzipSync(r.rawPayload).toString('utf8')
          : r.payload;
    if (encoding !== 'identity') expect(r.headers['content-encoding']).toBe(encoding);
    return { text, members: JSON.parse(text).variants as Member[], made: server.app.served.made - made };
  };

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { APP_MODE: 'canada' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('answers a project alone and its group of one, the same rows, each with its own answer', async () => {
    const made = await as({ method: 'POST', url: '/api/smca/project', payload: bigProject() });
    const id = made.json<{ id: string }>().id;
    expect((await as({ method: 'GET', url: `/api/smca/calculate/${id}` })).statusCode).toBe(200);
    // the results page reads both, in turn, in one coding (a group of one, past 64 KB: both kept)
    const alone = async () => {
      const r = await as({
        method: 'GET',
        url: `/api/smca/project/${id}`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(r.statusCode).toBe(200);
      return JSON.parse(brotliDecompressSync(r.rawPayload).toString('utf8')) as Member;
    };
    expect((await alone()).id).toBe(id);
    const once = await group(id);
    expect(once.made).toBe(1);
    expect(once.members.map((m) => m.id)).toEqual([id]);
    // and again, both kept now
    expect((await alone()).id).toBe(id);
    expect((await group(id)).members.map((m) => m.id)).toEqual([id]);
  });

  it('sends a group read again as it was sent, and every change on the next read', async () => {
    const made = await as({ method: 'POST', url: '/api/smca/project', payload: bigProject() });
    const head = made.json<{ id: string }>().id;
    expect((await as({ method: 'GET', url: `/api/smca/calculate/${head}` })).statusCode).toBe(200);
    const ids = [head];
    for (let i = 0; i < 3; i += 1) {
      const v = await as({ method: 'POST', url: `/api/smca/project/${head}/variant` });
      expect(v.statusCode).toBe(201);
      ids.push(v.json<{ id: string }>().id);
    }
    const first = await group(head);
    expect(first.made).toBe(1);
    expect(first.text.length).toBeGreaterThan(1_000_000);
    expect(first.members.map((m) => m.id)).toEqual(ids);
    expect(first.members.every((m) => m.results?.site)).toBe(true);
    // again, and from another member of the group: the same bytes, not made again
    expect(await group(head)).toMatchObject({ text: first.text, made: 0 });
    expect(await group(ids[2]!)).toMatchObject({ text: first.text, made: 0 });
    // in each other coding, made once, the same answer
    expect(await group(head, 'gzip')).toMatchObject({ text: first.text, made: 1 });
    expect(await group(head, 'identity')).toMatchObject({ text: first.text, made: 1 });
    expect(await group(head, 'identity')).toMatchObject({ text: first.text, made: 0 });
    // a project alone, the same way
    const one = async () =>
      as({ method: 'GET', url: `/api/smca/project/${ids[1]}`, headers: { 'accept-encoding': 'gzip' } });
    const alone = gunzipSync((await one()).rawPayload).toString('utf8');
    expect(JSON.parse(alone)).toEqual(first.members[1]);
    const before = server.app.served.made;
    expect(gunzipSync((await one()).rawPayload).toString('utf8')).toBe(alone);
    expect(server.app.served.made).toBe(before);

    // a variant named
    const named = await as({
      method: 'PATCH',
      url: `/api/smca/project/${ids[1]}/variant`,
      payload: { label: 'Toundra' },
    });
    expect(named.statusCode).toBe(200);
    let now = await group(head);
    expect(now.made).toBe(1);
    expect(now.members[1]!.variant.label).toBe('Toundra');
    // a variant's answers changed: its results go
    const saved = await as({
      method: 'PUT',
      url: '/api/smca/project',
      payload: { id: ids[2], ...bigProject(1400) },
    });
    expect(saved.statusCode, saved.payload).toBe(200);
    now = await group(head);
    expect(now.members[2]!.results).toBeNull();
    expect(now.members[2]!.version).toBe(first.members[2]!.version + 1);
    // then calculated: its results come, at the same version
    expect((await as({ method: 'GET', url: `/api/smca/calculate/${ids[2]}` })).statusCode).toBe(200);
    now = await group(head);
    expect(now.members[2]!.results?.site).toBeTruthy();
    expect(now.members[2]!.version).toBe(first.members[2]!.version + 1);
    // the first project deleted: its group goes to variant 2 (whose row is not stamped anew)
    expect(JSON.parse(gunzipSync((await one()).rawPayload).toString('utf8')).variant.of).toBe(head);
    const gone = await as({ method: 'DELETE', url: `/api/smca/project/${head}` });
    expect(gone.statusCode).toBe(204);
    expect(JSON.parse(gunzipSync((await one()).rawPayload).toString('utf8')).variant).toMatchObject({
      of: null,
      no: 2,
    });
    now = await group(ids[1]!);
    expect(now.members.map((m) => m.id)).toEqual(ids.slice(1));
    expect(now.members[0]!.variant.of).toBeNull();
    expect(now.members[1]!.variant.of).toBe(ids[1]);
    // and another visitor still reads nothing of it
    const other = await server.app.inject({
      method: 'GET',
      url: `/api/smca/project/${ids[1]}/variants`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(other.statusCode).toBe(404);
  });
});
