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
  let components: Record<string, unknown>;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    // admin mode offers every French calculator; the brand logo adds its own route
    server = (await serverOn(place, { APP_MODE: 'admin', ADMIN_PASSWORD: 'admin-password-2' })).server;
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ paths: typeof paths; components?: { schemas?: typeof components } }>();
    paths = doc.paths;
    components = doc.components?.schemas ?? {};
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

  it('declares what every success answer holds: no open object', () => {
    const open: string[] = [];
    /** Every object schema that declares neither its members nor, for a map, its values' schema. */
    const walk = (schema: unknown, at: string, seen: Set<unknown>): void => {
      if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
      seen.add(schema);
      const s = schema as Record<string, unknown>;
      if (typeof s.$ref === 'string') {
        const name = s.$ref.replace('#/components/schemas/', '');
        walk(components[name], at, seen);
        return;
      }
      const types = ([] as unknown[]).concat(s.type ?? []);
      const extra = s.additionalProperties;
      // (OpenAPI 3.0 writes null as { type: 'object', nullable: true, enum: [null] })
      if ((types.includes('object') || 'additionalProperties' in s) && !s.properties && !s.enum)
        if (extra === undefined || extra === true) open.push(at);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
        walk(v, `${at}.${k}`, seen);
      if (typeof extra === 'object') walk(extra, `${at}.*`, seen);
      walk(s.items, `${at}[]`, seen);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        ((s[key] ?? []) as unknown[]).forEach((x, i) => walk(x, `${at}|${i}`, seen));
    };
    for (const [path, operations] of Object.entries(paths))
      for (const [method, op] of Object.entries(operations))
        for (const [code, answer] of Object.entries(op.responses ?? {}))
          if (/^2\d\d$/.test(code))
            walk(
              (answer as { content?: Record<string, { schema?: unknown }> }).content?.['application/json']
                ?.schema,
              `${method} ${path} ${code}`,
              new Set(),
            );
    expect(open).toEqual([]);
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
