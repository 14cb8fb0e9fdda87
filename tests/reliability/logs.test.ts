/**
 * Issue 35, item 8: the server's request log never holds a project link's token or a note's
 * verification code (a log reader could open any project, or withdraw... nothing, but read any note).
 * The real server process, its real log read back after every route that carries one, and the paths a
 * browser opens (/client/open/{token}, /client/verify/{code}), typed in capitals or with a doubled slash.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freshPlace } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { Browser, printNote, startServer, stopAll } from './support/child';
import { fakeDist, waitFor } from './support/common';

describe('the request log', () => {
  afterAll(stopAll);

  it('names the routes of links and codes, never the token or the code', async () => {
    const place = await freshPlace('sqlite');
    const server = await startServer({ ...place.env, DIST_DIR: fakeDist() });
    try {
      const owner = new Browser(server.url);
      const id = ((await owner.send('POST', '/api/slowli/project', projectBody('sl'))).body as { id: string })
        .id;
      const token = ((await owner.send('POST', `/api/slowli/project/${id}/link`)).body as { token: string })
        .token;
      const { code, pdf } = await printNote(owner, id);

      const other = new Browser(server.url);
      const typed = `${code.slice(0, 13).toUpperCase()}-${code.slice(13)}`;
      const visits: [string, string, unknown?][] = [
        ['POST', `/api/project_link/${token}`],
        ['GET', `/client/open/${token}`],
        ['GET', `/api/verify/${code}?locale=en`],
        ['GET', `/api/verify/${typed}`],
        ['GET', `/client/verify/${code}?lang=en`],
        ['GET', `//api//verify//${code}`],
        ['PATCH', `/api/slowli/note/${code}`, { show_client: false }],
      ];
      for (const [method, path, body] of visits)
        expect((await other.send(method, path, body)).status, `${method} ${path}`).toBeLessThan(500);
      const check = await fetch(`${server.url}/api/verify/${code}/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array(pdf),
      });
      expect(await check.json()).toEqual({ issued: true, withdrawn: false });

      // every request above is in the log, by its route, its secret left out
      await waitFor('the last request in the log', () => server.log().includes('/pdf"'), 10_000);
      const log = server.log();
      for (const secret of [token, code, typed, code.toUpperCase()]) expect(log).not.toContain(secret);
      for (const route of [
        '/api/project_link/[redacted]',
        '/client/open/[redacted]',
        '/api/verify/[redacted]?locale=en',
        '/client/verify/[redacted]?lang=en',
        '/api/slowli/note/[redacted]',
        '/api/verify/[redacted]/pdf',
      ])
        expect(log).toContain(route);
      // the project's own routes stay readable
      expect(log).toContain(`/api/slowli/project/${id}/link`);
    } finally {
      await server.stop();
      await place.drop();
    }
  });
});
