/**
 * Bodies over 64 KB a minute from one visitor (server/http/bodies.ts limitLargeBodies): a 200-roof
 * project's save costs the server's thread about 11 ms, refused or not, and six addresses saving one in a
 * loop within the general rate limit kept every visitor waiting about 200 ms (a helper's attack,
 * 2026-11-28). Past LARGE_BODIES_PER_MINUTE a visitor's next large body is refused before it is read; its
 * small requests, and other visitors, are not.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshPlace, serverOn, type Place } from './harness';

describe.each(DIALECTS)('large bodies a minute, on %s', (dialect) => {
  let place: Place;
  let server: Awaited<ReturnType<typeof serverOn>>['server'];
  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { LARGE_BODIES_PER_MINUTE: '3' })).server;
  });
  afterAll(async () => {
    await server.app.close();
    await place.drop();
  });

  /** A 100 KB body (the schema refuses it: 400, once read) from `address`. */
  const large = (address: string): InjectOptions => ({
    method: 'POST',
    url: '/api/slowli/project',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ steps: {}, pad: 'x'.repeat(100 * 1024) }),
  });

  it('refuses the fourth large body of a minute from one address, not its small requests nor others', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await server.app.inject(large('203.0.113.7'))).statusCode).toBe(400);
    const fourth = await server.app.inject(large('203.0.113.7'));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'rate_limited', details: { limit: 3 } });
    const wait = Number(fourth.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // a small request of the same visitor, and another visitor's large body, are read
    const small = await server.app.inject({
      method: 'GET',
      url: '/api/config',
      remoteAddress: '203.0.113.7',
    });
    expect(small.statusCode).toBe(200);
    expect((await server.app.inject(large('203.0.113.8'))).statusCode).toBe(400);
  });
});
