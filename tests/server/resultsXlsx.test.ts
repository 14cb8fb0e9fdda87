import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('gives the annual and monthly figures of every roof, in English and US gallons for an imperial project', async () => {
    const id = await create(
      'smca',
      projectBody('smca', (d) => {
        d.unit_system = 'IMPERIAL';
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
    expect(String(values[1]?.[0])).toMatch(/^Over the whole site, [\d.]+ % of the annual rain/);
    const monthly = wb.getWorksheet('Monthly')!;
    expect(monthly.rowCount).toBe(1 + 12 * roofs.length);
    expect(monthly.getRow(2).values).toEqual([
      undefined,
      roofs[0]!.toiture.name,
      'Jan',
      results.toitureResults[0].monthlyResults[0].abattement,
      results.toitureResults[0].monthlyResults[0].own,
      results.toitureResults[0].monthlyResults[0].respectConsigneAbattement,
      results.pluviometrie[0].pluie_precipite,
      results.pluviometrie[0].evenements_pluvieux,
    ]);
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
