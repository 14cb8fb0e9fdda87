/**
 * A logger's readings rained as read (sm and smca): a project calculated on ten years of hourly (or a
 * year of 5-minute) readings is exported as a model whose rain gauge has the logger's interval, each wet
 * reading a line of its time series; EPA SWMM 5.2.4 runs it without an error or a warning, rains each
 * day what the study's day holds, and its subcatchments see the readings' intensities (not the day's
 * total spread over 24 h). The Toronto file is stamped in UTC through ten springs and autumns: the days
 * the clock changes keep their totals (the repeated hour's readings added up).
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { calculateAbattement, type MeasuredInput } from '../../server/calc/abattement/abattement';
import type { MeasuredSeries } from '../../server/calc/abattement/rain/assemble';
import { abattementSwmm } from '../../server/calc/abattement/swmmExport';
import { i18nOf } from '../../server/i18n';
import { RAIN_LIMITS } from '../../server/calc/abattement/rain/read';
import { runRainJob } from '../../server/rain/readJob';
import { example, form } from '../calc/helpers';
import { runSwmm, swmmBinary } from './runswmm';

const swmm = swmmBinary();

/**
 * Readings every `step` minutes for `years` years from 2001: `mm` in two of every 29 steps (stamps as `stamp`
 * writes them).
 */
function csv(
  step: number,
  mm: number,
  stamp: (t: number) => string,
  hour: number,
  years: number,
): { text: string; total: number } {
  const lines = ['time,mm'];
  let k = 0;
  let total = 0;
  for (let t = Date.UTC(2001, 0, 1, hour); t < Date.UTC(2001 + years, 0, 1, hour); t += step * 60_000) {
    const wet = k++ % 29 < 2;
    total += wet ? mm : 0;
    lines.push(`${stamp(t)},${wet ? mm : 0}`);
  }
  return { text: lines.join('\n'), total };
}

const precipitation = (report: string) =>
  Number(/Total Precipitation \.+\s+\S+\s+(\S+)/.exec(report)?.[1] ?? NaN);

/** The model's rain per day (mm), from its [TIMESERIES] RAIN lines, by SWMM's date. */
function daysOfInp(inp: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of inp.split('\n')) {
    const f = l.split(/ +/);
    if (f[0] === 'RAIN' && f.length === 4) out.set(f[1]!, (out.get(f[1]!) ?? 0) + Number(f[3]));
  }
  return out;
}

describe.skipIf(!('path' in swmm))("a logger's readings in the exported model", () => {
  const binary = (swmm as { path: string }).path;

  it.each([
    {
      calc: 'smca' as const,
      example: 'smca-toronto' as const,
      lang: 'en',
      step: 60,
      mm: 2.5,
      // UTC stamps, the station's zone named: the clock changes twice a year
      stamp: (t: number) => `${new Date(t).toISOString().slice(0, 19)}Z`,
      timezone: 'America/Toronto',
      hour: 5,
      interval: '01:00',
      years: 10,
    },
    {
      calc: 'skywater_manager' as const,
      example: 'sm-paris' as const,
      lang: 'fr',
      step: 5,
      mm: 0.4,
      // the logger's clock as written
      stamp: (t: number) => new Date(t).toISOString().slice(0, 16).replace('T', ' '),
      timezone: undefined,
      hour: 0,
      interval: '00:05',
      // one year (105,000 readings) under limits that take it: ten years of 5-minute readings took 46 s of
      // the CI's run to read, for nothing the hourly case's ten years does not already check
      years: 1,
    },
  ])(
    '$calc: a gauge of the logger interval ($interval), its days the study days',
    async (c) => {
      const file = csv(c.step, c.mm, c.stamp, c.hour, c.years);
      const a = await runRainJob({
        files: [{ name: 'logger.csv', data: Buffer.from(file.text) }],
        limits: { ...RAIN_LIMITS, minYears: c.years },
        ...(c.timezone ? { timezone: c.timezone } : {}),
      });
      if (!a.ok || !('id' in a)) throw new Error(JSON.stringify(a));
      const series = JSON.parse(gunzipSync(a.data).toString()) as MeasuredSeries;
      const measured: MeasuredInput = { id: a.id, series, summary: a.summary };
      const p = example(c.example);
      form(p, 'Chantier').rain_series = a.id;
      const r = calculateAbattement(c.calc, p, { measured });
      if (!r.ok) throw new Error(JSON.stringify(r.reasons));
      const { i18n } = i18nOf(c.calc, c.lang);
      const inp = abattementSwmm(p, r.results, {
        t: (k, q) => i18n.t(k, q ?? {}),
        name: 'Logger',
        number: 1,
        product: c.calc,
        measured,
      });
      const gauge = inp.split('\n').find((l) => l.startsWith('GAGE '));
      expect(gauge?.split(/ +/).slice(0, 3)).toEqual(['GAGE', 'VOLUME', c.interval]);
      // its words say so, not "a day's rain over its 24 h"
      expect(inp).toContain(`${c.step} min`);
      expect(inp).not.toMatch(/VOLUME entry per wet day|VOLUME par jour de pluie|daily rain measured/);

      // each day of the model rains what the study's day holds
      const days = daysOfInp(inp);
      const pad = (n: number) => String(n).padStart(2, '0');
      let k = 0;
      let worst = 0;
      for (const y of series.years)
        for (let d = Date.UTC(y, 0, 1); d < Date.UTC(y + 1, 0, 1); d += 86_400_000, k += 1) {
          const date = new Date(d);
          const key = `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${y}`;
          worst = Math.max(worst, Math.abs((days.get(key) ?? 0) - series.precip[k]!));
        }
      expect(worst).toBeLessThan(1e-6);

      // run with a report at the logger's step over the first days: the subcatchments see its intensity
      const reported = inp
        .replace(/^REPORT_STEP\s+\S+/m, `REPORT_STEP ${c.interval}:00`)
        .replace(/^END_DATE\s+\S+/m, 'END_DATE 01/11/2001');
      const short = await runSwmm(binary, reported);
      expect([short.errors, short.warnings]).toEqual([[], []]);
      const rain = short.out!.subcatchment('S1', 0);
      const peak = Math.max(...rain);
      expect(peak).toBeCloseTo((c.mm * 60) / c.step, 3);
      const tenDays = series.precip.slice(0, 10).reduce((x, y) => x + y, 0);
      expect(series.years[0]).toBe(2001);
      expect(precipitation(short.report)).toBeCloseTo(tenDays, 1);
      expect(series.precip.reduce((x, y) => x + y, 0)).toBeCloseTo(file.total, 3);
      if (c.step < 60) return; // the whole run at 5 minutes: its first days run above, every day checked

      const run = await runSwmm(binary, inp);
      expect([run.errors, run.warnings]).toEqual([[], []]);
      expect(precipitation(run.report)).toBeCloseTo(file.total, 0);
    },
    600_000,
  );
});
