import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS } from '../../server/calc';
import { products } from '../../server/projects/products';
import { cookiesOf, freshPlace, serverOn, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

/**
 * GET /api/{type}/export/{format}/{id} (issue 39): the sl design as an EPA SWMM model, read as the
 * project's other reads are, offered to whom the bundle's `results.exports` says (admins: the model
 * holds the orifice diameter, which seed 000 keeps from clients), for any project or variant.
 */
describe('the export route', () => {
  let place: Place;
  let server: Awaited<ReturnType<typeof serverOn>>['server'];
  let owner = '';
  let admin = '';
  const inject = (url: string, cookie: string) =>
    server.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = (await serverOn(place, { ADMIN_PASSWORD: 'export-admin-password' })).server;
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 'export-admin-password' },
    });
    admin = cookiesOf(login);
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  const create = async (patch?: (d: Record<string, unknown>) => void) => {
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl', patch),
      headers: { cookie: owner },
    });
    owner = cookiesOf(r, owner);
    return r.json<{ id: string }>().id;
  };

  it("gives an admin the project's SWMM model, named after it, with the calculation's orifice", async () => {
    const id = await create();
    const res = await inject(`/api/slowli/export/swmm/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /filename\*=UTF-8''R%C3%A9sidence%20Les%20Tilleuls\.inp$/,
    );
    const calc = (await inject(`/api/slowli/calculate/${id}`, admin)).json<{ diameter: number }>();
    const inp = res.body;
    // the title names the project, its number, the method's version and the Montana set with its source
    const title = inp.split('\n').slice(2, 5);
    expect(title[0]).toMatch(/^Résidence Les Tilleuls, projet n° \d+$/);
    expect(title[1]).toMatch(/méthode 1\.5\.0\u00a0: orifices de fond de \d+ mm, Cd = 0\.61$/);
    expect(title[2]).toMatch(
      /a = 15\.1, b = 0\.803, période de retour 10 ans.*ASTEE, Mémento technique 2017/,
    );
    // one orifice and one free outfall per drain (the fixture: 2 + 1), of the calculated diameter
    const section = (name: string) => {
      const lines = inp.slice(inp.indexOf(`[${name}]`)).split('\n');
      return lines.slice(1, lines.indexOf('')).filter((l) => !l.startsWith(';'));
    };
    expect(section('ORIFICES')).toHaveLength(3);
    expect(section('ORIFICES').every((l) => / BOTTOM +0 +0\.61 /.test(l))).toBe(true);
    expect(section('XSECTIONS').every((l) => l.includes(` CIRCULAR ${calc.diameter / 1000} `))).toBe(true);
    expect(section('OUTFALLS').every((l) => / -1 +FREE +NO$/.test(l))).toBe(true);
    // the three storms of the note, the verdict's one routed
    expect(new Set(section('TIMESERIES').map((l) => l.split(/ +/)[0]))).toEqual(
      new Set([
        expect.stringMatching(/^BLOCK_\d+MIN$/),
        expect.stringMatching(/^CHICAGO_4320MIN$/),
        expect.stringMatching(/^DESBORDES_\d+MIN$/),
      ]),
    );
    expect(section('INFLOWS')).toHaveLength(1);
  });

  it('exports a variant as it exports any project', async () => {
    const id = await create();
    const v = await server.app.inject({
      method: 'POST',
      url: `/api/slowli/project/${id}/variant`,
      headers: { cookie: owner },
    });
    expect(v.statusCode).toBe(201);
    const res = await inject(`/api/slowli/export/swmm/${v.json<{ id: string }>().id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('[STORAGE]');
  });

  it("writes the file on the calculations' workers, once for a version of the project and a coding", async () => {
    // a 100-year daily series makes a 1.8 MB model: written on the server's thread, a few visitors asking
    // in a loop would hold every other request; on the pool, it takes its visitor's turns and caps; and
    // the file written is kept (compressed, projects/servedAnswers.ts): six addresses exporting in a loop
    // held an honest visitor's preview at 1.0 s p50 (a helper's attack, round 7)
    const id = await create();
    const url = `/api/slowli/export/swmm/${id}`;
    expect((await inject(url, admin)).statusCode).toBe(200);
    const pool = server.app.calculations;
    const started = () => pool.turns.started;
    const before = started();
    const again = await inject(url, admin);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('[ORIFICES]');
    expect(started()).toBe(before);
    // compressed, it is the same file
    const br = await server.app.inject({
      method: 'GET',
      url,
      headers: { cookie: admin, 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-disposition']).toBe(again.headers['content-disposition']);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(again.body);
    expect(started()).toBe(before + 1);
    // the project changed: written again, from its new answers
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/slowli/project',
      payload: {
        id,
        ...projectBody('sl', (d) => ((d.project as { name: string }).name = 'Les Tilleuls, bâtiment B')),
      },
      headers: { cookie: owner },
    });
    expect(saved.statusCode, saved.payload).toBe(200);
    const changed = await inject(url, admin);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-disposition']).toMatch(/B\.inp$/);
    expect(started()).toBeGreaterThan(before + 1);
  });

  it('refuses a client (the orifice is kept from clients), another visitor, an unknown format or id', async () => {
    const id = await create();
    expect((await inject(`/api/slowli/export/swmm/${id}`, owner)).statusCode).toBe(403);
    expect((await inject(`/api/slowli/export/swmm/${id}`, '')).statusCode).toBe(404);
    expect((await inject(`/api/slowli/export/pdf/${id}`, admin)).statusCode).toBe(404);
    expect((await inject(`/api/slowli/export/swmm/nope`, admin)).statusCode).toBe(404);
    expect((await inject(`/api/skywater_manager/export/swmm/${id}`, admin)).statusCode).toBe(404);
  });

  it('answers 422 naming the field when the saved project cannot be calculated', async () => {
    const id = await create((d) => {
      const roofs = d.roofs as { drainage: { horizontal: number; vertical: number } }[];
      roofs[0]!.drainage = { horizontal: 0, vertical: 0 };
    });
    const res = await inject(`/api/slowli/export/swmm/${id}`, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ field: string }>().field).toMatch(/^steps\.Toiture/);
  });
});

