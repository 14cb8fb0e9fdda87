/**
 * GET /api/health: what a load balancer or a container's health check asks every few seconds. 200 while
 * the database answers, 503 once it does not; never counted by the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { freshPlace, serverOn, type Place } from './harness';

describe('the health check', () => {
  let place: Place;
  let server: Server;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    // two requests a minute: a probe counted by the limit would be refused from the third on
    server = (await serverOn(place, { APP_MODE: 'client', RATE_LIMIT: '2' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('answers 200 while the database answers, however often it is asked', async () => {
    for (let i = 0; i < 5; i += 1) {
      const r = await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ status: 'ok' });
    }
    // the limit holds for the other routes
    const limited = [];
    for (let i = 0; i < 3; i += 1)
      limited.push((await server.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    expect(limited).toContain(429);
  });

  it('answers 503 once the database does not', async () => {
    await server.db.destroy();
    const r = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ code: 'unavailable' });
  });
});
