import '@fastify/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { redactedUrl } from '../../server/http/logRedaction';
import { freshPlace, serverOn, type Place } from './harness';

const SECRET = 'q7tmsecretxz2vb4kd5nw6pe3a';

describe('the request log keeps no token or code', () => {
  let place: Place;
  let server: Server;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = (await serverOn(place)).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('redacts every API route that carries a {token} or a {code}, and no other segment', () => {
    const paths = Object.keys(server.app.swagger().paths ?? {});
    const secret = paths.filter((p) => /\{(token|code)\}/.test(p));
    // the routes of issue 30: a link opened, a code checked (page and PDF), a note shown or withdrawn
    expect(secret.length).toBeGreaterThanOrEqual(4);
    for (const path of secret) {
      const url = path.replace(/\{(token|code)\}/g, SECRET).replace(/\{[^}]+\}/g, 'slowli');
      expect(redactedUrl(url), path).not.toContain(SECRET);
      expect(redactedUrl(`${url}?locale=en`), path).toContain('[redacted]');
    }
    for (const path of paths.filter((p) => !/\{(token|code)\}/.test(p))) {
      const url = path.replace(/\{[^}]+\}/g, 'x1');
      expect(redactedUrl(url), path).toBe(url);
    }
  });

  it('redacts the pages a link or a code opens, however typed', () => {
    expect(redactedUrl(`/client/open/${SECRET}`)).toBe('/client/open/[redacted]');
    expect(redactedUrl(`/client/verify/${SECRET}?lang=en`)).toBe('/client/verify/[redacted]?lang=en');
    expect(redactedUrl(`//API//Verify//${SECRET.toUpperCase()}/pdf`)).toBe('//API//Verify//[redacted]/pdf');
    expect(redactedUrl(`/api/slowli/note_draft/${SECRET}`)).toBe(`/api/slowli/note_draft/${SECRET}`);
  });
});
