/**
 * Measured rain files (issue 39.3): the small files of tests/fixtures/rain, one per service's format (a
 * few years with snow, a trace, an estimate, and in 2001 a day the service marks unusable), read as the
 * upload reads them, give the series of the same days entered by hand and the same balance; what is
 * wrong is refused with its file, line and column; nothing is filled.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { calculateAbattement, type MeasuredInput } from '../../server/calc/abattement/abattement';
import type { MeasuredSeries } from '../../server/calc/abattement/rain/assemble';
import { dateOf } from '../../server/calc/abattement/rain/formats';
import { RAIN_LIMITS, type RainFile } from '../../server/calc/abattement/rain/read';
import { i18nOf } from '../../server/i18n';
import { runRainJob, ZIP_ENTRIES, type RainAnswer } from '../../server/rain/readJob';
import { rainPool } from '../../server/rain/routes';
import { dates, ecccYear, ESTIMATED, meteoFrance, TRACE, UNUSABLE, weather } from '../fixtures/rain/days';
import { problemText } from '../../words/rain';
import { example, form } from './helpers';

const DIR = join(import.meta.dirname, '../fixtures/rain');
const file = (name: string): RainFile => ({ name, data: readFileSync(join(DIR, name)) });
const ECCC = [2000, 2001, 2002].map((y) => file(`climate_daily_QC_7025251_${y}_P1D.csv`));
const MF = file('Q_25_previous-1950-2023_RR-T-Vent.csv.gz');
const PLAIN = file('pluie.csv');
/** the small files hold three years: two complete ones are enough here */
const limits = { ...RAIN_LIMITS, minYears: 2 };

type Series = Extract<RainAnswer, { id: string }>;
async function series(files: RainFile[], station?: string, bounds = limits): Promise<Series> {
  const a = await runRainJob({ files, limits: bounds, ...(station ? { station } : {}) });
  if (!a.ok || !('id' in a)) throw new Error(JSON.stringify(a));
  return a;
}
const days = async (a: Series): Promise<MeasuredSeries> => {
  const { gunzipSync } = await import('node:zlib');
  return JSON.parse(gunzipSync(a.data).toString()) as MeasuredSeries;
};

/** The days of 2000 and 2002 typed in by hand from the stations' records: what the files must give. */
function byHand(
  format: MeasuredSeries['format'],
  opts: { rain: boolean; temp: boolean; factor?: number },
): MeasuredSeries {
  const kept = dates().filter((d) => !d.startsWith('2001'));
  return {
    format,
    years: [2000, 2002],
    precip: kept.map((d) => (d === TRACE ? 0 : Math.round(weather(d).precip * (opts.factor ?? 1) * 10) / 10)),
    rain: kept.map((d) => (opts.rain ? (d === TRACE ? 0 : weather(d).rain) : null)),
    temp: kept.map((d) => (opts.temp ? weather(d).temp : null)),
  };
}

/** A Montréal (smca) or Besançon-like (sm, postcode 25000) project's balance on a measured series. */
function balance(product: 'smca' | 'skywater_manager', measured: MeasuredInput) {
  const p = example(product === 'smca' ? 'smca-toronto' : 'sm-paris');
  if (product === 'smca') form(p, 'Chantier').rain_region = 'Montréal';
  else form(p, 'Chantier').postcode = '25000';
  form(p, 'Chantier').rain_series = measured.id;
  const r = calculateAbattement(product, p, { measured });
  if (!r.ok) throw new Error(JSON.stringify(r.reasons));
  return r.results;
}

