import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, DIALECTS, freshPlace, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe.each(DIALECTS)('calculate routes on %s', (dialect) => {
  let place: Place;
  let servers: Awaited<ReturnType<typeof serversByMode>>;
  let owner = '';
  const inject = (o: InjectOptions): Promise<LightMyRequestResponse> => servers.inject(o);
  const create = async (type: string, body: unknown) => {
    const r = await inject({
      method: 'POST',
      url: `/api/${type}/project`,
      payload: body as object,
      headers: { cookie: owner },
    });
    owner = cookiesOf(r, owner);
    return r.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    place = await freshPlace(dialect);
    servers = await serversByMode(place, { ADMIN_PASSWORD: 'admin-password-3' });
  });
  afterAll(async () => {
    await servers.close();
    await place.drop();
  });

  it('sizes the limiters of an sl project, stores the results and marks it calculated', async () => {
    const id = await create('slowli', projectBody('sl'));
    const res = await inject({ method: 'GET', url: `/api/sl/calculate/${id}`, headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.limiters[0]).toMatchObject({ roof_name: 'Toiture A', count: 3 });
    expect(r.max_volume).toBe(39.7);
    expect(r.diameter).toBeUndefined();
    const got = (
      await inject({ method: 'GET', url: `/api/slowli/project/${id}`, headers: { cookie: owner } })
    ).json();
    expect(got.state).toBe('calculated');
    expect(got.results.max_volume).toBe(39.7);
    expect(got.results.diameter).toBeUndefined();
    const admin = cookiesOf(
      await inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'admin-password-3' } }),
    );
    const asAdmin = await inject({
      method: 'GET',
      url: `/api/slowli/calculate/${id}`,
      headers: { cookie: admin },
    });
    expect(asAdmin.json().diameter).toBe(27);
  });

  it('clears the results when a later save changes the project', async () => {
    const body = projectBody('sl');
    const id = await create('slowli', body);
    await inject({ method: 'GET', url: `/api/sl/calculate/${id}`, headers: { cookie: owner } });
    const changed = projectBody('sl', (d) => {
      (d.roofs as Record<string, unknown>[])[0]!.surface = 2000;
    });
    const put = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...changed, id },
      headers: { cookie: owner },
    });
    expect(put.json().changed).toBe(true);
    const got = (
      await inject({ method: 'GET', url: `/api/slowli/project/${id}`, headers: { cookie: owner } })
    ).json();
    expect(got).toMatchObject({ results: null, state: 'ongoing' });
  });

  it('answers 422 listing every reason the project cannot be calculated', async () => {
    const id = await create(
      'slowli',
      projectBody('sl', (d) => {
        (d.roofs as Record<string, unknown>[])[0]!.drainage = { horizontal: 0, vertical: 0 };
      }),
    );
    const res = await inject({ method: 'GET', url: `/api/sl/calculate/${id}`, headers: { cookie: owner } });
    expect(res.statusCode).toBe(422);
    expect(res.json().details.map((r: { code: string }) => r.code)).toEqual(['no_drain', 'no_drain']);
    const loop = await create(
      'smca',
      projectBody('smca', (d) => {
        (d.roofs as Record<string, unknown>[])[0]!.destination = 'roof_1';
      }),
    );
    const r2 = await inject({
      method: 'GET',
      url: `/api/smca/calculate/${loop}`,
      headers: { cookie: owner },
    });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().details[0]).toMatchObject({ code: 'spill_loop', field: 'steps.Deversement' });
    const region = await create(
      'skywater_manager',
      projectBody('sm', (d) => {
        (d.project as Record<string, unknown>).postcode = '97400';
      }),
    );
    const r3 = await inject({
      method: 'GET',
      url: `/api/skywater_manager/calculate/${region}`,
      headers: { cookie: owner },
    });
    expect(r3.json()).toMatchObject({ field: 'steps.Chantier.forms.0.form.postcode' });
  });

  it('calculates the abattement of sm and smca projects', async () => {
    const sm = await create('skywater_manager', projectBody('sm'));
    const a = await inject({
      method: 'GET',
      url: `/api/skywater_manager/calculate/${sm}`,
      headers: { cookie: owner },
    });
    expect(a.statusCode).toBe(200);
    expect(a.json().toitureResults).toHaveLength(2);
    expect(a.json().pluviometrie).toHaveLength(12);
    const ca = await create('smca', projectBody('smca'));
    const b = await inject({ method: 'GET', url: `/api/smca/calculate/${ca}`, headers: { cookie: owner } });
    expect(b.json().station.id).toBe('toronto');
  });

  it('keeps other visitors out and knows only real ids', async () => {
    const id = await create('slowli', projectBody('sl'));
    const other = cookiesOf(await inject({ method: 'GET', url: '/api/slowli/project/search/1' }));
    expect(
      (await inject({ method: 'GET', url: `/api/sl/calculate/${id}`, headers: { cookie: other } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject({ method: 'GET', url: '/api/sl/calculate/nope', headers: { cookie: owner } })).statusCode,
    ).toBe(404);
    expect(
      (await inject({ method: 'GET', url: `/api/rooftop/calculate/${id}`, headers: { cookie: owner } }))
        .statusCode,
    ).toBe(404);
  });
});