describe('the exports a bundle offers', () => {
  it('are each one its calculation writes', () => {
    for (const [type, { bundle }] of products())
      for (const e of bundle.results.exports ?? [])
        expect(EXPORTS[bundle.results.calculation]?.[e.format], `${type}: ${e.format}`).toBeDefined();
  });
});

/**
 * sm and smca (issue 39.2): the green roof site as an EPA SWMM model, offered to whoever may see the
 * results (the calculators are self-serve: the model holds nothing the results page does not show), in
 * SI units whatever the project's unit system.
 */
describe('the green roof SWMM export', () => {
  let place: Place;
  let servers: Awaited<ReturnType<typeof serversByMode>>;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    servers = await serversByMode(place);
  });
  afterAll(async () => {
    await servers.close();
    await place.drop();
  });

  /** The data lines of a section of the .inp. */
  const section = (inp: string, name: string) => {
    const lines = inp.slice(inp.indexOf(`[${name}]`)).split('\n');
    return lines
      .slice(1, lines.indexOf(''))
      .filter((l) => !l.startsWith(';'))
      .map((l) => l.split(/ +/));
  };

  const created = async (type: 'skywater_manager' | 'smca', body: ReturnType<typeof projectBody>) => {
    const r = await servers.inject({ method: 'POST', url: `/api/${type}/project`, payload: body });
    expect(r.statusCode).toBe(200);
    return { id: r.json<{ id: string }>().id, cookie: cookiesOf(r) };
  };

  it("gives an sm project's owner its site: a GREEN ROOF LID per green roof holding the roof's water", async () => {
    const { id } = await created('skywater_manager', projectBody('sm'));
    const res = await servers.inject({ method: 'GET', url: `/api/skywater_manager/export/swmm/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/\.inp$/);
    const calc = await servers.inject({ method: 'GET', url: `/api/skywater_manager/calculate/${id}` });
    const results = calc.json<{
      toitureResults: { capacity_mm: number; area_m2: number }[];
      method: { version: string };
      station: { name: string };
    }>();
    const inp = res.body;
    const title = inp.split('\n').slice(2, 5);
    expect(title[0]).toMatch(/, projet n° \d+$/);
    expect(title[1]).toContain(`méthode ${results.method.version}`);
    expect(title[2]).toContain(results.station.name);
    // each green roof's soil holds, between wilting point and field capacity, the roof's capacity
    const soils = section(inp, 'LID_CONTROLS').filter((l) => l[1] === 'SOIL');
    const held = soils.map(([, , t, , fc, wp]) => Number(t) * (Number(fc) - Number(wp)));
    const green = results.toitureResults.filter((r) => r.capacity_mm > 5);
    expect(held.length).toBe(green.length);
    held.forEach((h, i) => expect(h).toBeCloseTo(green[i]!.capacity_mm, 3));
    expect(section(inp, 'OPTIONS')).toContainEqual(['FLOW_UNITS', 'LPS']);
    expect(section(inp, 'RAINGAGES')[0]).toEqual(['GAGE', 'VOLUME', '24:00', '1', 'TIMESERIES', 'RAIN']);
  });

  it('gives a Canadian visitor an imperial project as a model in SI units, said in its notes', async () => {
    const body = projectBody('smca', (d) => {
      d.unit_system = 'IMPERIAL';
    });
    const { id, cookie } = await created('smca', body);
    const res = await servers.inject({
      method: 'GET',
      url: `/api/smca/export/swmm/${id}?locale=en`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const calc = await servers.inject({
      method: 'GET',
      url: `/api/smca/calculate/${id}`,
      headers: { cookie },
    });
    const roofs = calc.json<{ toitureResults: { area_m2: number }[] }>().toitureResults;
    const areas = section(res.body, 'SUBCATCHMENTS').map((l) => Number(l[3]) * 10_000);
    roofs.forEach((r, i) => expect(areas[i]).toBeCloseTo(r.area_m2, 3));
    expect(res.body).toContain(
      ";;Units: SI (flows in L/s, depths in mm, areas in ha, widths in m), whatever the project's unit system.",
    );
    // the daily report step reports the flow at midnight, not the day's volume: the notes say how to read it
    expect(res.body).toContain(
      ';;Reported values (REPORT_STEP 24:00:00) are instantaneous, at 00:00 each day',
    );
    // another visitor does not see it
    const other = await servers.inject({ method: 'GET', url: `/api/smca/export/swmm/${id}` });
    expect(other.statusCode).toBe(404);
  });
});