describe('measured rain files', () => {
  it('ECCC: three yearly files give the days of 2000 and 2002, rain and snow as measured', async () => {
    const a = await series(ECCC);
    expect(await days(a)).toEqual(byHand('eccc', { rain: true, temp: true }));
    const s = a.summary;
    expect(s.station).toMatchObject({ id: '7025251', name: 'MONTREAL/PIERRE ELLIOTT TRUDEAU INTL' });
    expect([s.first, s.last, s.years_used, s.years_left_out]).toEqual([
      '2000-01-01',
      '2002-12-31',
      2,
      [2001],
    ]);
    expect(s.complete_share).toBe(99.9);
    // the unusable day, with its line (header + days before it) and the flag's column; never filled
    const line = dates(2001, 2001).indexOf(UNUSABLE) + 2;
    expect(s.problems[0]).toEqual({
      code: 'missing_value',
      file: 'climate_daily_QC_7025251_2001_P1D.csv',
      line,
      column: 'Total Precip Flag',
      params: { date: UNUSABLE, flag: 'M' },
    });
    expect(s.counts).toEqual({ missing_value: 1, trace_value: 1, estimated_value: 1 });
    expect(s.problems.find((p) => p.code === 'estimated_value')?.params.date).toBe(ESTIMATED);
  });

  it('the same days under another name are another series, naming its own file', async () => {
    const a = await series([{ name: 'Client Dupont, site rue X.csv', data: PLAIN.data }]);
    const b = await series([{ name: 'mine.csv', data: PLAIN.data }]);
    expect(a.id).not.toBe(b.id);
    expect(b.summary.files.map((f) => f.name)).toEqual(['mine.csv']);
    expect(await days(a)).toEqual(await days(b));
  });

  it('ECCC: the yearly files in a zip, in a folder, give the same series and name the same files', async () => {
    const zip = zipSync({
      'montreal/': new Uint8Array(0),
      ...Object.fromEntries(ECCC.map((f) => [`montreal/${f.name}`, f.data])),
    });
    const a = await series([{ name: 'montreal.zip', data: zip }]);
    const files = await series(ECCC);
    expect(a.id).toBe(files.id);
    expect(a.summary.problems[0]!.file).toBe('climate_daily_QC_7025251_2001_P1D.csv');
  });

  it('Météo-France: a gzipped département file asks for a station, then gives its days', async () => {
    const choice = await runRainJob({ files: [MF], limits });
    expect(
      choice.ok && 'choose' in choice && choice.choose.map((s) => [s.id, s.name, s.complete_years]),
    ).toEqual([
      ['25056001', 'BESANCON', 2],
      ['25462001', 'MOUTHE', 3],
    ]);
    const a = await series([MF], '25056001');
    expect(await days(a)).toEqual(byHand('meteofrance', { rain: false, temp: true }));
    expect(a.summary.problems[0]).toMatchObject({
      code: 'flagged_value',
      column: 'QRR',
      params: { flag: '2' },
    });
    // the other station: every year complete, its own amounts
    const other = await days(await series([MF], '25462001'));
    expect(other.years).toEqual([2000, 2001, 2002]);
  });

  it('plain CSV: date and millimetres, the temperatures left to the normals', async () => {
    const a = await series([PLAIN]);
    expect(await days(a)).toEqual(byHand('plain', { rain: false, temp: false }));
    expect(a.summary.station).toBeNull();
    expect(a.summary.problems[0]).toMatchObject({ code: 'missing_value', file: 'pluie.csv', column: '2' });
  });

  it("a logger's readings are summed into their days: the daily file's series, to the last digit", async () => {
    // each day of pluie.csv as three readings: 00:00 (nothing), 06:30 and 23:55 (the day's two halves)
    const lines = PLAIN.data.toString().trim().split('\n').slice(1);
    const readings = lines.flatMap((l) => {
      const [day, mm = ''] = l.split(',');
      if (mm.trim() === '') return [`${day} 00:00,0`, `${day} 06:30,`, `${day} 23:55,0`];
      const tenths = Math.round(Number(mm) * 10);
      const half = Math.floor(tenths / 2);
      return [`${day} 00:00,0`, `${day}T06:30:00,${half / 10}`, `${day} 23:55:30,${(tenths - half) / 10}`];
    });
    // two files, cut within a day: the second file's first readings add to the day the first began
    const cut = readings.length / 2 + 1;
    const files = [
      // a logger's heading "Date Time" is not ECCC's "Date/Time" file
      {
        name: 'logger-1.csv',
        data: Buffer.from(`Date Time,Rain (mm)\n${readings.slice(0, cut).join('\n')}\n`),
      },
      { name: 'logger-2.csv', data: Buffer.from(`${readings.slice(cut).join('\n')}\n`) },
    ];
    const daily = await series([PLAIN]);
    const timed = await series(files);
    expect(await days(timed)).toEqual(await days(daily));
    // how the readings were read, said first
    expect(timed.summary.problems[0]).toMatchObject({
      code: 'summed_readings',
      params: { readings: readings.length, days: lines.length },
    });
    // the column read (the heading names it, and its unit)
    expect(timed.summary.problems[1]).toMatchObject({
      code: 'logger_column',
      params: { heading: 'Rain (mm)' },
    });
    // the missing reading is said where it is
    const gap = readings.findIndex((r) => r.endsWith(','));
    expect(timed.summary.problems[2]).toMatchObject(
      gap < cut
        ? { code: 'missing_value', file: 'logger-1.csv', line: gap + 2, column: '2' }
        : { code: 'missing_value', file: 'logger-2.csv', line: gap - cut + 1, column: '2' },
    );
  });

  it('a daily file in inches, said in its heading, is converted and said; a heading with no unit is millimetres', async () => {
    const body = PLAIN.data.toString().trim().split('\n').slice(1);
    const inches = body.map((l) => {
      const [day, mm = ''] = l.split(',');
      return mm.trim() === '' ? `${day},` : `${day},${Math.round((Number(mm) / 25.4) * 1e6) / 1e6}`;
    });
    const a = await series([
      { name: 'inches.csv', data: Buffer.from(`Date,Precip (in)\n${inches.join('\n')}\n`) },
    ]);
    const daily = await days(await series([PLAIN]));
    const got = await days(a);
    expect(got.years).toEqual(daily.years);
    got.precip.forEach((x, i) => expect(x).toBeCloseTo(daily.precip[i]!, 4));
    expect(a.summary.problems[0]).toMatchObject({ code: 'unit_inches', params: { heading: 'Precip (in)' } });
    // in the user's words, the heading named (a param `column` would be the problem's own column)
    const { i18n } = i18nOf('smca', 'fr');
    expect(problemText(a.summary.problems[0]!, (k, q) => i18n.t(k, q ?? {}), 'fr')).toBe(
      'Colonne «\u00a0Precip (in)\u00a0» lue en pouces, convertie en millimètres (x\u00a025,4)',
    );
    // "rain": no unit named, millimetres as the format says, nothing converted
    const plain = await series([{ name: 'rain.csv', data: Buffer.from(`day,rain\n${body.join('\n')}\n`) }]);
    expect(await days(plain)).toEqual(daily);
    expect(plain.summary.problems.map((p) => p.code)).not.toContain('unit_inches');
  });

  it("a logger's day with readings missing at its step is not usable: its year left out", async () => {
    const hours: string[] = [];
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2003, 0, 1); t += 3_600_000)
      hours.push(`${new Date(t).toISOString().slice(0, 13).replace('T', ' ')}:00,0.1`);
    // two hours of 2001-07-04 lost: 2.2 mm would be read where 2.4 fell
    const day = hours.indexOf('2001-07-04 00:00,0.1');
    hours.splice(day + 10, 2);
    const a = await series([{ name: 'hourly.csv', data: Buffer.from(hours.join('\n')) }]);
    expect((await days(a)).years).toEqual([2000, 2002]);
    expect((await days(a)).precip[0]).toBeCloseTo(2.4, 9);
    expect(a.summary.problems).toContainEqual({
      code: 'missing_readings',
      file: 'hourly.csv',
      // the day's first line
      line: day + 1,
      column: '1',
      params: { date: '2001-07-04', flag: '22/24' },
    });
  });

  it.each([
    ['eccc', () => ECCC, 'smca', { rain: true, temp: true }],
    ['meteofrance', () => [MF], 'skywater_manager', { rain: false, temp: true }],
    ['plain', () => [PLAIN], 'skywater_manager', { rain: false, temp: false }],
  ] as const)(
    '%s: the balance of the file is the balance of the same days by hand',
    async (format, files, product, o) => {
      const a = await series(files(), format === 'meteofrance' ? '25056001' : undefined);
      const fromFile = balance(product, { id: a.id, series: await days(a), summary: a.summary });
      // (an id of its own: the calculation keeps the weather of a series by its id, the days' digest)
      const hand = balance(product, {
        id: `${format} by hand`,
        series: byHand(format, o),
        summary: a.summary,
      });
      // the same figures, to the last digit (the series' id aside)
      expect({ ...fromFile, measured: { ...fromFile.measured!, id: '' } }).toEqual({
        ...hand,
        measured: { ...hand.measured!, id: '' },
      });
      expect(fromFile.years).toBe(2);
      expect(fromFile.measured).toMatchObject({ first_year: 2000, last_year: 2002, years_left_out: [2001] });
      // the rain chart is the series' own months; the note compares them with the station's normals
      const jan = byHand(format, o)
        .precip.slice(0, 31)
        .reduce((x, y) => x + y, 0);
      const jan2 = byHand(format, o)
        .precip.slice(366, 397)
        .reduce((x, y) => x + y, 0);
      expect(fromFile.pluviometrie[0]!.pluie_precipite).toBeCloseTo((jan + jan2) / 2, 1);
      expect(fromFile.measured!.monthly[0]!.normal_mm).toBeGreaterThan(0);
    },
  );

  it("snow: the rain part the file measures decides; without it, the day's temperature", async () => {
    const a = await series(ECCC);
    const hand = byHand('eccc', { rain: true, temp: true });
    const run = (rain: (number | null)[]) =>
      balance('smca', {
        id: JSON.stringify(rain).slice(0, 64),
        series: { ...hand, rain },
        summary: a.summary,
      });
    const asFiled = run(hand.rain);
    // the fixture's service reports no rain on freezing days: the temperature rule splits the same way
    expect(run(hand.rain.map(() => null)).site).toEqual(asFiled.site);
    // the series ends on cold days: snow still lies on the roofs, none where the service says all was rain
    const lying = (r: ReturnType<typeof run>) => r.balance.reduce((x, b) => x + b.snow_end_m3, 0);
    expect(lying(asFiled)).toBeGreaterThan(0);
    expect(lying(run(hand.precip))).toBe(0);
  });

  it('more rain (climate stress) is the same days wetter', async () => {
    const a = await series([PLAIN]);
    const m = { id: a.id, series: await days(a), summary: a.summary };
    const p = example('sm-paris');
    form(p, 'Chantier').rain_series = a.id;
    const base = calculateAbattement('skywater_manager', p, { measured: m });
    const wet = calculateAbattement('skywater_manager', p, { measured: m, rainFactor: 1.2 });
    if (!base.ok || !wet.ok) throw new Error('not calculated');
    expect(wet.results.site.precipitation_m3_per_year).toBeCloseTo(
      1.2 * base.results.site.precipitation_m3_per_year,
      3,
    );
  });

  it('a project naming a series it is not given says so, on the field', () => {
    const p = example('sm-paris');
    form(p, 'Chantier').rain_series = 'a'.repeat(64);
    const r = calculateAbattement('skywater_manager', p);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reasons).toEqual([
      expect.objectContaining({
        code: 'rain_series_missing',
        field: 'steps.Chantier.forms.0.form.rain_series',
      }),
    ]);
  });
});

