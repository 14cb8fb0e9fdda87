/**
 * Measured rain through the API (issue 39.3, 39.4): files uploaded as the services provide them, read
 * on the rain worker, kept with the project, named by its answers; the calculation, the preview, the
 * climate stress and a variant run on the same days; switching back gives the generated series; what is
 * wrong is refused with its line and column, in a body the page puts in the user's words.
 */
import { gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecccYear, meteoFrance } from '../fixtures/rain/days';
import { i18nOf } from '../../server/i18n';
import { sweepSeries } from '../../server/rain/store';
import { problemText, type RainProblem } from '../../words/rain';
import { cookiesOf, DIALECTS, freshPlace, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

/** A multipart body with files in field `file` (and other fields). */
function multipart(files: { name: string; data: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = `----rain${Math.random().toString(16).slice(2)}`;
  const parts = [
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    ...files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const YEARS = Array.from({ length: 12 }, (_, i) => 1991 + i);
const ECCC = YEARS.map((y) => ({
  name: `climate_daily_QC_7025251_${y}_P1D.csv`,
  data: Buffer.from(ecccYear(y)),
}));

describe.each(DIALECTS)('measured rain on %s', (dialect) => {
  let place: Place;
  let servers: Awaited<ReturnType<typeof serversByMode>>;
  let owner = '';
  const inject = async (o: InjectOptions): Promise<LightMyRequestResponse> => {
    const r = await servers.inject({ ...o, headers: { ...o.headers, cookie: owner } });
    owner = cookiesOf(r, owner);
    return r;
  };
  const body = (rain: string | null) =>
    projectBody('smca', (d) => {
      (d.project as Record<string, unknown>).rain_region = 'Montréal';
      (d.project as Record<string, unknown>).rain_series = rain;
    });
  const upload = (id: string, files: { name: string; data: Buffer }[], fields?: Record<string, string>) => {
    const m = multipart(files, fields);
    return inject({
      method: 'POST',
      url: `/api/smca/project/${id}/rain`,
      payload: m.payload,
      headers: m.headers,
    });
  };
  const save = (id: string, rain: string | null) =>
    inject({ method: 'PUT', url: '/api/smca/project', payload: { ...body(rain), id } });
  const calculate = (id: string) => inject({ method: 'GET', url: `/api/smca/calculate/${id}` });

  beforeAll(async () => {
    place = await freshPlace(dialect);
    servers = await serversByMode(place);
  });
  afterAll(async () => {
    await servers.close();
    await place.drop();
  });

  it('keeps twelve yearly ECCC files with the project and calculates on their days', async () => {
    const id = (await inject({ method: 'POST', url: '/api/smca/project', payload: body(null) })).json<{
      id: string;
    }>().id;
    const up = await upload(id, ECCC);
    expect(up.statusCode).toBe(200);
    const { file, series } = up.json<{
      file: { id: string };
      series: { id: string; summary: Record<string, unknown> };
    }>();
    expect(series.summary).toMatchObject({
      first: '1991-01-01',
      last: '2002-12-31',
      years_used: 11,
      years_left_out: [2001],
    });
    // the files as uploaded, kept together with the project
    const kept = await inject({ method: 'GET', url: `/api/files/${file.id}` });
    expect(Object.keys(unzipSync(new Uint8Array(kept.rawPayload)))).toHaveLength(12);
    expect((await inject({ method: 'GET', url: `/api/smca/rain/${series.id}` })).json()).toMatchObject({
      id: series.id,
    });

    expect((await save(id, series.id)).statusCode).toBe(200);
    const measured = await calculate(id);
    expect(measured.statusCode).toBe(200);
    const r = measured.json();
    expect(r.years).toBe(11);
    expect(r.measured).toMatchObject({
      id: series.id,
      station: { id: '7025251', name: 'MONTREAL/PIERRE ELLIOTT TRUDEAU INTL' },
      first_year: 1991,
      last_year: 2002,
    });
    // the climate stress: the same days, wetter
    expect(r.stress[0].site.to_sewer_m3_per_year).toBeGreaterThan(r.site.to_sewer_m3_per_year);

    // the live preview runs on the same days
    const preview = await inject({
      method: 'POST',
      url: '/api/smca/preview',
      payload: { steps: body(series.id).steps },
    });
    expect(preview.statusCode).toBe(200);

    // a variant names the same series and calculates the same figures
    const v = await inject({ method: 'POST', url: `/api/smca/project/${id}/variant` });
    const vr = (await calculate(v.json<{ id: string }>().id)).json();
    expect(vr.measured.id).toBe(series.id);
    expect(vr.site).toEqual(r.site);

    // a note printed on it: its verification recalculates on the same days
    const printed = await inject({
      method: 'POST',
      url: `/api/smca/pdf_download/${id}?locale=en`,
      payload: { data: JSON.stringify({ informations: [] }) },
    });
    expect(printed.statusCode).toBe(200);
    const code = String(printed.headers['x-verification-code']);

    // its EPA SWMM model (issue 39.2) rains the measured days on their dates, the year left out dry
    const model = await inject({ method: 'GET', url: `/api/smca/export/swmm/${id}?locale=en` });
    expect(model.statusCode).toBe(200);
    const inp = model.body;
    expect(inp.split('\n')[4]).toMatch(
      /^Climate: daily rain measured at MONTREAL\/PIERRE ELLIOTT TRUDEAU INTL, 1991-01-01 to 2002-12-31/,
    );
    expect(inp).toContain(";The project's measured daily rain\n");
    expect(inp).toMatch(/^START_DATE +01\/01\/1991$/m);
    expect(inp).toMatch(/^END_DATE +01\/01\/2003$/m);
    expect(inp).toContain(';;Years left out of the measured series (a missing or flagged day): 2001.');
    const rain = [...inp.matchAll(/^RAIN +(\d\d)\/(\d\d)\/(\d{4}) +00:00 +(\S+)$/gm)];
    expect(rain.filter((m) => m[3] === '2001')).toEqual([]);
    const mm = rain.reduce((x, m) => x + Number(m[4]), 0);
    expect(mm / 11).toBeCloseTo((1000 * r.site.precipitation_m3_per_year) / r.site.area_m2, 0);

    // and back to the generated series at any time
    await save(id, null);
    const generated = (await calculate(id)).json();
    expect([generated.years, generated.measured]).toEqual([100, null]);
    // the note issued before still verifies on the measured days, whatever the project runs on now
    const verified = (await inject({ method: 'GET', url: `/api/verify/${code}?locale=en` })).json<{
      same: boolean;
      climate: string;
    }>();
    expect(verified.climate).toBe(
      'Measured rain series, station MONTREAL/PIERRE ELLIOTT TRUDEAU INTL, years 1991–2002',
    );
    expect(verified.same).toBe(true);
  });

  it('a Météo-France file: the stations it holds, then the one picked', async () => {
    const id = (await inject({ method: 'POST', url: '/api/smca/project', payload: body(null) })).json<{
      id: string;
    }>().id;
    // the small file holds three years: too few for a calculation, but its stations are offered
    const up = await upload(id, [{ name: 'Q_25.csv.gz', data: gzipSync(meteoFrance()) }]);
    expect(up.statusCode).toBe(200);
    const { file, stations } = up.json<{ file: { id: string }; stations: { id: string; name: string }[] }>();
    expect(stations.map((s) => s.name)).toEqual(['BESANCON', 'MOUTHE']);
    const pick = await inject({
      method: 'POST',
      url: `/api/smca/project/${id}/rain/${file.id}`,
      payload: { station: '25462001' },
    });
    expect(pick.statusCode).toBe(422);
    expect(pick.json()).toMatchObject({
      code: 'rain_refused',
      details: { problems: [{ code: 'too_short', params: { years: 3, needed: 10 } }] },
    });
  });

  it('refuses with the line and column, never stores what it refused', async () => {
    const id = (await inject({ method: 'POST', url: '/api/smca/project', payload: body(null) })).json<{
      id: string;
    }>().id;
    const lines = ecccYear(1995).split('\r\n');
    const at = lines.findIndex((l) => l.includes('"1995-02-01"'));
    const cells = lines[at]!.split('","');
    cells[13] = '1,5,0';
    lines[at] = cells.join('","');
    const bad = lines.join('\r\n');
    const row = at + 1;
    const r = await upload(id, [{ name: 'y1995.csv', data: Buffer.from(bad) }]);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'rain_refused',
      field: 'file',
      details: { problems: [{ code: 'bad_number', file: 'y1995.csv', line: row, column: 'Mean Temp (°C)' }] },
    });
    const png = await upload(id, [
      { name: 'photo.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
    ]);
    expect([png.statusCode, png.json().code]).toEqual([415, 'unsupported_type']);
    const kept = await servers.canada.db
      .selectFrom('files')
      .select('id')
      .where('project_id', '=', id)
      .execute();
    expect(kept).toEqual([]);
    expect(
      await servers.canada.db.selectFrom('rain_series').select('id').where('project_id', '=', id).execute(),
    ).toEqual([]);
    // a series the server does not hold: the calculation says which field
    await save(id, 'b'.repeat(64));
    const missing = await calculate(id);
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json())).toContain('steps.Chantier.forms.0.form.rain_series');
  });

  it("a logger's readings in UTC: refused with their line, read in the station's zone when it is named", async () => {
    const id = (await inject({ method: 'POST', url: '/api/smca/project', payload: body(null) })).json<{
      id: string;
    }>().id;
    // ten years of hourly readings stamped in UTC; 4 mm at 03:30 UTC on 1 July 2000, 23:30 in Toronto on 30 June
    const lines = ['time,mm'];
    for (let t = Date.UTC(1995, 0, 1, 5); t < Date.UTC(2005, 0, 1, 5); t += 3_600_000) {
      lines.push(`${new Date(t).toISOString().slice(0, 19)}Z,0`);
      if (t === Date.UTC(2000, 6, 1, 3)) lines.push('2000-07-01T03:30:00Z,4');
    }
    const file = [{ name: 'toronto-utc.csv', data: Buffer.from(lines.join('\n')) }];
    const bare = await upload(id, file);
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toMatchObject({
      code: 'rain_refused',
      field: 'file',
      details: { problems: [{ code: 'utc_times', file: 'toronto-utc.csv', line: 2, column: '1' }] },
    });
    const named = await upload(id, file, { timezone: 'America/Toronto' });
    expect(named.statusCode).toBe(200);
    const { summary } = named.json<{ series: { summary: { problems: unknown[]; years_used: number } } }>()
      .series;
    expect(summary.years_used).toBe(10);
    expect(summary.problems).toContainEqual(
      expect.objectContaining({
        code: 'times_zone',
        params: { zone: 'America/Toronto', offsets: 'UTC+00:00' },
      }),
    );
    // the days the readings were summed into are the station's, as the sentence after says (it said "in
    // the time the file writes" just above "converted to the local time of …": helper ux7)
    const summed = (summary.problems as RainProblem[]).find((p) => p.code === 'summed_readings')!;
    expect(summed.params).toMatchObject({ context: 'zone', zone: 'America/Toronto' });
    const en = i18nOf('smca', 'en').i18n;
    // the zone in words, never its programme name (helper ux8): the calculator's own label for it among
    // the zones its rain field offers, else its city
    const t = (k: string, q?: Record<string, unknown>) => en.t(k, q ?? {});
    const zones = [{ value: 'America/Toronto', label: 'smca.rain_zones.eastern' }];
    expect(problemText(summed, t, 'en', zones)).toMatch(
      /summed into 3,653 days, from 00:00 to 23:59 in the time zone "Eastern Time \(Toronto, Montréal\)" \(/,
    );
    expect(problemText(summed, t, 'en')).toMatch(/from 00:00 to 23:59 in the time zone "Toronto time" \(/);
    expect(problemText(summed, t, 'en')).not.toMatch(/America\//);
    const unknown = await upload(id, file, { timezone: 'America/Nowhere' });
    expect([unknown.statusCode, unknown.json().details.problems[0].code]).toEqual([422, 'unknown_timezone']);
  });

  it('sweeps the day-old series that no project and no issued note names, and keeps the others', async () => {
    const db = servers.canada.db;
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const ids = ['1', '2', '3', '4'].map((c) => c.repeat(64));
    const [byProject, byNote, byNobody, young] = ids as [string, string, string, string];
    for (const id of ids)
      await db
        .insertInto('rain_series')
        .values({
          id,
          project_id: null,
          data: gzipSync('[]'),
          summary: '{}',
          created_at: id === young ? new Date().toISOString() : old,
        })
        .execute();
    // a project names one (its answers, as saved); an issued note the other (the answers it keeps);
    // the third appears in a project's text only as a name typed by its user
    const made = await inject({ method: 'POST', url: '/api/smca/project', payload: body(byProject) });
    const id = made.json<{ id: string }>().id;
    const typed = await inject({
      method: 'POST',
      url: '/api/smca/project',
      payload: projectBody('smca', (d) => {
        (d.project as Record<string, unknown>).name = `"rain_series":"${byNobody}"`;
      }),
    });
    expect(typed.statusCode).toBe(200);
    const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db
      .insertInto('issued_notes')
      .values({
        code: 'SWEEPTEST1',
        project_id: id,
        product_type: row.product_type,
        calculation: 'abattement',
        method_version: '0',
        climate: '',
        content: row.content.replace(byProject, byNote),
        results: '{}',
        name: '',
        city: '',
        postcode: '',
        number: null,
        locale: 'fr',
        pdf_sha256: '0'.repeat(64),
        pdf_size: 0,
        show_client: 0,
        issued_on: old.slice(0, 10),
        created_at: old,
        withdrawn_at: null,
        owner: null,
      } as never)
      .execute();
    expect(await sweepSeries(db, new Date(Date.now() - 86_400_000).toISOString(), dialect)).toBe(1);
    const left = await db.selectFrom('rain_series').select('id').where('id', 'in', ids).execute();
    expect(left.map((r) => r.id).sort()).toEqual([byProject, byNote, young].sort());
  });
});
