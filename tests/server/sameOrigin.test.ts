/**
 * Behind a reverse proxy that passes on another Host than the browser's (nginx's default is the upstream's
 * name), the app's own saves still pass when their Origin is PUBLIC_URL's; another site's never do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe('the same-origin guard behind a proxy', () => {
  let place: Place;
  let withPublic: Server;
  let without: Server;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    withPublic = (await serverOn(place, { APP_MODE: 'client', PUBLIC_URL: 'https://calculs.example.fr' }))
      .server;
    without = (await serverOn(place, { APP_MODE: 'client' })).server;
  });
  afterAll(async () => {
    await withPublic.close();
    await without.close();
    await place.drop();
  });

  const save = (server: Server, origin: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      headers: { host: 'upstream', origin, 'sec-fetch-site': 'same-origin' },
      payload: projectBody('sl'),
    });

  it("takes PUBLIC_URL's origin as the server's own, whatever Host the proxy sent", async () => {
    expect((await save(withPublic, 'https://calculs.example.fr')).statusCode).toBe(200);
  });
  it('refuses any other origin, and the public one when PUBLIC_URL is not set', async () => {
    expect((await save(withPublic, 'https://evil.example')).statusCode).toBe(403);
    expect((await save(withPublic, 'null')).statusCode).toBe(403);
    expect((await save(without, 'https://calculs.example.fr')).statusCode).toBe(403);
  });
});