describe('measured rain refusals, with their line and column', () => {
  const refused = async (files: RainFile[], opts: { limits?: typeof limits } = {}) => {
    const a = await runRainJob({ files, limits: opts.limits ?? limits });
    if (a.ok) throw new Error('accepted');
    return a;
  };
  const text = (name: string, body: string): RainFile => ({ name, data: Buffer.from(body) });

  it('a negative amount', async () => {
    const body = ecccYear(2000).replace('"2000-03-02","2000","03","02"', '"2000-03-02","2000","03","02"');
    const lines = body.split('\r\n');
    const i = lines.findIndex((l) => l.includes('"2000-03-02"'));
    const cells = lines[i]!.split('","');
    cells[23] = '-3.0';
    lines[i] = cells.join('","');
    const a = await refused([text('neg.csv', lines.join('\r\n')), ECCC[2]!]);
    expect(a.status).toBe(422);
    expect(a.problems).toEqual([
      {
        code: 'negative',
        file: 'neg.csv',
        line: i + 1,
        column: 'Total Precip (mm)',
        params: { value: '-3.0' },
      },
    ]);
  });

  it('a day given twice, in two files', async () => {
    const a = await refused([ECCC[0]!, ECCC[0]!.data && { name: 'copy.csv', data: ECCC[0]!.data }]);
    expect(a.problems[0]).toMatchObject({
      code: 'duplicate_day',
      file: 'copy.csv',
      line: 2,
      column: 'Total Precip (mm)',
      params: { first_file: 'climate_daily_QC_7025251_2000_P1D.csv', first_line: 2 },
    });
  });

  it('a date that is not one, a value that is not a number (plain, semicolons and decimal commas)', async () => {
    const a = await refused([text('p.csv', 'date;mm\n2000-01-01;1,5\n2000-02-30;2\n2000-03-01;abc\n')]);
    expect(a.problems).toEqual([
      { code: 'bad_date', file: 'p.csv', line: 3, column: '1', params: { value: '2000-02-30' } },
      { code: 'bad_number', file: 'p.csv', line: 4, column: '2', params: { value: 'abc' } },
    ]);
  });

  it('an amount or a temperature beyond any measured, with its line (once Infinity, or every calculation refused)', async () => {
    // digits only, of any length: 1 and 400 zeros was Infinity, kept as null on a day counted complete
    const huge = `1${'0'.repeat(400)}`;
    const a = await refused([
      text('p.csv', `date,mm\n2000-01-01,2000\n2000-01-02,${huge}\n2000-01-03,2000.1\n`),
    ]);
    expect(a.problems).toEqual([
      {
        code: 'rain_out_of_range',
        file: 'p.csv',
        line: 3,
        column: '2',
        params: { value: `${'1'.padEnd(39, '0')}…` },
      },
      { code: 'rain_out_of_range', file: 'p.csv', line: 4, column: '2', params: { value: '2000.1' } },
    ]);
    const en = i18nOf('smca', 'en').i18n;
    expect(problemText(a.problems[1]!, (k, q) => en.t(k, q ?? {}), 'en')).toMatch(
      /Rainfall of 2000\.1 beyond any measured: 2,000 mm at most in a day or a reading/,
    );
    // in inches, judged in millimetres: 79 in is 2,007 mm
    const inches = await refused([text('in.csv', 'Date,Precip (in)\n2000-01-01,78\n2000-01-02,79\n')]);
    expect(inches.problems).toMatchObject([{ code: 'rain_out_of_range', line: 3, params: { value: '79' } }]);
    // a day's mean temperature (ECCC's, Météo-France's)
    const cold = ecccYear(2000).replace(/("2000-01-05"(?:,"[^"]*"){8}),"[^"]*"/, `$1,"-${huge}"`);
    expect((await refused([text('cold.csv', cold)])).problems).toMatchObject([
      { code: 'temp_out_of_range', line: 6, column: 'Mean Temp (°C)' },
    ]);
  });

  it('a decimal comma in a comma-separated file is refused, not read as its whole part', async () => {
    const a = await refused([text('p.csv', 'date,mm\n2000-01-01,2,1\n2000-01-02,0\n2000-01-03,"1,5"\n')]);
    expect(a.problems).toEqual([
      { code: 'comma_decimal', file: 'p.csv', line: 2, column: '2', params: { value: '2,1' } },
    ]);
  });

  it("a logger's readings out of time order, or a day in two files, are refused with their line", async () => {
    const back = await refused([
      text('l.csv', '2000-01-01 10:00,1\n2000-01-01 09:00,1\n2000-01-01 11:00,1\n'),
    ]);
    expect(back.problems).toEqual([
      { code: 'time_order', file: 'l.csv', line: 2, column: '1', params: { value: '2000-01-01 09:00' } },
    ]);
    // a logger on summer time without offsets: the autumn change writes 02:00 to 02:59 twice (with its
    // offsets the file is read: rainTimes.test)
    const autumn = await refused([
      text('dst.csv', '2024-10-27 01:30:00,0\n2024-10-27 02:30:00,0.2\n2024-10-27 02:00:00,0.4\n'),
    ]);
    expect(autumn.problems).toEqual([
      { code: 'time_order', file: 'dst.csv', line: 3, column: '1', params: { value: '2024-10-27 02:00:00' } },
    ]);
    const twice = await refused([
      text('a.csv', '2000-01-01 10:00,1\n2000-01-02 10:00,1\n'),
      text('a.csv', '2000-01-01 10:00,1\n'),
    ]);
    expect(twice.problems[0]).toMatchObject({ code: 'duplicate_day', file: 'a.csv', line: 1 });
  });

  it('an unknown format, an unreadable archive, mixed formats, several ECCC stations', async () => {
    expect((await refused([text('x.csv', 'hello;world\nfoo;bar\n')])).problems[0]).toMatchObject({
      code: 'unknown_format',
      file: 'x.csv',
      line: 1,
    });
    const broken = await refused([{ name: 'x.csv.gz', data: gzipSync('date,mm\n').subarray(0, 12) }]);
    expect([broken.status, broken.problems[0]!.code]).toEqual([415, 'not_readable']);
    expect((await refused([ECCC[0]!, PLAIN])).problems[0]).toMatchObject({
      code: 'mixed_formats',
      file: 'pluie.csv',
    });
    const toronto = { id: '6158355', name: 'TORONTO CITY', lon: '-79.40', lat: '43.67' };
    const other = text('other.csv', ecccYear(2001, toronto));
    const far = await refused([ECCC[0]!, other]);
    expect(far.problems[0]).toMatchObject({
      code: 'several_stations',
      file: 'other.csv',
      line: 2,
      params: {
        station: 'TORONTO CITY (6158355)',
        kept: 'MONTREAL/PIERRE ELLIOTT TRUDEAU INTL (7025251)',
        km: 490,
      },
    });
    const en = i18nOf('smca', 'en').i18n;
    expect(problemText(far.problems[0]!, (k, q) => en.t(k, q ?? {}), 'en')).toMatch(
      /^The files come from two stations 490 km apart \(MONTREAL\/PIERRE ELLIOTT TRUDEAU INTL \(7025251\) and TORONTO CITY \(6158355\)\): send one station's files/,
    );
  });

  it("ECCC: a station replaced on its site (a new Climate ID) continues the first one's record", async () => {
    // ECCC's 7025250 closed at the end of 2000, 7025251 opened 2 km away; a year each side, a week both
    const old = {
      id: '7025250',
      name: 'MONTREAL/PIERRE ELLIOTT TRUDEAU INTL A',
      lon: '-73.74',
      lat: '45.46',
    };
    const before = text('before.csv', ecccYear(2000, old));
    const after = text(
      'after.csv',
      ecccYear(2002, { id: '7025251', name: 'MONTREAL/PIERRE ELLIOTT TRUDEAU INTL' }),
    );
    const gap = text('gap.csv', ecccYear(2001, old));
    const joined = await series([before, gap, after]);
    expect(joined.summary.station).toMatchObject({ id: '7025250' });
    expect(await days(joined)).toEqual(await days(await series(ECCC)));
    const remark = joined.summary.problems.find((p) => p.code === 'stations_joined');
    expect(remark?.params).toEqual({
      stations:
        'MONTREAL/PIERRE ELLIOTT TRUDEAU INTL A (7025250), MONTREAL/PIERRE ELLIOTT TRUDEAU INTL (7025251)',
      count: 0,
      context: 'apart',
    });
    const fr = i18nOf('smca', 'fr').i18n;
    expect(problemText(remark!, (k, q) => fr.t(k, q ?? {}), 'fr')).toMatch(
      /^Stations jointes, MONTREAL\/PIERRE ELLIOTT TRUDEAU INTL A \(7025250\), MONTREAL\/PIERRE ELLIOTT TRUDEAU INTL \(7025251\)\u202f: une station remplacée sur son site reçoit un nouvel identifiant et y poursuit sa série$/,
    );
    // run side by side: the days both give are said, the first file's value kept
    const overlap = ecccYear(2001, { id: '7025251', name: 'MONTREAL/PIERRE ELLIOTT TRUDEAU INTL' })
      .split('\n')
      .filter((l, i) => i === 0 || l.includes('"2001-12-2'))
      .join('\n');
    const both = await series([before, gap, text('overlap.csv', overlap), after]);
    expect(await days(both)).toEqual(await days(joined));
    const said = both.summary.problems.find((p) => p.code === 'stations_joined')!;
    expect(said.params.count).toBe(10);
    const en = i18nOf('smca', 'en').i18n;
    expect(problemText(said, (k, q) => en.t(k, q ?? {}), 'en')).toMatch(
      /; 10 days given by both: the first file's value kept/,
    );
    // the same station's day twice is still refused
    expect(
      (await refused([before, gap, after, text('again.csv', ecccYear(2002, { id: '7025251', name: 'X' }))]))
        .problems[0],
    ).toMatchObject({ code: 'duplicate_day', file: 'again.csv' });
  });

  it('dates written day first, and times on lines of one column, are each said for what they are', async () => {
    const tabs = await refused([
      text('logger.tsv', 'time\tmm\n2023-01-01 00:05\t0.2\n2023-01-01 00:10\t0\n'),
    ]);
    expect([tabs.status, tabs.problems]).toEqual([
      415,
      [
        {
          code: 'sub_daily',
          file: 'logger.tsv',
          line: 2,
          column: '1',
          params: { value: '2023-01-01 00:05\t0.2' },
        },
      ],
    ]);
    const dmy = await refused([text('d.csv', 'date;mm\n31/03/2024;1,5\n01/04/2024;0\n')]);
    expect(dmy.problems[0]).toMatchObject({ code: 'day_first', line: 2, params: { value: '31/03/2024' } });
    // a logger's readings exported by a spreadsheet: day first, then the time (was "unknown format")
    const excel = await refused([text('x.csv', 'Date;Pluie\n01/06/2021 10:05;0,2\n01/06/2021 10:10;0\n')]);
    expect(excel.problems[0]).toMatchObject({
      code: 'day_first',
      line: 2,
      params: { value: '01/06/2021 10:05' },
    });
  });

  it('fewer than ten complete years, as the upload counts them', async () => {
    const a = await refused(ECCC, { limits: RAIN_LIMITS });
    expect(a.problems[0]).toEqual({
      code: 'too_short',
      file: null,
      line: null,
      column: null,
      params: { years: 2, needed: 10, first: '2000-01-01', last: '2002-12-31' },
    });
  });

  it('bounded: stations named (a 5 MB file could name a million)', async () => {
    const many = await refused([text('Q_25.csv', meteoFrance())], { limits: { ...limits, maxStations: 1 } });
    expect([many.status, many.problems[0]]).toMatchObject([
      413,
      { code: 'too_many_stations', file: 'Q_25.csv', params: { max: 1 } },
    ]);
    expect(RAIN_LIMITS.maxStations).toBeGreaterThanOrEqual(1000);
  });

  it("bounded: a site's stations joined, a joined station's day given again, stations' names", async () => {
    // ECCC stations within 10 km are one site's (joined): a joined station giving a day the first one gave,
    // again and again, was read to the 512 MB cap and kept (a 1.3 MB gzip held the rain worker 27 s);
    // now refused at its second line, as another station's day twice is
    const year = ecccYear(2000, { id: '7025250', name: 'A', lon: '-73.75', lat: '45.47' });
    const copy = ecccYear(2000, { id: '7025251', name: 'B', lon: '-73.74', lat: '45.46' }).split('\r\n')[1]!;
    const copies = await refused([text('copies.csv', `${year}${`${copy}\r\n`.repeat(100_000)}`)], {
      limits: RAIN_LIMITS,
    });
    expect([copies.status, copies.problems[0]]).toMatchObject([
      422,
      { code: 'station_day_twice', line: 369, params: { station: 'B', date: '2000-01-01' } },
    ]);
    // a station seen for each line, 2 km from the first (2,000 of them, 60 KB names: a 120 MB summary)
    const name = 'N'.repeat(60_000);
    const lines = Array.from({ length: 40 }, (_, i) =>
      copy.replace('"B","7025251"', `"${name}${i}","S${i}"`),
    );
    const many = await refused([text('site.csv', `${year}${lines.join('\r\n')}\r\n`)], {
      limits: RAIN_LIMITS,
    });
    expect([many.status, many.problems[0]]).toMatchObject([
      413,
      { code: 'too_many_stations', line: 377, params: { max: 10 } },
    ]);
    // joined within the bound: each named in the remark, cut to 100 characters
    const two = lines.slice(0, 2).join('\r\n');
    const joined = await series(
      [text('site.csv', `${year}${two}\r\n`), text('2001.csv', ecccYear(2001))],
      undefined,
      {
        ...limits,
        minYears: 1,
      },
    );
    const remark = joined.summary.problems.find((p) => p.code === 'stations_joined');
    expect(remark?.params.stations).toBe(
      `A (7025250), ${name.slice(0, 100)} (S0), ${name.slice(0, 100)} (S1), MONTREAL/PIERRE ELLIOTT TRUDEAU INTL (7025251)`,
    );
    // Météo-France's stations offered to choose: their names cut alike
    const mf = `NUM_POSTE;NOM_USUEL;LAT;LON;ALTI;AAAAMMJJ;RR;QRR\n13001009;${name};43.5;5.4;173;19500101;0.0;1\n13001010;B;43.5;5.4;173;19500101;0.0;1\n`;
    const choose = await runRainJob({ files: [text('Q_13.csv', mf)], limits });
    expect(choose).toMatchObject({ ok: true, choose: [{ name: 'B' }, { name: name.slice(0, 100) }] });
  });

  it('bounded: a zip entry that inflates past the size it declares, entries in all', async () => {
    // 8 MB of one letter, which the archive then says is 10 bytes (in its local header and its directory)
    const zip = zipSync({ 'a.csv': new Uint8Array(8 * 1024 * 1024).fill(0x61) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    view.setUint32(22, 10, true);
    const directory = view.getUint32(zip.length - 22 + 16, true); // from the end record (no comment)
    view.setUint32(directory + 24, 10, true);
    const lying = await refused([{ name: 'bomb.zip', data: zip }]);
    expect([lying.status, lying.problems[0]!.code, lying.problems[0]!.file]).toEqual([
      415,
      'not_readable',
      'bomb.zip',
    ]);
    const entries = Object.fromEntries(
      Array.from({ length: ZIP_ENTRIES + 1 }, (_, i) => [`d${i}.csv`, new Uint8Array([0x31])]),
    );
    const many = await refused([{ name: 'many.zip', data: zipSync(entries) }]);
    expect([many.status, many.problems[0]]).toMatchObject([
      413,
      { code: 'too_many_files', file: 'many.zip', params: { max: ZIP_ENTRIES } },
    ]);
  });

  it('bounded: decompressed bytes and rows', async () => {
    const big = await refused(ECCC, { limits: { ...limits, maxBytes: 100_000 } });
    expect([big.status, big.problems[0]!.code]).toEqual([413, 'too_large']);
    // a gzipped file past the budget after its first bytes (once a 500, and the rain worker lost)
    const lines = Array.from({ length: 80_000 }, (_, d) => `${dateOf(d - 60_000)},1\n`).join('');
    const long = { name: 'long.csv.gz', data: gzipSync(lines) };
    const inflated = await refused([long], { limits: { ...limits, maxBytes: 200_000 } });
    expect([inflated.status, inflated.problems[0]!.code]).toEqual([413, 'too_large']);
    const rows = await refused(ECCC, { limits: { ...limits, maxRows: 500 } });
    expect(rows.problems[0]).toMatchObject({ code: 'too_many_rows', line: 136 });
  });

  it('refused at the first sign of a file no service writes, not at the caps', async () => {
    // each once read to the 512 MB or 8 million rows cap (9-125 s of the rain worker a gzip of under 1 MB)
    const gz = (name: string, text: string) => ({ name, data: gzipSync(text) });
    const blank = await refused([gz('blank.csv.gz', '\n'.repeat(20_000_000))], { limits: RAIN_LIMITS });
    expect([blank.status, blank.problems[0]]).toMatchObject([
      415,
      { code: 'not_readable', file: 'blank.csv.gz', line: 10_001 },
    ]);
    // a file saved with its line ends doubled (an empty line after each record) is still read
    const days = Array.from({ length: 12_000 }, (_, d) => `${dateOf(d)},1`);
    expect(await series([text('doubled.csv', days.join('\n\n'))])).toMatchObject({ ok: true });
    const field = await refused([gz('field.csv.gz', `2000-01-01,1\n${'1'.repeat(20_000_000)}`)], {
      limits: RAIN_LIMITS,
    });
    expect([field.status, field.problems[0]!.code]).toEqual([415, 'not_readable']);
    // lines refused one by one: twenty are said, the rest is not read (once: 413 at the rows cap)
    const bad = await refused([gz('bad.csv.gz', `2000-01-01,1\n${' \n'.repeat(100_000)}`)], {
      limits: { ...limits, maxRows: 50_000 },
    });
    expect([bad.status, bad.problems.length, bad.problems[19]]).toMatchObject([
      422,
      20,
      { code: 'bad_date', line: 21 },
    ]);
    // another station's day given twice (once: read without a word, and offered to choose)
    const other = '13001010;B;43.5;5.4;173;19500102;0.0;1\n';
    const mf = `NUM_POSTE;NOM_USUEL;LAT;LON;ALTI;AAAAMMJJ;RR;QRR\n13001009;A;43.5;5.4;173;19500101;0.0;1\n${other}${other}`;
    const twice = await refused([text('Q_13.csv', mf)], { limits: RAIN_LIMITS });
    expect([twice.status, twice.problems]).toMatchObject([
      422,
      [{ code: 'station_day_twice', line: 4, params: { station: 'B', date: '1950-01-02' } }],
    ]);
  });

  it('five visitors sending such files at once: each refused, then the next upload read', async () => {
    const pool = rainPool();
    try {
      const bomb = { name: 'pluie.csv.gz', data: gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x0a)) };
      const bombs = await Promise.all(
        [1, 2, 3, 4, 5].map((v) => pool.run({ files: [bomb] }, { visitor: `198.51.100.${v}` })),
      );
      for (const a of bombs)
        expect(a).toMatchObject({
          ok: false,
          status: 415,
          problems: [{ code: 'not_readable', line: 10_001 }],
        });
      const honest = await pool.run({ files: ECCC, limits }, { visitor: '192.0.2.1' });
      expect(honest).toMatchObject({ ok: true, id: expect.any(String) });
    } finally {
      await pool.close();
    }
  });
});
