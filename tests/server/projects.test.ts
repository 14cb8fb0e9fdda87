import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe.each(DIALECTS)('projects API on %s', (dialect) => {
  let place: Place;
  let server: Server;
  /** each test's own visitor, with an owner cookie of its own: a test reads nothing another one left */
  let alice = '';
  const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => server.app.inject(opts);

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { ADMIN_PASSWORD: 'correct horse battery' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });
  beforeEach(async () => {
    alice = cookiesOf(await inject({ method: 'GET', url: '/api/slowli/project/search/1' }));
  });

  const create = async (cookie: string, body = projectBody('sl')) => {
    const res = await inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: body,
      headers: { cookie },
    });
    return {
      res,
      cookie: cookiesOf(res, cookie),
      json: res.json<{ id: string; changed: boolean; version: number }>(),
    };
  };

  it('creates a project with a random id and gives the visitor an owner cookie', async () => {
    const r = await create('');
    expect(r.res.statusCode).toBe(200);
    expect(r.json.changed).toBe(true);
    expect(r.json.version).toBe(1);
    expect(r.json.id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const set = r.res.cookies.find((c) => c.name === 'rw_owner');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const again = await create(r.cookie);
    expect(again.json.id).not.toBe(r.json.id);
  });

  it('returns the project with its steps, state and dates', async () => {
    const { json } = await create(alice);
    const res = await inject({
      method: 'GET',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: alice },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ id: json.id, state: 'ongoing', version: 1, command: null });
    expect(p.steps.Chantier.forms[0].form.adress).toBe('12 rue des Tilleuls');
    expect(p.created.date).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('answers changed false for an identical save and keeps the version', async () => {
    const body = projectBody('sl');
    const { json } = await create(alice, body);
    const res = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...body, id: json.id },
      headers: { cookie: alice },
    });
    expect(res.json()).toEqual({ id: json.id, changed: false, version: 1 });
  });

  it('answers changed true for a real change and bumps the version', async () => {
    const { json } = await create(alice);
    const body = projectBody('sl', (d) => {
      (d.project as { city: string }).city = 'Villeurbanne';
    });
    const res = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...body, id: json.id, version: 1 },
      headers: { cookie: alice },
    });
    expect(res.json()).toEqual({ id: json.id, changed: true, version: 2 });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const { json } = await create(alice);
    const v2 = projectBody('sl', (d) => {
      (d.project as { city: string }).city = 'Bron';
    });
    await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...v2, id: json.id, version: 1 },
      headers: { cookie: alice },
    });
    const stale = projectBody('sl', (d) => {
      (d.project as { city: string }).city = 'Vénissieux';
    });
    const res = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...stale, id: json.id, version: 1 },
      headers: { cookie: alice },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'version', details: { version: 2 } });
    const got = await inject({
      method: 'GET',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: alice },
    });
    expect(got.json().steps.Chantier.forms[0].form.city).toBe('Bron');
  });

  it('names the field of a bad body with 400 and stores nothing', async () => {
    const before = await inject({
      method: 'GET',
      url: '/api/slowli/project/search/1',
      headers: { cookie: alice },
    });
    const body = projectBody('sl');
    (body.steps.Toiture!.forms[0]!.form as Record<string, unknown>).surface_retention = 'big';
    const res = await inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: body,
      headers: { cookie: alice },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('steps.Toiture.forms.0.form.surface_retention');
    const extra = projectBody('sl');
    (extra.steps.Chantier!.forms[0]!.form as Record<string, unknown>).colour = 'red';
    const r2 = await inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: extra,
      headers: { cookie: alice },
    });
    expect(r2.json()).toMatchObject({ field: 'steps.Chantier.forms.0.form.colour' });
    const r3 = await inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: { id: null },
      headers: { cookie: alice },
    });
    expect(r3.json()).toMatchObject({ field: 'steps' });
    const r4 = await inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: 'not json',
      headers: { cookie: alice, 'content-type': 'application/json' },
    });
    expect(r4.statusCode).toBe(400);
    const after = await inject({
      method: 'GET',
      url: '/api/slowli/project/search/1',
      headers: { cookie: alice },
    });
    expect(after.json().total).toBe(before.json().total);
  });

  it('checks each product against its own server format, in the modes that offer it', async () => {
    const modes = await serversByMode(place);
    const sm = await modes.inject({
      method: 'POST',
      url: '/api/skywater_manager/project',
      payload: projectBody('sm'),
      headers: { cookie: alice },
    });
    expect(sm.statusCode).toBe(200);
    const smca = await modes.inject({
      method: 'POST',
      url: '/api/smca/project',
      payload: projectBody('smca'),
      headers: { cookie: alice },
    });
    expect(smca.statusCode).toBe(200);
    const wrong = await modes.inject({
      method: 'POST',
      url: '/api/smca/project',
      payload: projectBody('sl'),
      headers: { cookie: alice },
    });
    expect(wrong.statusCode).toBe(400);
    // A spill's ends are the roof's and the ground's forms as the wizard sends them, nothing more: any
    // object was stored as sent (0.9 MB of junk a project, outside the storage quotas)
    const spill = (end: 'source' | 'destination', junk: Record<string, unknown>) => {
      const body = projectBody('sm');
      const form = body.steps.Deversement!.forms[0]!.form as Record<string, Record<string, unknown>>;
      form[end] = { ...form[end], ...junk };
      return modes.inject({
        method: 'POST',
        url: '/api/skywater_manager/project',
        payload: body,
        headers: { cookie: alice },
      });
    };
    const padded = await spill('source', { padding: 'x'.repeat(100_000) });
    expect(padded.statusCode).toBe(400);
    expect(padded.json()).toMatchObject({ field: 'steps.Deversement.forms.0.form.source.padding' });
    expect((await spill('destination', { surface: 'wide' })).statusCode).toBe(400);
    expect((await spill('destination', { surface: 120 })).statusCode).toBe(200);
    await modes.close();
    // This client-mode server offers neither abattement calculator.
    const notHere = await inject({
      method: 'POST',
      url: '/api/smca/project',
      payload: projectBody('smca'),
      headers: { cookie: alice },
    });
    expect(notHere.statusCode).toBe(404);
  });

  it('answers every refusal with a stable code beside its message, for the app to word it', async () => {
    const codes = async (o: InjectOptions) =>
      (await inject({ ...o, headers: { cookie: alice } })).json().code;
    expect(await codes({ method: 'GET', url: '/api/slowli/project/nope' })).toBe('not_found');
    expect(await codes({ method: 'GET', url: '/api/nowhere' })).toBe('not_found');
    expect(await codes({ method: 'POST', url: '/api/slowli/project', payload: { steps: {} } })).toBe(
      'bad_request',
    );
    expect(await codes({ method: 'GET', url: '/api/slowli/export_excel/nope' })).toBe('forbidden');
  });

  it('refuses a body over 1 MB with 413', async () => {
    const body = projectBody('sl');
    (body.steps.Client!.forms[0]!.form as Record<string, unknown>).name = 'x'.repeat(1_100_000);
    const res = await inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: body,
      headers: { cookie: alice },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 404 for an unknown id, an unknown product type and an update without a known id', async () => {
    expect(
      (await inject({ method: 'GET', url: '/api/slowli/project/nope', headers: { cookie: alice } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject({ method: 'GET', url: '/api/rooftop/project/nope', headers: { cookie: alice } }))
        .statusCode,
    ).toBe(404);
    const put = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...projectBody('sl'), id: 'nope' },
      headers: { cookie: alice },
    });
    expect(put.statusCode).toBe(404);
    const noId = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
      headers: { cookie: alice },
    });
    expect(noId.json()).toMatchObject({ field: 'id' });
  });

  it('decides who may save before it reads the body: 401 and 404 first, then 400 naming the field', async () => {
    const bad = projectBody('sl');
    (bad.steps.Toiture!.forms[0]!.form as Record<string, unknown>).surface_retention = 'big';
    // An admin-mode server refuses a visitor without a session whatever the body says.
    const admin = (await serverOn(place, { APP_MODE: 'admin', ADMIN_PASSWORD: 'correct horse battery' }))
      .server;
    try {
      for (const method of ['POST', 'PUT'] as const) {
        const refused = await admin.app.inject({ method, url: '/api/slowli/project', payload: bad });
        expect(refused.statusCode, method).toBe(401);
        expect(refused.json().field, method).toBeUndefined();
      }
    } finally {
      await admin.close();
    }
    // A product the mode does not offer is unknown, body or not.
    const notOffered = await inject({
      method: 'POST',
      url: '/api/skywater_manager/project',
      payload: { steps: 'nothing' },
      headers: { cookie: alice },
    });
    expect(notOffered.statusCode).toBe(404);
    // A save to an unknown id or to another visitor's project is 404, with a bad body as with a good one.
    const { json: bobs } = await create('');
    for (const id of ['unknown-project-id', bobs.id])
      for (const body of [projectBody('sl'), bad]) {
        const put = await inject({
          method: 'PUT',
          url: '/api/slowli/project',
          payload: { ...body, id },
          headers: { cookie: alice },
        });
        expect(put.statusCode, id).toBe(404);
        expect(put.json().code).toBe('not_found');
      }
    // The owner of the project is told which field is wrong, in the product's words.
    const { json: own } = await create(alice);
    const mine = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...bad, id: own.id },
      headers: { cookie: alice },
    });
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toEqual({
      error: 'steps.Toiture.forms.0.form.surface_retention: must be number,null',
      code: 'bad_request',
      field: 'steps.Toiture.forms.0.form.surface_retention',
    });
  });

  it('keeps each visitor to its own projects (404 for the others)', async () => {
    const { json } = await create(alice);
    const b = await inject({ method: 'GET', url: '/api/config' });
    let bob = cookiesOf(b);
    const first = await inject({
      method: 'GET',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: bob },
    });
    bob = cookiesOf(first, bob);
    expect(first.statusCode).toBe(404);
    const put = await inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...projectBody('sl'), id: json.id },
      headers: { cookie: bob },
    });
    expect(put.statusCode).toBe(404);
    const del = await inject({
      method: 'DELETE',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: bob },
    });
    expect(del.statusCode).toBe(404);
    const list = await inject({
      method: 'GET',
      url: '/api/slowli/project/search/1',
      headers: { cookie: bob },
    });
    expect(list.json().projects).toEqual([]);
    const forged = await inject({
      method: 'GET',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: 'rw_owner=someone-else' },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('lets an admin see and delete every project', async () => {
    const { json } = await create(alice);
    const bad = await inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'wrong' } });
    expect(bad.statusCode).toBe(401);
    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const admin = cookiesOf(login);
    const list = await inject({
      method: 'GET',
      url: '/api/slowli/project/search/1',
      headers: { cookie: admin },
    });
    expect(list.json().total).toBeGreaterThan(0);
    const del = await inject({
      method: 'DELETE',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode).toBe(204);
    const gone = await inject({
      method: 'GET',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: alice },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('searches name, postcode, city, company and contact, ignoring case and accents, 20 a page', async () => {
    const carol = cookiesOf(await inject({ method: 'GET', url: '/api/slowli/project/search/1' }));
    expect(carol).toContain('rw_owner=');
    for (let i = 0; i < 23; i += 1) {
      await create(
        carol,
        projectBody('sl', (d) => {
          const p = d.project as Record<string, unknown>;
          p.name = i === 3 ? 'Résidence Étoile' : `Chantier ${String(i).padStart(2, '0')}`;
          p.postcode = i === 4 ? '75011' : '69003';
          p.city = i === 5 ? 'Saint-Étienne' : 'Lyon';
          (d.client as Record<string, unknown>).company = i === 6 ? 'Ça Bâtit SA' : 'Bureau Martin';
          (d.client as Record<string, unknown>).contact = i === 7 ? 'Zoé Lefèvre' : 'Paul Durand';
        }),
      );
    }
    const find = async (q: string) =>
      (
        await inject({
          method: 'GET',
          url: `/api/slowli/project/search/1/${encodeURIComponent(q)}`,
          headers: { cookie: carol },
        })
      ).json();
    expect((await find('ETOILE')).projects.map((p: { name: string }) => p.name)).toEqual([
      'Résidence Étoile',
    ]);
    expect((await find('75011')).total).toBe(1);
    expect((await find('saint-etienne')).total).toBe(1);
    // each word on its own, whatever separates them, in one column or across two (the name and the city)
    expect((await find('saint etienne')).total).toBe(1);
    expect((await find('étoile résidence')).total).toBe(1);
    expect((await find('etoile 69003')).total).toBe(1);
    expect((await find('etoile 75011')).total).toBe(0);
    expect((await find('ca batit')).total).toBe(1);
    expect((await find('zoe')).projects[0].commercial).toBe('Zoé Lefèvre');
    expect((await find('100%')).total).toBe(0);
    const page1 = (
      await inject({
        method: 'GET',
        url: '/api/slowli/project/search/1?sort=name&order=ASC',
        headers: { cookie: carol },
      })
    ).json();
    expect(page1.totalPages).toBe(2);
    expect(page1.projects).toHaveLength(20);
    expect(page1.projects[0].name).toBe('Chantier 00');
    const page2 = (
      await inject({
        method: 'GET',
        url: '/api/slowli/project/search/2?sort=name&order=ASC',
        headers: { cookie: carol },
      })
    ).json();
    expect(page2.projects).toHaveLength(3);
    expect(page2.projects.at(-1).name).toBe('Résidence Étoile');
    const desc = (
      await inject({
        method: 'GET',
        url: '/api/slowli/project/search/1?sort=name&order=desc',
        headers: { cookie: carol },
      })
    ).json();
    expect(desc.projects[0].name).toBe('Résidence Étoile');
    const item = page1.projects[0];
    expect(item.steps.Chantier.forms[0].form).toMatchObject({ name: 'Chantier 00', city: 'Lyon' });
    expect(item.steps.Client.forms[0].form).toMatchObject({ company: 'Bureau Martin', user: 'Paul Durand' });
    const badSort = await inject({
      method: 'GET',
      url: '/api/slowli/project/search/1?sort=password',
      headers: { cookie: carol },
    });
    expect(badSort.statusCode).toBe(400);
    const badPage = await inject({
      method: 'GET',
      url: '/api/slowli/project/search/0',
      headers: { cookie: carol },
    });
    expect(badPage.statusCode).toBe(400);
  });

  it('keeps every project across a restart', async () => {
    const { json } = await create(alice);
    await server.close();
    server = (await serverOn(place, { ADMIN_PASSWORD: 'correct horse battery' })).server;
    const res = await inject({
      method: 'GET',
      url: `/api/slowli/project/${json.id}`,
      headers: { cookie: alice },
    });
    expect(res.statusCode).toBe(200);
  });

  it('serves the OpenAPI document and security headers', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/{type}/project/{id}');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
