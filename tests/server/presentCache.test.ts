/**
 * A stored project's bounds are checked once per content, not on every read (a helper's attack, round 6:
 * six addresses reading a group of four 200-roof variants in a loop held the server's thread 15-25 ms a
 * project for the check alone). The check still decides what each read shows: a content beyond its bounds
 * shows no results, whatever was read before under the same id and version.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundChecks } from '../../server/projects/present';
import { canonicalJson } from '../../server/projects/projectText';
import { cookiesOf, freshPlace, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe('the bounds of a stored project, checked once per content', () => {
  let place: Place;
  let servers: Awaited<ReturnType<typeof serversByMode>>;
  let owner = '';
  const send = async (o: InjectOptions) => {
    const r = await servers.inject({ ...o, headers: { cookie: owner, ...o.headers } });
    owner = cookiesOf(r, owner);
    return r;
  };

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    servers = await serversByMode(place);
  });
  afterAll(async () => {
    await servers.close();
    await place.drop();
  });

  it('reads a calculated group of variants ten times with one check of each content', async () => {
    const made = await send({ method: 'POST', url: '/api/slowli/project', payload: projectBody('sl') });
    const id = made.json<{ id: string }>().id;
    expect((await send({ method: 'GET', url: `/api/sl/calculate/${id}` })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await send({ method: 'POST', url: `/api/slowli/project/${id}/variant` })).statusCode).toBe(201);
    const before = boundChecks.count;
    for (let i = 0; i < 10; i++) {
      const r = await send({ method: 'GET', url: `/api/slowli/project/${id}/variants` });
      expect(r.statusCode).toBe(200);
      const variants = r.json<{ variants: { results: unknown }[] }>().variants;
      expect(variants).toHaveLength(4);
      for (const v of variants) expect(v.results).not.toBeNull();
    }
    // the four variants hold the same answers: one content, checked once
    expect(boundChecks.count - before).toBe(1);
  });

  it('shows no results once the stored answers go beyond their bounds, at the same version', async () => {
    const legal = projectBody('sl');
    const made = await send({ method: 'POST', url: '/api/slowli/project', payload: legal });
    const id = made.json<{ id: string }>().id;
    expect((await send({ method: 'GET', url: `/api/sl/calculate/${id}` })).statusCode).toBe(200);
    const read = async () => (await send({ method: 'GET', url: `/api/slowli/project/${id}` })).json();
    const shown = await read();
    expect(shown.results).not.toBeNull();
    // as a project stored before a bound existed: its answers changed under the same id and version
    const huge = structuredClone(legal);
    const form = huge.steps.Toiture!.forms[0]!.form;
    huge.steps.Toiture!.forms[0]!.form = { ...form, surface_retention: 1e308 };
    const db = servers.client.db;
    const setContent = (steps: object) =>
      db
        .updateTable('projects')
        .set({ content: canonicalJson(steps) })
        .where('id', '=', id)
        .execute();
    await setContent(huge.steps);
    const beyond = await read();
    expect(beyond.version).toBe(shown.version);
    expect(beyond.results).toBeNull();
    expect((await read()).results).toBeNull();
    await setContent(legal.steps);
    expect((await read()).results).toEqual(shown.results);
  });
});
