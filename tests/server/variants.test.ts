import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

interface Member {
  id: string;
  state: string;
  version: number;
  results: { site?: { abattement: number } } | null;
  variant: { of: string | null; no: number };
  steps: { Chantier: { forms: { form: { name: string } }[] } };
}
interface Row {
  id: string;
  name: string;
  variant: { of: string | null; no: number };
  variants: Row[];
}

describe.each(DIALECTS)('variants of a project on %s', (dialect) => {
  let place: Place;
  let server: Server;
  let owner = '';
  const api = '/api/smca';
  const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => server.app.inject(opts);
  const as = (cookie: string, opts: InjectOptions) =>
    inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { APP_MODE: 'canada' })).server;
    const res = await inject({ method: 'POST', url: `${api}/project`, payload: projectBody('smca') });
    owner = cookiesOf(res, '');
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  const create = async (name: string) => {
    const body = projectBody('smca', (d) => {
      (d.project as { name: string }).name = name;
    });
    const res = await as(owner, { method: 'POST', url: `${api}/project`, payload: body });
    return res.json<{ id: string }>().id;
  };
  const variant = (id: string, cookie = owner) =>
    as(cookie, { method: 'POST', url: `${api}/project/${id}/variant` });
  const group = async (id: string) =>
    (await as(owner, { method: 'GET', url: `${api}/project/${id}/variants` })).json<{ variants: Member[] }>()
      .variants;
  const history = async (query = '') =>
    (await as(owner, { method: 'GET', url: `${api}/project/search/1${query ? `/${query}` : ''}` })).json<{
      projects: Row[];
      total: number;
    }>();

  it('copies a calculated project as variant 2, with its answers and results, in its group', async () => {
    const id = await create('Groupe scolaire Jaurès');
    const calc = await as(owner, { method: 'GET', url: `${api}/calculate/${id}` });
    expect(calc.statusCode).toBe(200);
    const res = await variant(id);
    expect(res.statusCode).toBe(201);
    const v = res.json<{ id: string; version: number; no: number }>();
    expect(v).toMatchObject({ version: 1, no: 2 });
    expect(v.id).not.toBe(id);
    const members = await group(v.id);
    expect(members.map((m) => [m.id, m.variant])).toEqual([
      [id, { of: null, no: 1, label: null }],
      [v.id, { of: id, no: 2, label: null }],
    ]);
    expect(members[1]!.state).toBe('calculated');
    expect(members[1]!.results?.site?.abattement).toBe(members[0]!.results?.site?.abattement);
    expect(members[1]!.steps).toEqual(members[0]!.steps);
  });

  it('keeps a variant of a variant in the first project group and refuses a fifth member with 409', async () => {
    const id = await create('Halle des sports');
    const second = (await variant(id)).json<{ id: string }>().id;
    const third = await variant(second);
    expect(third.json()).toMatchObject({ no: 3 });
    expect((await variant(id)).json()).toMatchObject({ no: 4 });
    const fifth = await variant(second);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ field: 'id', code: 'variants_full' });
    expect((await group(id)).map((m) => m.variant.no)).toEqual([1, 2, 3, 4]);
  });

  it('gives each of concurrent copies its own number, never more than four members', async () => {
    const id = await create('Médiathèque');
    const answers = await Promise.all([variant(id), variant(id), variant(id), variant(id), variant(id)]);
    const made = answers.filter((r) => r.statusCode === 201).map((r) => r.json<{ no: number }>().no);
    expect(made.sort()).toEqual([2, 3, 4]);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect((await group(id)).map((m) => m.variant.no)).toEqual([1, 2, 3, 4]);
  });

  it('lists a group once in the history, its variants under it, found by any member name', async () => {
    const id = await create('Crèche Vaugirard');
    const v = (await variant(id)).json<{ id: string }>().id;
    const body = projectBody('smca', (d) => {
      (d.project as { name: string }).name = 'Crèche Vaugirard toiture intensive';
    });
    const put = await as(owner, {
      method: 'PUT',
      url: `${api}/project`,
      payload: { ...body, id: v, version: 1 },
    });
    expect(put.statusCode).toBe(200);
    const all = await history();
    expect(all.projects.filter((p) => p.id === v)).toEqual([]);
    const row = all.projects.find((p) => p.id === id)!;
    expect(row.variants.map((x) => [x.id, x.name, x.variant.no])).toEqual([
      [v, 'Crèche Vaugirard toiture intensive', 2],
    ]);
    for (const q of ['intensive', 'int']) {
      const found = await history(q);
      expect(found.projects.map((p) => p.id)).toEqual([id]);
      expect(found.total).toBe(1);
    }
  });

  it('hands the group on to variant 2 when the first project is deleted', async () => {
    const id = await create('Gymnase Pajol');
    const two = (await variant(id)).json<{ id: string }>().id;
    const three = (await variant(id)).json<{ id: string }>().id;
    const del = await as(owner, { method: 'DELETE', url: `${api}/project/${id}` });
    expect(del.statusCode).toBe(204);
    expect((await group(three)).map((m) => [m.id, m.variant.of])).toEqual([
      [two, null],
      [three, two],
    ]);
    const row = (await history('Pajol')).projects;
    expect(row.map((p) => [p.id, p.variants.map((x) => x.id)])).toEqual([[two, [three]]]);
    // the freed number 1 is the next copy's
    expect((await variant(two)).json()).toMatchObject({ no: 1 });
  });

  it("refuses another visitor's project with 404 and an unknown one with 404", async () => {
    const id = await create('Privé');
    expect((await variant(id, '')).statusCode).toBe(404);
    expect((await as('', { method: 'GET', url: `${api}/project/${id}/variants` })).statusCode).toBe(404);
    expect((await variant('nope')).statusCode).toBe(404);
    expect((await group(id)).length).toBe(1);
  });
});
