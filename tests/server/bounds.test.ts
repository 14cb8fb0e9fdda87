/**
 * Answers beyond physics (issue 36 item 5). Every numeric answer of every calculator has a bound from
 * physics or the catalogue in its bundle: a save (POST), an update (PUT) and the import of a project file
 * refuse an answer beyond it with 422, naming the field with the form's own message in the request's
 * language and the bound in the project's units; nothing is stored. A project stored before a bound
 * existed still opens, unchanged, and is refused its calculation, note, workbook and preview with a 4xx,
 * never a 500. Results holding a figure beyond a number are refused before anything draws them.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../server/projects/projectText';
import {
  bodyWith,
  numericFields,
  plain,
  projectFile,
  storedPath,
  TYPE,
  type CalcId,
} from './bounds.fixtures';
import { cookiesOf, freshPlace, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe('answers beyond physics', () => {
  let place: Place;
  let servers: Awaited<ReturnType<typeof serversByMode>>;
  let owner = '';
  const send = async (o: InjectOptions) => {
    const r = await servers.inject({ ...o, headers: { cookie: owner, ...o.headers } });
    owner = cookiesOf(r, owner);
    return r;
  };
  const count = async (id: CalcId) =>
    (await send({ method: 'GET', url: `/api/${TYPE[id]}/project/search/1` })).json<{ total: number }>().total;

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    servers = await serversByMode(place);
  });
  afterAll(async () => {
    await servers.close();
    await place.drop();
  });

  it.each(['sl', 'sm', 'smca'] as const)(
    '%s: refuses each numeric answer at 1e308 when saved and imported, naming it, and stores nothing',
    async (id) => {
      const fields = numericFields(id);
      expect(fields.length).toBeGreaterThanOrEqual(id === 'sl' ? 13 : 4);
      const before = await count(id);
      for (const f of fields) {
        const body = bodyWith(id, { [f.local]: 1e308 });
        for (const [url, payload] of [
          [`/api/${TYPE[id]}/project`, body],
          [`/api/${TYPE[id]}/project/file`, projectFile(id, body.steps)],
        ] as const) {
          const r = await send({ method: 'POST', url, payload });
          expect(r.statusCode, `${f.local} ${url}`).toBe(422);
          expect(r.json().code).toBe('out_of_bounds');
          expect(r.json().details.map((d: { field: string }) => d.field)).toContain(storedPath(f));
        }
      }
      expect(await count(id)).toBe(before);
    },
  );

  /** The absurd answers, each with the field it is refused on and the form's words for it. */
  const ABSURD: {
    id: CalcId;
    what: string;
    patch: Record<string, unknown>;
    field: string;
    message: string;
    unitSystem?: 'IMPERIAL';
    locale?: 'en';
  }[] = [
    {
      id: 'sl',
      what: 'a roof of 10^9 m2',
      patch: { 'roofs.0.surface': 1e9 },
      field: 'steps.Toiture.forms.0.form.surface_retention',
      message:
        'Toiture 1 (Toiture A) – Surface de rétention : La valeur doit être inférieure ou égale à 1 000 000 m²',
    },
    {
      id: 'sl',
      what: '10,000 drains on 1,200 m2',
      patch: { 'roofs.0.drainage.horizontal': 10000, 'roofs.0.drainage.vertical': 0 },
      field: 'steps.Toiture.forms.0.form.evac_horizontal',
      message:
        'Toiture 1 (Toiture A) – Évacuations horizontales : Au plus 120 évacuations (horizontales et verticales) sur 1 200 m² : une évacuation draine au moins 10 m², deux sont toujours admises.',
    },
    {
      id: 'sl',
      what: 'a 5 m recess',
      patch: { 'roofs.0.height': 5000 },
      field: 'steps.Toiture.forms.0.form.hauteur',
      message: 'La valeur doit être inférieure ou égale à 300 mm',
    },
    {
      id: 'sl',
      what: '5 m of gravel',
      patch: { 'roofs.0.gravel_thickness': 5000 },
      field: 'steps.Toiture.forms.0.form.gravel_thickness',
      message: 'La valeur doit être inférieure ou égale à 300 mm',
    },
    {
      id: 'sl',
      what: '5 m of water',
      patch: { 'project.retention.height': 500 },
      field: 'steps.Chantier.forms.0.form.hauteur_eau',
      message: 'La valeur doit être inférieure ou égale à 50 cm',
    },
    {
      id: 'sl',
      what: '10^6 L/s/ha',
      patch: { 'project.leakage.volume': 1e6 },
      field: 'steps.Chantier.forms.0.form.fuite_value',
      message: 'La valeur doit être inférieure ou égale à 100 L/s/ha',
    },
    {
      id: 'sl',
      what: 'a typed Montana range of 30 min to 10^6 min',
      patch: { 'project.rain.duration_min': 30, 'project.rain.duration_max': 1e6 },
      field: 'steps.Chantier.forms.0.form.montana_duree_max',
      message: 'La valeur doit être inférieure ou égale à 11 520',
    },
    {
      id: 'sm',
      what: 'a roof of 10^9 m2',
      patch: { 'roofs.0.surface': 1e9 },
      field: 'steps.Toiture.forms.0.form.surface',
      message: 'Toiture 1 (Toiture A) – Surface : La valeur doit être inférieure ou égale à 1 000 000 m²',
    },
    {
      id: 'smca',
      what: 'a roof of 10^9 m2, in English and imperial units',
      patch: { 'roofs.0.surface': 1e9 },
      unitSystem: 'IMPERIAL',
      locale: 'en',
      field: 'steps.Toiture.forms.0.form.surface',
      message: 'Roof 1 (Tower roof) – Area: The value must be at most 10,700,000 ft²',
    },
    {
      id: 'smca',
      what: '5 m of insulation, in French and imperial units',
      patch: { 'roofs.0.insulation': 5000 },
      unitSystem: 'IMPERIAL',
      field: 'steps.Toiture.forms.0.form.insulation',
      message: 'La valeur doit être inférieure ou égale à 19,6 po',
    },
  ];

  it.each(ABSURD.map((a) => [`${a.id}: ${a.what}`, a] as const))(
    'refuses %s when created, updated or imported, in the words of the form',
    async (_, a) => {
      const type = TYPE[a.id];
      const q = a.locale ? `?locale=${a.locale}` : '';
      const body = bodyWith(a.id, a.patch, a.unitSystem);
      const valid = (
        await send({ method: 'POST', url: `/api/${type}/project`, payload: projectBody(a.id) })
      ).json<{
        id: string;
        version: number;
      }>();
      const stored = (await send({ method: 'GET', url: `/api/${type}/project/${valid.id}` })).json();
      for (const o of [
        { method: 'POST', url: `/api/${type}/project${q}`, payload: body },
        { method: 'PUT', url: `/api/${type}/project${q}`, payload: { ...body, ...valid } },
        { method: 'POST', url: `/api/${type}/project/file${q}`, payload: projectFile(a.id, body.steps) },
      ] as const) {
        const r = await send(o);
        expect(r.statusCode, `${o.method} ${o.url}`).toBe(422);
        const json = r.json();
        expect(json).toMatchObject({ code: 'out_of_bounds', field: a.field });
        expect(json.error).toBe(
          a.locale === 'en'
            ? 'Some answers are beyond physical limits: correct the fields marked to save.'
            : 'Certaines réponses dépassent les limites physiques\u00a0: corrigez les champs signalés pour enregistrer.',
        );
        expect(plain(json.details[0].message)).toContain(a.message);
      }
      // the update changed nothing
      expect((await send({ method: 'GET', url: `/api/${type}/project/${valid.id}` })).json()).toEqual(stored);
    },
  );

  /** A project stored before a bound existed: a valid one, calculated, then its answers (and results) as given. */
  const storedBefore = async (id: CalcId, steps: object, results?: string) => {
    const type = TYPE[id];
    const made = await send({ method: 'POST', url: `/api/${type}/project`, payload: projectBody(id) });
    const pid = made.json<{ id: string }>().id;
    const db = servers.client.db;
    await db
      .updateTable('projects')
      .set({ content: canonicalJson(steps), ...(results ? { results, state: 'calculated' } : {}) })
      .where('id', '=', pid)
      .execute();
    return pid;
  };

  it('opens a project stored with a surface of 1e308, unchanged, and refuses its figures with a 4xx', async () => {
    const legal = projectBody('sl');
    const surface = legal.steps.Toiture!.forms[0]!.form;
    const huge = structuredClone(legal);
    huge.steps.Toiture!.forms[0]!.form = { ...surface, surface_retention: 1e308 };
    // the results an earlier version stored for it: its infinities written as null
    const calculated = await storedBefore('sl', legal.steps);
    const first = await send({ method: 'GET', url: `/api/sl/calculate/${calculated}` });
    const results = first.payload.replace(/"max_volume":[\d.]+/, '"max_volume":null');
    const id = await storedBefore('sl', huge.steps, results);
    const opened = await send({ method: 'GET', url: `/api/slowli/project/${id}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().steps.Toiture.forms[0].form.surface_retention).toBe(1e308);
    // its results are not shown: they hold a figure no page can draw; the page calculates and is told why
    expect(opened.json().results).toBeNull();
    const field = 'steps.Toiture.forms.0.form.surface_retention';
    const calc = await send({ method: 'GET', url: `/api/sl/calculate/${id}` });
    expect(calc.statusCode).toBe(422);
    expect(calc.json()).toMatchObject({ code: 'not_calculable', field });
    expect(plain(calc.json().details[0].message)).toBe(
      'Toiture 1 (Toiture A) – Surface de rétention : La valeur doit être inférieure ou égale à 1 000 000 m²',
    );
    const note = await send({
      method: 'POST',
      url: `/api/slowli/pdf_download/${id}?locale=fr`,
      payload: { data: JSON.stringify({ informations: [] }) },
    });
    expect(note.statusCode).toBe(422);
    expect(note.json().field).toBe(field);
    const preview = await send({
      method: 'POST',
      url: '/api/slowli/preview',
      payload: { steps: huge.steps },
    });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().field).toBe(field);
    // a variant of it is a copy, as stored, and refused alike
    const variant = await send({ method: 'POST', url: `/api/slowli/project/${id}/variant` });
    expect(variant.statusCode).toBe(201);
    const vid = variant.json<{ id: string }>().id;
    expect((await send({ method: 'GET', url: `/api/sl/calculate/${vid}` })).statusCode).toBe(422);
    // the stored answers are the same after all this
    expect((await send({ method: 'GET', url: `/api/slowli/project/${id}` })).json().steps).toEqual(
      huge.steps,
    );
  });

  it('refuses the note and the workbook of an abattement project stored with a surface of 1e308', async () => {
    const legal = projectBody('sm');
    const huge = structuredClone(legal);
    huge.steps.Toiture!.forms[0]!.form = { ...huge.steps.Toiture!.forms[0]!.form, surface: 1e308 };
    const id = await storedBefore('sm', huge.steps);
    const note = await send({
      method: 'POST',
      url: `/api/skywater_manager/pdf_download/${id}?locale=fr`,
      payload: { data: JSON.stringify({ informations: [] }) },
    });
    expect(note.statusCode).toBe(422);
    expect(note.json().field).toBe('steps.Toiture.forms.0.form.surface');
    const xlsx = await send({ method: 'GET', url: `/api/skywater_manager/results_xlsx/${id}` });
    expect(xlsx.statusCode).toBe(422);
    expect(xlsx.json().field).toBe('steps.Toiture.forms.0.form.surface');
  });

  it('refuses results beyond a number before anything reads them, naming the answer that vanishes', async () => {
    // within its bound (> 0), a leakage of 1e-300 L/s/ha makes the critical rain infinitely long
    const body = bodyWith('sl', { 'project.leakage.volume': 1e-300 });
    const made = await send({ method: 'POST', url: '/api/slowli/project', payload: body });
    expect(made.statusCode).toBe(200);
    const id = made.json<{ id: string }>().id;
    const field = 'steps.Chantier.forms.0.form.fuite_value';
    const calc = await send({ method: 'GET', url: `/api/sl/calculate/${id}` });
    expect(calc.statusCode).toBe(422);
    expect(calc.json()).toMatchObject({ code: 'not_calculable', field });
    expect(calc.json().details[0]).toMatchObject({
      code: 'not_finite',
      message:
        "Débit de fuite maximal\u00a0: le calcul en tire des chiffres au-delà de ce qu'un nombre peut représenter.",
    });
    const preview = await send({ method: 'POST', url: '/api/slowli/preview', payload: body });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().details[0].code).toBe('not_finite');
    // nothing was stored as results
    expect((await send({ method: 'GET', url: `/api/slowli/project/${id}` })).json().results).toBeNull();
  });
});
