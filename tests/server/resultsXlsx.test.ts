import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, resetCounters } from '../../engine';
import { cookiesOf, freshPlace, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe('results_xlsx', () => {
  let place: Place;
  let servers: Awaited<ReturnType<typeof serversByMode>>;
  let owner = '';

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    servers = await serversByMode(place);
  });
  afterAll(async () => {
    await servers.close();
    await place.drop();
  });

  const create = async (type: string, body: unknown) => {
    const r = await servers.inject({
      method: 'POST',
      url: `/api/${type}/project`,
      payload: body as object,
      headers: { cookie: owner },
    });
    owner = cookiesOf(r, owner);
    return r.json<{ id: string }>().id;
  };
  const download = (type: string, id: string, locale: string) =>
    servers.inject({
      method: 'GET',
      url: `/api/${type}/results_xlsx/${id}?locale=${locale}`,
      headers: { cookie: owner },
    });

  it("checks a project's answers once per content: asked again, its workbook derives nothing on the server's thread", async () => {
    // (a helper's attack, 2026-11-30: each ask of a 200-roof workbook derived the project, about 50 ms
    // of the server's thread, even when the full queue then refused it)
    const id = await create(
      'smca',
      projectBody('smca', (d) => {
        const roofs = d.roofs as Record<string, unknown>[];
        d.roofs = Array.from({ length: 20 }, (_, i) => ({ ...roofs[0], name: `Toiture ${i + 1}` }));
      }),
    );
    await servers.inject({ method: 'GET', url: `/api/smca/calculate/${id}`, headers: { cookie: owner } });
    expect((await download('smca', id, 'en')).statusCode).toBe(200);
    resetCounters();
    for (const locale of ['en', 'fr', 'en'])
      expect((await download('smca', id, locale)).statusCode).toBe(200);
    expect(counters.fieldDerivations).toBe(0);
  });

  it('gives the annual and monthly figures of every roof, in English and US gallons for an imperial project', async () => {
    const id = await create(
      'smca',
      projectBody('smca', (d) => {
        d.unit_system = 'IMPERIAL';
        Object.assign(d.project as object, { has_volume: true, volume: 50 });
      }),
    );
    expect((await download('smca', id, 'en')).statusCode).toBe(409);
    const calc = await servers.inject({
      method: 'GET',
      url: `/api/smca/calculate/${id}`,
      headers: { cookie: owner },
    });
    const results = calc.json();
    const res = await download('smca', id, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Results-King Street Offices\.xlsx"/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Annual summary', 'Monthly']);
    const summary = wb.getWorksheet('Annual summary')!;
    const values = Array.from(summary.getSheetValues(), (row) =>
      Array.isArray(row) ? row.slice(1) : [],
    ).slice(1);
    const header = values.find((row) => row[0] === 'Surface')!;
    expect(header).toContain('Rain per year (US gal)');
    const roofs = results.toitureResults as {
      toiture: { name: string };
      annual: { abattement: number };
      volumes: { water_m3: number };
    }[];
    for (const r of roofs) {
      const row = values.find((v) => v[0] === r.toiture.name)!;
      expect(row[1]).toBe(r.annual.abattement);
      expect(row[4]).toBeCloseTo(r.volumes.water_m3 / 0.00378541178, -1);
    }
    expect(values.find((v) => v[0] === 'Whole site')![1]).toBe(results.site.abattement);
    const lines = values.map((v) => String(v[0] ?? ''));
    // the declared verdicts first, as the note's cover says them (issue 37 item 8)
    expect(lines.slice(1, 3)).toEqual([
      'Retention target: Not met',
      expect.stringMatching(/^Retaining 0\.2\u00a0in of every rain: met on only /),
    ]);
    expect(lines).toContain('Imposed retention volume: Not met');
    expect(lines.some((x) => /^Over the whole site, [\d.]+\s% of the annual rain/.test(x))).toBe(true);
    // the imposed volume's verdict and rule, in gallons (issue 25, 7 and 10)
    expect(lines).toContain(
      'Imposed retention volume: 13,209\u00a0US gal. It is free at the start of 22.7\u00a0% of rainy days (0.0\u00a0% in February, 59.9\u00a0% in August).',
    );
    expect(lines.some((x) => x.startsWith('13,209\u00a0US gal free when the rain starts on only'))).toBe(
      true,
    );
    // the site's rule, and the water the tower roof receives from the podium apart (issue 25, 6 and 9)
    expect(lines.some((x) => x.startsWith('Rule: a rainy day counts for the site when the whole site'))).toBe(
      true,
    );
    expect(lines.some((x) => x.startsWith('Tower roof also receives'))).toBe(true);
    expect(header).toContain('Received from other surfaces per year (US gal)');
    const tower = values.find((v) => v[0] === 'Tower roof')!;
    expect(tower[8]).toBeCloseTo(results.toitureResults[0].upstream.received_m3 / 0.00378541178, 0);
    const monthly = wb.getWorksheet('Monthly')!;
    expect(monthly.rowCount).toBe(1 + 12 * roofs.length);
    expect(monthly.getRow(2).values).toEqual([
      undefined,
      roofs[0]!.toiture.name,
      'Jan',
      results.toitureResults[0].monthlyResults[0].abattement,
      results.toitureResults[0].monthlyResults[0].own,
      results.toitureResults[0].monthlyResults[0].respectConsigneAbattement,
      // the rain normal in inches (61.6 mm), as the page and the note show it (issue 25, 10)
      2.43,
      results.pluviometrie[0].evenements_pluvieux,
    ]);
    expect(monthly.getRow(1).values).toContain('Rain height (in)');
  });

  it("gives roof names of an architect's length a column they read whole in, and wraps longer ones", async () => {
    const long = 'Bâtiment administratif principal, aile nord-est, toiture terrasse 1';
    const longer = `${'Très long nom de toiture, '.repeat(4)}fin`;
    const id = await create(
      'smca',
      projectBody('smca', (d) => {
        const roofs = d.roofs as Record<string, unknown>[];
        d.roofs = [
          { ...roofs[0], name: long },
          { ...roofs[0], name: longer },
        ];
      }),
    );
    await servers.inject({ method: 'GET', url: `/api/smca/calculate/${id}`, headers: { cookie: owner } });
    const res = await download('smca', id, 'en');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    for (const sheet of wb.worksheets) {
      // Excel's width counts characters of the default font: the name and a margin, at most 70
      expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(long.length);
      expect(sheet.getColumn(1).width).toBeLessThanOrEqual(70);
      let wrapped = 0;
      sheet.eachRow((row) => {
        const cell = row.getCell(1);
        if (cell.value === longer) {
          expect(cell.alignment?.wrapText).toBe(true);
          wrapped += 1;
        }
      });
      expect(wrapped).toBeGreaterThan(0);
    }
  });

  it('keeps the results when only the unit system changes, and the workbook follows it (issue 27 item 3)', async () => {
    const metric = projectBody('smca', (d) => {
      d.unit_system = 'METRIC';
    });
    const id = await create('smca', metric);
    await servers.inject({ method: 'GET', url: `/api/smca/calculate/${id}`, headers: { cookie: owner } });
    const header = async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await download('smca', id, 'en')).rawPayload as unknown as ArrayBuffer);
      return wb.getWorksheet('Annual summary')!.getSheetValues().flat();
    };
    expect(await header()).toContain('Rain per year (m³)');
    const put = (body: object, version: number) =>
      servers.inject({
        method: 'PUT',
        url: '/api/smca/project',
        payload: { ...body, id, version },
        headers: { cookie: owner },
      });
    const imperial = projectBody('smca', (d) => {
      d.unit_system = 'IMPERIAL';
    });
    expect((await put(imperial, 1)).json()).toEqual({ id, changed: true, version: 2, results_kept: true });
    const stored = await servers.inject({
      method: 'GET',
      url: `/api/smca/project/${id}`,
      headers: { cookie: owner },
    });
    expect(stored.json()).toMatchObject({ state: 'calculated', version: 2 });
    expect(stored.json().results).not.toBeNull();
    expect(await header()).toContain('Rain per year (US gal)');
    // a real change still loses the results
    const moved = projectBody('smca', (d) => {
      d.unit_system = 'IMPERIAL';
      (d.project as { city: string }).city = 'Mississauga';
    });
    expect((await put(moved, 2)).json()).toEqual({ id, changed: true, version: 3 });
    expect((await download('smca', id, 'en')).statusCode).toBe(409);
  });

  it('refuses the workbook, the note and the model of a version newer than the page shows, in its words', async () => {
    const id = await create('smca', projectBody('smca'));
    const ask = (url: string, method: 'GET' | 'POST' = 'GET') =>
      servers.inject({
        method,
        url,
        headers: { cookie: owner },
        ...(method === 'POST' ? { payload: { data: JSON.stringify({ informations: [] }) } } : {}),
      });
    // saved, never calculated: said as such
    const none = await ask(`/api/smca/results_xlsx/${id}?locale=en&version=1`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'not_calculated' });
    await ask(`/api/smca/calculate/${id}`);
    expect((await ask(`/api/smca/results_xlsx/${id}?locale=en&version=1`)).statusCode).toBe(200);
    // another tab saves: the page still showing version 1 is refused what it would get of version 2
    const moved = projectBody('smca', (d) => {
      (d.project as { city: string }).city = 'Mississauga';
    });
    const put = await servers.inject({
      method: 'PUT',
      url: '/api/smca/project',
      payload: { ...moved, id, version: 1 },
      headers: { cookie: owner },
    });
    expect(put.json()).toMatchObject({ version: 2 });
    await ask(`/api/smca/calculate/${id}`);
    for (const [url, method] of [
      [`/api/smca/results_xlsx/${id}?locale=en&version=1`, 'GET'],
      [`/api/smca/pdf_download/${id}?locale=en&version=1`, 'POST'],
      [`/api/smca/export/swmm/${id}?locale=en&version=1`, 'GET'],
    ] as const) {
      const stale = await ask(url, method);
      expect(stale.statusCode, url).toBe(409);
      expect(stale.json(), url).toMatchObject({
        code: 'results_changed',
        field: 'version',
        details: { version: 2 },
      });
    }
    expect((await servers.canada.db.selectFrom('issued_notes').select('code').execute()).length).toBe(0);
    // the page showing version 2 gets them, and so does a client that names no version
    expect((await ask(`/api/smca/results_xlsx/${id}?locale=en&version=2`)).statusCode).toBe(200);
    expect((await ask(`/api/smca/export/swmm/${id}?locale=en&version=2`)).statusCode).toBe(200);
    expect((await ask(`/api/smca/results_xlsx/${id}?locale=en`)).statusCode).toBe(200);
  });

  it('speaks French in m³ for an sm project, and has no workbook for the flow limiter', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    await servers.inject({
      method: 'GET',
      url: `/api/skywater_manager/calculate/${id}`,
      headers: { cookie: owner },
    });
    const res = await download('skywater_manager', id, 'fr');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Synthèse annuelle', 'Mensuel']);
    const flat = wb.getWorksheet('Synthèse annuelle')!.getSheetValues().flat();
    expect(flat).toContain('Pluie par an (m³)');
    // The grounds' rain has its row; the site's row is the site's figures, as the note's cover writes
    // them (one figure, one value: issue 37 item 2), the sum of the rows above before rounding.
    const sheet = wb.getWorksheet('Synthèse annuelle')!;
    const rows = Array.from(sheet.getSheetValues(), (row) => (Array.isArray(row) ? row.slice(1) : []));
    const from = rows.findIndex((r) => r[0] === 'Surface') + 1;
    const to = rows.findIndex((r) => r[0] === 'Site entier');
    const table = rows.slice(from, to + 1);
    expect(table.map((r) => r[0])).toEqual(['Toiture A', 'Toiture B', 'Sol\u00a0: Jardin', 'Site entier']);
    const results = (
      await servers.inject({
        method: 'GET',
        url: `/api/skywater_manager/project/${id}`,
        headers: { cookie: owner },
      })
    ).json<{ results: { site: { precipitation_m3_per_year: number; to_sewer_m3_per_year: number } } }>()
      .results;
    expect(table.at(-1)![4]).toBe(Math.round(results.site.precipitation_m3_per_year * 10) / 10);
    expect(table.at(-1)![7]).toBe(Math.round(results.site.to_sewer_m3_per_year * 10) / 10);
    for (let col = 4; col <= 7; col += 1)
      expect(
        Math.abs(
          (table.at(-1)![col] as number) - table.slice(0, -1).reduce((a, r) => a + (r[col] as number), 0),
        ),
      ).toBeLessThanOrEqual(0.05 * table.length);
    // every figure as written, with its decimal shown: 1,9 m³ among 55,0 and 109,4, never 1.893
    for (let r = from; r <= to; r += 1)
      for (let c = 2; c <= 8; c += 1) {
        const cell = sheet.getRow(r + 1).getCell(c);
        if (typeof cell.value === 'number') {
          expect(cell.numFmt).toBe('#,##0.0');
          expect(cell.value).toBe(Math.round(cell.value * 10) / 10);
        }
      }
    // the project by its name and readable number
    const { number } = (
      await servers.inject({
        method: 'GET',
        url: `/api/skywater_manager/project/${id}`,
        headers: { cookie: owner },
      })
    ).json<{ number: number }>();
    expect(wb.getWorksheet('Synthèse annuelle')!.getRow(1).getCell(1).value).toMatch(
      new RegExp(` · n° ${number}$`),
    );
    const sl = await create('slowli', projectBody('sl'));
    await servers.inject({ method: 'GET', url: `/api/sl/calculate/${sl}`, headers: { cookie: owner } });
    expect((await download('slowli', sl, 'fr')).statusCode).toBe(404);
  });
});
