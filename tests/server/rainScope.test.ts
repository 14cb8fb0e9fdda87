/**
 * A measured rain series is its uploader's (server/rain/routes.ts, migrations/2026_12_05): a series is
 * kept once per content and named by its id, and any visitor who had seen an id (a project shared by
 * its link) read its summary, calculated on its days, and kept it from the sweep after its owner deleted
 * its project (a helper's attack, round 7). Now another visitor's id is unknown to a visitor (404), and
 * its project naming one calculates as if the series were not stored; the same files uploaded by that
 * visitor give it the series. The projects stored before keep their series (the migration's hand-over).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSeriesToOwners } from '../../server/db/migrations/2026_12_05_rain_series_owners';
import { ecccYear } from '../fixtures/rain/days';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

const FILES = Array.from({ length: 12 }, (_, i) => 1991 + i).map((y) => ({
  name: `climate_daily_QC_7025251_${y}_P1D.csv`,
  data: Buffer.from(ecccYear(y)),
}));

function multipart(files: { name: string; data: Buffer }[]) {
  const boundary = `----scope${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const body = (rain: string | null) =>
  projectBody('smca', (d) => {
    (d.project as Record<string, unknown>).rain_region = 'Montréal';
    (d.project as Record<string, unknown>).rain_series = rain;
  });

describe.each(DIALECTS)("another visitor's rain series, on %s", (dialect) => {
  let place: Place;
  let server: Awaited<ReturnType<typeof serverOn>>['server'];
  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { APP_MODE: 'canada' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  const visitor = (address: string) => {
    let cookie = '';
    return async (o: InjectOptions) => {
      const r = await server.app.inject({ ...o, remoteAddress: address, headers: { ...o.headers, cookie } });
      cookie = cookiesOf(r, cookie);
      return r;
    };
  };
  type As = ReturnType<typeof visitor>;
  const create = async (as: As, rain: string | null) =>
    (await as({ method: 'POST', url: '/api/smca/project', payload: body(rain) })).json<{ id: string }>().id;
  const upload = async (as: As, id: string) => {
    const r = await as({ method: 'POST', url: `/api/smca/project/${id}/rain`, ...multipart(FILES) });
    expect(r.statusCode, r.payload).toBe(200);
    return r.json<{ series: { id: string } }>().series.id;
  };
  const summary = async (as: As, series: string) =>
    (await as({ method: 'GET', url: `/api/smca/rain/${series}` })).statusCode;
  const calculate = async (as: As, id: string) => {
    const r = await as({ method: 'GET', url: `/api/smca/calculate/${id}` });
    return [r.statusCode, r.statusCode === 422 && r.payload.includes('form.rain_series')] as const;
  };

  it("reads and calculates on one's own series only; the same files sent give it", async () => {
    const a = visitor('203.0.113.21');
    const b = visitor('203.0.113.22');
    const its = await create(a, null);
    const series = await upload(a, its);
    expect(
      (await a({ method: 'PUT', url: '/api/smca/project', payload: { ...body(series), id: its } }))
        .statusCode,
    ).toBe(200);
    expect(await summary(a, series)).toBe(200);
    expect(await calculate(a, its)).toEqual([200, false]);

    // b has seen the id: unknown to it, as an unknown id is; its project naming it misses its series
    expect(await summary(b, series)).toBe(404);
    expect(await summary(b, 'c'.repeat(64))).toBe(404);
    const mine = await create(b, series);
    expect(await calculate(b, mine)).toEqual([422, true]);
    const preview = await b({ method: 'POST', url: '/api/smca/preview', payload: body(series) });
    expect(preview.statusCode).toBe(422);
    expect(preview.payload).toContain('form.rain_series');
    // a's project, calculated before (the outcome remembered by content), is still a's alone
    expect(await calculate(a, its)).toEqual([200, false]);

    // b sends the same files: the same series, now b's too
    const own = await create(b, null);
    expect(await upload(b, own)).toBe(series);
    expect(await summary(b, series)).toBe(200);
    expect(await calculate(b, mine)).toEqual([200, false]);
  });

  it('reads and previews the series of a project opened by its link, until the link is renewed', async () => {
    const a = visitor('203.0.113.24');
    // the author's other browser (its phone): another visitor, the project opened by its link
    const phone = visitor('203.0.113.25');
    const its = await create(a, null);
    const series = await upload(a, its);
    await a({ method: 'PUT', url: '/api/smca/project', payload: { ...body(series), id: its } });
    const preview = async (as: As) =>
      (await as({ method: 'POST', url: '/api/smca/preview', payload: body(series) })).statusCode;
    expect(await summary(phone, series)).toBe(404);
    expect(await preview(phone)).toBe(422);
    const link = async () =>
      (await a({ method: 'POST', url: `/api/smca/project/${its}/link` })).json<{ token: string }>().token;
    const opened = await phone({ method: 'POST', url: `/api/project_link/${await link()}` });
    expect(opened.statusCode, opened.payload).toBe(200);
    expect(await summary(phone, series)).toBe(200);
    expect(await preview(phone)).toBe(200);
    expect(await calculate(phone, its)).toEqual([200, false]);
    // a renewed link ends what the old one gave
    await link();
    expect(await summary(phone, series)).toBe(404);
    expect(await preview(phone)).toBe(422);
  });

  it('gives the series that stored projects name to their owners (the migration)', async () => {
    const a = visitor('203.0.113.23');
    const its = await create(a, null);
    const series = await upload(a, its);
    await a({ method: 'PUT', url: '/api/smca/project', payload: { ...body(series), id: its } });
    // as stored before the migration: nobody holds it
    await server.app.db.deleteFrom('rain_series_owners').execute();
    expect(await summary(a, series)).toBe(404);
    const held = async () =>
      (await server.app.db.selectFrom('rain_series_owners').selectAll().execute()).filter(
        (h) => h.series_id === series,
      ).length;
    await giveSeriesToOwners(server.app.db, dialect);
    // the four owners of a project naming it (the same files as above: the same series; the phone that
    // opened a project by its link owns none)
    expect(await held()).toBe(4);
    await giveSeriesToOwners(server.app.db, dialect);
    expect(await held()).toBe(4);
    expect(await summary(a, series)).toBe(200);
    expect(await calculate(a, its)).toEqual([200, false]);
  });
});
