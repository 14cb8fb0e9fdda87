import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATIONS } from '../../server/calc';
import { cookiesOf, DIALECTS, freshPlace, serversByMode, type Place } from './harness';
import { canonicalJson } from '../../server/projects/projectText';
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
  /**
   * A project stored before a bound existed (a save refuses it now): a valid project whose answers are
   * then written as they are, straight into the database.
   */
  const storedBefore = async (type: string, body: { steps: object }) => {
    const id = await create(type, projectBody(type === 'slowli' ? 'sl' : type === 'smca' ? 'smca' : 'sm'));
    await servers.client.db
      .updateTable('projects')
      .set({ content: canonicalJson(body.steps) })
      .where('id', '=', id)
      .execute();
    return id;
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
    expect(r.max_volume).toBe(41.1); // method 1.4: the Desbordes storm's (39.7 under the block rains)
    expect(r.diameter).toBeUndefined();
    const got = (
      await inject({ method: 'GET', url: `/api/slowli/project/${id}`, headers: { cookie: owner } })
    ).json();
    expect(got.state).toBe('calculated');
    expect(got.results.max_volume).toBe(41.1);
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

  it('answers the results its contract declares: everything but the diameter for a visitor, documented', async () => {
    const id = await create('slowli', projectBody('sl'));
    const visitor = await inject({
      method: 'GET',
      url: `/api/sl/calculate/${id}`,
      headers: { cookie: owner },
    });
    const admin = cookiesOf(
      await inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'admin-password-3' } }),
    );
    const full = (
      await inject({ method: 'GET', url: `/api/sl/calculate/${id}`, headers: { cookie: admin } })
    ).json<Record<string, unknown>>();
    // the response schema serialises the visitor's answer: it leaves out nothing the calculation gives
    const { diameter, ...rest } = full;
    expect(typeof diameter).toBe('number');
    expect(visitor.json()).toEqual(rest);
    const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(
      CALCULATIONS.get('flow-limiter')!.resultsSchema,
    );
    expect(validate(visitor.json())).toBe(true);
    const doc = (await inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { title?: string }> };
    }>();
    // each calculation's results schema, by its title, behind the answer's references
    const titles = (answer: unknown) =>
      [...JSON.stringify(answer).matchAll(/#\/components\/schemas\/([\w-]+)/g)].map(
        (m) => doc.components.schemas[m[1]!]?.title,
      );
    // (the calculations found in server/calc, by their folders' names)
    expect(titles(doc.paths['/api/{type}/calculate/{id}']?.get?.responses['200'])).toEqual([
      'AbattementResults',
      'FlowLimiterResults',
      'FormulasResults',
    ]);
    expect(JSON.stringify(doc.paths['/api/skywater_manager/preview']?.post?.responses['200'])).toContain(
      'cards',
    );
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
    // the loop is refused by the bundle's own rule on the spill, as the form refuses it
    expect(r2.json().details[0]).toMatchObject({
      code: 'invalid_field',
      field: 'steps.Deversement.forms.0.form.destination',
      rule: 'check',
    });
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

  it("refuses answers beyond physics with the bundle's rules, each field named with its rule, in the user's language", async () => {
    const roof = (d: Record<string, unknown>) => (d.roofs as Record<string, Record<string, unknown>>[])[0]!;
    const calc = async (type: string, body: { steps: object }, query = '') => {
      // a save refuses such answers (422 naming the field); a project stored before its bound existed
      // is refused its calculation
      const saved = await inject({
        method: 'POST',
        url: `/api/${type}/project${query}`,
        payload: body,
        headers: { cookie: owner },
      });
      expect(saved.statusCode).toBe(422);
      expect(saved.json().code).toBe('out_of_bounds');
      const id = await storedBefore(type, body);
      const api = type === 'skywater_manager' ? 'skywater_manager' : type;
      return inject({
        method: 'GET',
        url: `/api/${api}/calculate/${id}${query}`,
        headers: { cookie: owner },
      });
    };
    // a drainage layer of -50 cm (it gave a storage of -76 mm and 0 % without a reason)
    const minus = await calc(
      'skywater_manager',
      projectBody('sm', (d) => {
        roof(d).drain = { type: 'DRAIN_10', thickness: -50 };
      }),
    );
    expect(minus.statusCode).toBe(422);
    expect(minus.json()).toMatchObject({
      error: 'Le projet ne peut pas encore être calculé.',
      field: 'steps.Toiture.forms.0.form.drain_stroke',
    });
    expect(minus.json().details).toEqual([
      {
        code: 'invalid_field',
        field: 'steps.Toiture.forms.0.form.drain_stroke',
        rule: 'check',
        rule_message: { key: 'errors.range', params: { min: 0, max: 100 } },
        message:
          'Toiture 1 (Toiture A) – Épaisseur de la couche drainante\u00a0: La valeur doit être comprise entre 0 et 100',
      },
    ]);
    // 500 cm of substrate (it gave 92 %)
    const deep = await calc(
      'skywater_manager',
      projectBody('sm', (d) => {
        roof(d).substrate = { type: 'SFX', thickness: 500 };
      }),
    );
    expect(deep.statusCode).toBe(422);
    expect(deep.json().details[0]).toMatchObject({
      field: 'steps.Toiture.forms.0.form.substrat_stroke',
      rule: 'check',
    });
    // a 25 mm drain board stored as 100 cm (it gave 76.6 % instead of 57.6 %)
    const board = await calc(
      'skywater_manager',
      projectBody('sm', (d) => {
        roof(d).drain = { type: 'SOPRADRAIN_DUO_25', thickness: 100 };
      }),
    );
    expect(board.statusCode).toBe(422);
    expect(board.json().details[0]).toMatchObject({
      field: 'steps.Toiture.forms.0.form.drain_stroke',
      rule_message: { key: 'sm.errors.fixed_thickness', params: { thickness: 2.5 } },
      message: expect.stringContaining('épaisseur fixe de 2,5 cm'),
    });
    // smca speaks the request's language
    const ca = await calc(
      'smca',
      projectBody('smca', (d) => {
        roof(d).substrate = { type: 'SFX', thickness: 5000 };
      }),
      '?locale=en',
    );
    expect(ca.json()).toMatchObject({ error: 'The project cannot be calculated yet.' });
    expect(ca.json().details[0].message).toBe(
      'Roof 1 (Tower roof) – Growing medium thickness: Value must be between 40 and 400 mm',
    );
    // and every calculator, sl too: a JSON Schema keyword of its bundle
    const sl = await calc(
      'slowli',
      projectBody('sl', (d) => {
        (d.roofs as Record<string, unknown>[])[0]!.surface = -100;
      }),
    );
    expect(sl.statusCode).toBe(422);
    expect(sl.json().details[0]).toMatchObject({
      field: 'steps.Toiture.forms.0.form.surface_retention',
      rule: 'exclusiveMinimum',
      message: 'Toiture 1 (Toiture A) – Surface de rétention\u00a0: La valeur doit être supérieure à 0 m²',
    });
  });

  it('refuses such a project its note and its Excel file, and ignores in the live preview what it does not read', async () => {
    const body = projectBody('sm', (d) => {
      (d.roofs as Record<string, Record<string, unknown>>[])[0]!.drain = { type: 'DRAIN_10', thickness: -50 };
    });
    const id = await storedBefore('skywater_manager', body);
    const note = await inject({
      method: 'POST',
      url: `/api/skywater_manager/pdf_download/${id}?locale=fr`,
      payload: { data: JSON.stringify({ informations: [] }) },
      headers: { cookie: owner },
    });
    expect(note.statusCode).toBe(422);
    expect(note.json().field).toBe('steps.Toiture.forms.0.form.drain_stroke');
    const xlsx = await inject({
      method: 'GET',
      url: `/api/skywater_manager/results_xlsx/${id}`,
      headers: { cookie: owner },
    });
    expect(xlsx.statusCode).toBe(422);
    // the preview: a client without a name does not hold the figures back (the calculation does not read
    // it), a drainage layer of -50 cm does
    const preview = (b: unknown) =>
      inject({
        method: 'POST',
        url: '/api/skywater_manager/preview',
        payload: b as object,
        headers: { cookie: owner },
      });
    const noName = projectBody('sm', (d) => {
      (d.client as Record<string, unknown>).name = null;
    });
    expect((await preview(noName)).statusCode).toBe(200);
    const bad = await preview(body);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].field).toBe('steps.Toiture.forms.0.form.drain_stroke');
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
