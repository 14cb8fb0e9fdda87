import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe("the API's JSON answers, compressed for a browser that takes it (issue 40: a phone's download)", () => {
  let place: Place;
  let server: Server;
  let cookie = '';
  let id = '';

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = (await serverOn(place)).server;
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    cookie = cookiesOf(made);
    id = made.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  const project = (encoding?: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/slowli/project/${id}`,
      headers: { cookie, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
    });

  it('sends a stored project in brotli, else gzip, the same answer once decompressed', async () => {
    const plain = await project();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.rawPayload.toString('utf8');
    expect(text.length).toBeGreaterThan(1024);

    const br = await project('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(text.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(text);

    const gz = await project('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(text);
  });

  it('leaves short answers, and a coding the client refuses, as they are', async () => {
    const config = await server.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'accept-encoding': 'br' },
    });
    expect(config.statusCode).toBe(200);
    if (config.rawPayload.length < 1024) expect(config.headers['content-encoding']).toBeUndefined();
    expect((await project('br;q=0, identity')).headers['content-encoding']).toBeUndefined();
    expect((await project('br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await project('identity')).headers['content-encoding']).toBeUndefined();
  });
});
