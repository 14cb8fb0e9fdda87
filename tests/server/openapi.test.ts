import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { freshPlace, serverOn, type Place } from './harness';

type Operation = {
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

/**
 * Every API route declares its answers (issue 29): the OpenAPI document Fastify builds from the routes'
 * schemas lists, for each /api operation, its success and the error body for 4xx and 5xx.
 */
describe('the OpenAPI document', () => {
  let place: Place;
  let server: Server;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    // admin mode offers every French calculator; the brand logo adds its own route
    server = (await serverOn(place, { APP_MODE: 'admin', ADMIN_PASSWORD: 'admin-password-2' })).server;
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    paths = res.json<{ paths: typeof paths }>().paths;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('gives every API operation a success and the error body for 4xx and 5xx', () => {
    const missing: string[] = [];
    let count = 0;
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(operations)) {
        count += 1;
        const codes = Object.keys(op.responses ?? {});
        if (!codes.some((c) => /^2\d\d$/.test(c))) missing.push(`${method} ${path}: no success`);
        for (const range of ['4XX', '5XX'])
          if (!codes.includes(range)) missing.push(`${method} ${path}: no ${range}`);
      }
    }
    expect(missing).toEqual([]);
    // the project routes, the workflow's, the files', the note's, the workbooks', auth and config
    expect(count).toBeGreaterThan(25);
  });

  it('documents the routes each workflow declares', () => {
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/slowli/set_project_command/{id}',
        '/api/slowli/deny_project/{id}',
        '/api/slowli/send-project/{id}',
        '/api/slowli/comment/{id}',
        '/api/slowli/export_excel/{id}',
      ]),
    );
    expect(paths['/api/slowli/send-project/{id}']?.get?.responses?.['200']).toBeDefined();
  });

  it("documents each calculator's project body, as Fastify checks it", () => {
    const stepsOf = (path: string, method: 'post' | 'put') =>
      Object.keys(
        (
          paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema?.properties?.steps as {
            properties?: object;
          }
        )?.properties ?? {},
      );
    // the flow limiter's steps and the abattement calculator's, each under its own path
    expect(stepsOf('/api/slowli/project', 'post')).toEqual(expect.arrayContaining(['Chantier', 'Toiture']));
    expect(stepsOf('/api/slowli/project', 'put')).toEqual(stepsOf('/api/slowli/project', 'post'));
    expect(stepsOf('/api/skywater_manager/preview', 'post').length).toBeGreaterThan(0);
    expect(stepsOf('/api/skywater_manager/project', 'post')).not.toEqual(
      stepsOf('/api/slowli/project', 'post'),
    );
  });
});
