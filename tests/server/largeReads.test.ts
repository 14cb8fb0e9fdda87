/**
 * Reads of stored projects over 64 KB a minute from one visitor (server/http/bodies.ts limitLargeReads):
 * a group of four calculated 200-roof variants is 1.6 MB of JSON to parse, present, serialise and
 * compress, about 20 ms of the server's thread a read; six addresses reading one in a loop within the
 * general rate limit kept an honest visitor's /api/config at 0.4 s p50 (a helper's attack, round 6). Past
 * LARGE_READS_PER_MINUTE a visitor's next read or SWMM export of a large project is refused; its small projects, and
 * other visitors, are served.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

/** A 200-roof smca project (the schema's maximum): some 200 KB of answers. */
const bigProject = () =>
  projectBody('smca', (d) => {
    const roofs = d.roofs as Record<string, unknown>[];
    d.roofs = Array.from({ length: 200 }, (_, i) => ({ ...roofs[0], name: `Toiture ${i + 1}` }));
  });

describe.each(DIALECTS)('large reads a minute, on %s', (dialect) => {
  let place: Place;
  let server: Awaited<ReturnType<typeof serverOn>>['server'];
  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { APP_MODE: 'canada', LARGE_READS_PER_MINUTE: '3' })).server;
  });
  afterAll(async () => {
    await server.app.close();
    await place.drop();
  });

  /** A visitor at `address`: its requests carry its cookie. */
  const visitor = (address: string) => {
    let cookie = '';
    return async (o: InjectOptions) => {
      const r = await server.app.inject({ ...o, remoteAddress: address, headers: { ...o.headers, cookie } });
      cookie = cookiesOf(r, cookie);
      return r;
    };
  };
  const create = async (as: ReturnType<typeof visitor>, body: unknown) => {
    const r = await as({ method: 'POST', url: '/api/smca/project', payload: body as object });
    expect(r.statusCode, r.payload).toBe(200);
    return r.json<{ id: string }>().id;
  };

  it('refuses the fourth read of a large project in a minute, not a small one nor another visitor', async () => {
    const a = visitor('203.0.113.7');
    const big = await create(a, bigProject());
    const small = await create(a, projectBody('smca'));
    expect((await a({ method: 'GET', url: `/api/smca/project/${big}` })).statusCode).toBe(200);
    expect((await a({ method: 'GET', url: `/api/smca/project/${big}/variants` })).statusCode).toBe(200);
    expect((await a({ method: 'GET', url: `/api/smca/project/${big}` })).statusCode).toBe(200);
    for (const url of [
      `/api/smca/project/${big}`,
      `/api/smca/project/${big}/variants`,
      // its SWMM model too (some 2 MB written again on each export), refused before it is calculated
      `/api/smca/export/swmm/${big}?locale=fr`,
    ]) {
      const refused = await a({ method: 'GET', url });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', details: { limit: 3 } });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // the same visitor's small project is read, and its saves are not counted
    const read = await a({ method: 'GET', url: `/api/smca/project/${small}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: small });
    // another visitor reads its own large project
    const b = visitor('203.0.113.8');
    const its = await create(b, bigProject());
    expect((await b({ method: 'GET', url: `/api/smca/project/${its}` })).statusCode).toBe(200);
  });
});
