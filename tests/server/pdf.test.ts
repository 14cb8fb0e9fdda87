import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfText } from '../pdfText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, freshPlace, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

// A 1x1 PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('pdf_download', () => {
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
  const note = (texts: (string | null)[], image: string | null = null) => ({
    data: JSON.stringify({ informations: texts.map((text, i) => ({ text, image: i === 0 ? image : null })) }),
  });

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    servers = await serversByMode(place);
  });
  afterAll(async () => {
    await servers.close();
    await place.drop();
  });

  it('renders the sm note with every section, the results and the method, readable as text', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    await inject({ method: 'GET', url: `/api/skywater_manager/calculate/${id}`, headers: { cookie: owner } });
    const res = await inject({
      method: 'POST',
      url: `/api/skywater_manager/pdf_download/${id}?locale=fr`,
      payload: note(
        [
          'Client historique du bureau',
          null,
          'Toitures refaites en 2027',
          null,
          null,
          'Conforme au zonage pluvial',
        ],
        PNG,
      ),
      headers: { cookie: owner },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'Note de calcul',
      'Groupe scolaire Belleville',
      '1. Client',
      'Jeanne Martin',
      "Bureau d'étude",
      '3. Toitures',
      'Toundra',
      '4. Surfaces au sol',
      'Jardin',
      '5. Déversements',
      'se déverse dans Jardin',
      '6. Résultats',
      'Abattement annuel (en volume)',
      'Moyenne des valeurs mensuelles',
      'Capacité de stockage',
      'Penman (ETP publiée par Météo-France pour la station)',
      'Paris-Montsouris',
      'Client historique du bureau',
      'Conforme au zonage pluvial',
      'substrate_retention_fraction.SFX',
      'default: to confirm',
    ])
      expect(text).toContain(s);
    const got = (
      await inject({ method: 'GET', url: `/api/skywater_manager/project/${id}`, headers: { cookie: owner } })
    ).json();
    expect(got.extended_properties).toMatchObject({ note_generated: true });
  });

  it('writes the smca note in English with imperial units when the project uses them', async () => {
    const id = await create(
      'smca',
      projectBody('smca', (d) => {
        d.unit_system = 'IMPERIAL';
      }),
    );
    await inject({ method: 'GET', url: `/api/smca/calculate/${id}`, headers: { cookie: owner } });
    const res = await inject({
      method: 'POST',
      url: `/api/smca/pdf_download/${id}?locale=en`,
      payload: note([]),
      headers: { cookie: owner },
    });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Calculation note');
    expect(text).toContain('Growing medium thickness');
    expect(text).toContain('3.937 in');
    expect(text).toContain('ft²');
    expect(text).toContain('Hargreaves (FAO-56)');
    expect(text).toContain('Annual retention (by volume)');
    expect(text).toContain('Mean of monthly values');
  });

  it('puts the chart images the page sends in the results, and refuses other content', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    await inject({ method: 'GET', url: `/api/skywater_manager/calculate/${id}`, headers: { cookie: owner } });
    const data = (extra: Record<string, unknown>) => ({
      data: JSON.stringify({ informations: [], ...extra }),
    });
    const withCharts = await inject({
      method: 'POST',
      url: `/api/skywater_manager/pdf_download/${id}`,
      payload: data({ pluviometrie: PNG, toitures: [PNG, null] }),
      headers: { cookie: owner },
    });
    expect(withCharts.statusCode).toBe(200);
    const doc = await getDocument({
      data: new Uint8Array(withCharts.rawPayload),
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
    let images = 0;
    for (let i = 1; i <= doc.numPages; i += 1) {
      const ops = await (await doc.getPage(i)).getOperatorList();
      images += ops.fnArray.filter((f) => f === OPS.paintImageXObject).length;
    }
    expect(images).toBe(2);
    const bad = await inject({
      method: 'POST',
      url: `/api/skywater_manager/pdf_download/${id}`,
      payload: data({ toitures: ['javascript:alert(1)'] }),
      headers: { cookie: owner },
    });
    expect(bad.json()).toMatchObject({ field: 'data.toitures.0' });
  });

  it('refuses a bad payload and other visitors', async () => {
    const id = await create('slowli', projectBody('sl'));
    const bad = await inject({
      method: 'POST',
      url: `/api/slowli/pdf_download/${id}`,
      payload: { data: '{' },
      headers: { cookie: owner },
    });
    expect(bad.json()).toMatchObject({ field: 'data' });
    const img = await inject({
      method: 'POST',
      url: `/api/slowli/pdf_download/${id}`,
      payload: note(['x'], 'data:text/html;base64,PHNjcmlwdD4='),
      headers: { cookie: owner },
    });
    expect(img.json()).toMatchObject({ field: 'data.informations.0.image' });
    const other = cookiesOf(await inject({ method: 'GET', url: '/api/slowli/project/search/1' }));
    expect(
      (
        await inject({
          method: 'POST',
          url: `/api/slowli/pdf_download/${id}`,
          payload: note([]),
          headers: { cookie: other },
        })
      ).statusCode,
    ).toBe(404);
    const ok = await inject({
      method: 'POST',
      url: `/api/slowli/pdf_download/${id}`,
      payload: note([]),
      headers: { cookie: owner },
    });
    expect(await pdfText(ok.rawPayload)).toContain('Dimensionnement des limiteurs de débit');
  });
});
