/**
 * Measured rain series in the storage quotas (a helper's attack, 2026-11-30): the same days uploaded
 * again under another file name, or another station chosen in a kept file, make another stored series;
 * six addresses stored 915 in a minute outside every quota. A series now counts against its owner's
 * storage when the owner first holds it, by the day (STORAGE_PER_DAY_MB) and in all
 * (VISITOR_STORAGE_MB), as files do. On SQLite and PostgreSQL.
 */
import { gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { sweepSeries } from '../../server/rain/store';
import { dates, weather } from '../fixtures/rain/days';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

function multipart(files: { name: string; data: Buffer }[]) {
  const boundary = `----rain${Math.random().toString(16).slice(2)}`;
  const parts = [
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

const DAYS = dates(2010, 2019);
/** Ten years of days as a plain date,mm file, gzipped. */
const PLAIN = gzipSync(['date,mm', ...DAYS.map((d) => `${d},${weather(d).precip.toFixed(1)}`)].join('\n'));
/** The same ten years at two Météo-France stations of a département, gzipped. */
const STATIONS = gzipSync(
  [
    'NUM_POSTE;NOM_USUEL;LAT;LON;ALTI;AAAAMMJJ;RR;QRR;TN;QTN;HTN;QHTN;TX;QTX;HTX;QHTX;TM;QTM;TNTXM;QTNTXM',
    ...['25056001', '25462001'].flatMap((id, s) =>
      DAYS.map((d) => {
        const w = weather(d);
        const t = w.temp.toFixed(1);
        return [
          id,
          `POSTE ${s}`,
          '47.2',
          '5.9',
          '300',
          d.replaceAll('-', ''),
          (w.precip * (1 + s)).toFixed(1),
        ]
          .concat(['1', t, '1', '', '', t, '1', '', '', t, '1', t, '1'])
          .join(';');
      }),
    ),
  ].join('\n'),
);

describe.each(DIALECTS)('measured rain series in the storage quotas, on %s', (dialect) => {
  let place: Place;
  const servers: Server[] = [];
  beforeAll(async () => {
    place = await freshPlace(dialect);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await place.drop();
  });

  /** A canada-mode server, a visitor on it with a new smca project, and its requests. */
  const visitor = async (env: Record<string, string> = {}) => {
    const s = (await serverOn(place, { APP_MODE: 'canada', ...env })).server;
    servers.push(s);
    let cookie = '';
    const inject = async (o: InjectOptions): Promise<LightMyRequestResponse> => {
      const r = await s.app.inject({
        ...o,
        remoteAddress: '198.51.100.7',
        headers: { ...o.headers, ...(cookie ? { cookie } : {}) },
      });
      cookie = cookiesOf(r, cookie);
      return r;
    };
    const created = await inject({ method: 'POST', url: '/api/smca/project', payload: projectBody('smca') });
    expect(created.statusCode).toBe(200);
    const id = (created.json() as { id: string }).id;
    const { owner } = await s.db
      .selectFrom('projects')
      .select('owner')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const upload = (name: string, data: Buffer) => {
      const m = multipart([{ name, data }]);
      return inject({
        method: 'POST',
        url: `/api/smca/project/${id}/rain`,
        payload: m.payload,
        headers: m.headers,
      });
    };
    /** What the visitor's browser stored today, as its day counter holds it. */
    const today = async () =>
      Number(
        (
          await s.db
            .selectFrom('counters')
            .select('count')
            .where('key', '=', `bytes|owner|${owner}|day`)
            .executeTakeFirst()
        )?.count ?? 0,
      );
    /** A stored series' bytes: its gzipped days and its summary. */
    const seriesBytes = async (series: string) => {
      const row = await s.db
        .selectFrom('rain_series')
        .select(['data', 'summary'])
        .where('id', '=', series)
        .executeTakeFirstOrThrow();
      return row.data.byteLength + Buffer.byteLength(row.summary);
    };
    return { s, id, owner: owner!, inject, upload, today, seriesBytes };
  };

  it('counts a series with its file, again for the same days under another name, not for the same upload', async () => {
    const v = await visitor();
    // (the project's answers are counted already)
    const start = await v.today();
    const first = await v.upload('pluie.csv.gz', PLAIN);
    expect(first.statusCode).toBe(200);
    const a = (first.json() as { series: { id: string } }).series.id;
    expect(await v.today()).toBe(start + PLAIN.byteLength + (await v.seriesBytes(a)));

    const before = await v.today();
    const renamed = await v.upload('pluie-2.csv.gz', PLAIN);
    expect(renamed.statusCode).toBe(200);
    const b = (renamed.json() as { series: { id: string } }).series.id;
    expect(b).not.toBe(a);
    expect(await v.today()).toBe(before + PLAIN.byteLength + (await v.seriesBytes(b)));

    // the same file under the same name: the series it holds already, only the file is counted
    const again = before + PLAIN.byteLength + (await v.seriesBytes(b));
    expect((await v.upload('pluie-2.csv.gz', PLAIN)).statusCode).toBe(200);
    expect(await v.today()).toBe(again + PLAIN.byteLength);
  });

  it('counts the series of each station chosen in a kept file, once', async () => {
    const v = await visitor();
    const start = await v.today();
    const up = await v.upload('Q_25_2010-2019.csv.gz', STATIONS);
    expect(up.statusCode).toBe(200);
    const { file, stations } = up.json() as { file: { id: string }; stations: unknown[] };
    expect(stations).toHaveLength(2);
    expect(await v.today()).toBe(start + STATIONS.byteLength);
    const choose = (station: string) =>
      v.inject({ method: 'POST', url: `/api/smca/project/${v.id}/rain/${file.id}`, payload: { station } });
    let counted = start + STATIONS.byteLength;
    for (const station of ['25056001', '25462001']) {
      const r = await choose(station);
      expect(r.statusCode).toBe(200);
      counted += await v.seriesBytes((r.json() as { series: { id: string } }).series.id);
      expect(await v.today()).toBe(counted);
    }
    expect((await choose('25056001')).statusCode).toBe(200);
    expect(await v.today()).toBe(counted);
  });

  it('refuses an upload past VISITOR_STORAGE_MB counting the series the visitor holds', async () => {
    const v = await visitor({ VISITOR_STORAGE_MB: '1' });
    // what many uploads under other names would have left: a megabyte of series the visitor holds
    const held = 'f'.repeat(64);
    await v.s.db
      .insertInto('rain_series')
      .values({
        id: held,
        project_id: v.id,
        data: Buffer.alloc(1024 * 1024),
        summary: '{}',
        created_at: new Date().toISOString(),
      })
      .execute();
    await v.s.db.insertInto('rain_series_owners').values({ series_id: held, owner: v.owner }).execute();
    const r = await v.upload('pluie.csv.gz', PLAIN);
    expect(r.statusCode).toBe(413);
    expect((r.json() as { code: string }).code).toBe('visitor_storage');
    const files = await v.s.db.selectFrom('files').select('id').where('project_id', '=', v.id).execute();
    expect(files).toHaveLength(0);
  });

  it('sweeps every day-old series nothing names, not a hundred an hour', async () => {
    const v = await visitor();
    // what an hour of uploads under other names leaves (915 a minute from six addresses)
    const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const ids = Array.from({ length: 250 }, (_, i) => `e${i.toString(16).padStart(63, '0')}`);
    for (const id of ids)
      await v.s.db
        .insertInto('rain_series')
        .values({ id, project_id: v.id, data: Buffer.alloc(16), summary: '{}', created_at: old })
        .execute();
    const before = new Date(Date.now() - 86_400_000).toISOString();
    // (the new server's own sweep at its start may take a few as they are written)
    expect(await sweepSeries(v.s.db, before, dialect)).toBeGreaterThan(200);
    const left = await v.s.db.selectFrom('rain_series').select('id').where('id', 'in', ids).execute();
    expect(left).toHaveLength(0);
  });
});
