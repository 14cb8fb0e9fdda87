/**
 * An engineer's path with the exported model (sm and smca): a Toronto roof calculated on ten years of its
 * own logger's hourly readings (stamped in UTC, the station's zone named), exported as the user downloads
 * it, run in EPA SWMM 5.2.4 without an error or a warning and raining every millimetre the study's days
 * hold; then edited as its notes say: the rain gauge on the logger's own file beside the model, a green
 * roof's area changed in its two places. SWMM runs the edited model clean, on the file's rain.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { calculateAbattement, type MeasuredInput } from '../../server/calc/abattement/abattement';
import type { MeasuredSeries } from '../../server/calc/abattement/rain/assemble';
import { abattementSwmm } from '../../server/calc/abattement/swmmExport';
import { i18nOf } from '../../server/i18n';
import { runRainJob } from '../../server/rain/readJob';
import { example, form } from '../calc/helpers';
import { runSwmm, swmmBinary } from './runswmm';

const swmm = swmmBinary();
const HOUR = 3_600_000;

/** Ten years of hourly readings: 2.5 mm in two hours of every 29, stamped in UTC. */
function readings(): { t: number; mm: number }[] {
  const out: { t: number; mm: number }[] = [];
  let k = 0;
  for (let t = Date.UTC(2001, 0, 1, 5); t < Date.UTC(2011, 0, 1, 5); t += HOUR)
    out.push({ t, mm: k++ % 29 < 2 ? 2.5 : 0 });
  return out;
}

/** The same readings in SWMM's rain file format, in Toronto's civil time (what the notes ask for). */
function rainFile(rows: { t: number; mm: number }[]): string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return rows
    .filter((r) => r.mm > 0)
    .map((r) => {
      const p = Object.fromEntries(f.formatToParts(r.t).map((x) => [x.type, x.value]));
      return `STA ${p.year} ${p.month} ${p.day} ${p.hour} ${p.minute} ${r.mm}`;
    })
    .join('\n');
}

const precipitation = (report: string) =>
  Number(/Total Precipitation \.+\s+\S+\s+(\S+)/.exec(report)?.[1] ?? NaN);

describe.skipIf(!('path' in swmm))('an engineer edits the exported model', () => {
  const binary = (swmm as { path: string }).path;

  it.each(['en', 'fr'])(
    'runs clean as exported and after the edits its notes describe (%s)',
    async (lang) => {
      const rows = readings();
      const csv = ['time,mm', ...rows.map((r) => `${new Date(r.t).toISOString().slice(0, 19)}Z,${r.mm}`)];
      const a = await runRainJob({
        files: [{ name: 'toronto-logger.csv', data: Buffer.from(csv.join('\n')) }],
        timezone: 'America/Toronto',
      });
      if (!a.ok || !('id' in a)) throw new Error(JSON.stringify(a));
      const series = JSON.parse(gunzipSync(a.data).toString()) as MeasuredSeries;
      const measured: MeasuredInput = { id: a.id, series, summary: a.summary };
      const p = example('smca-toronto');
      form(p, 'Chantier').rain_series = a.id;
      const r = calculateAbattement('smca', p, { measured });
      if (!r.ok) throw new Error(JSON.stringify(r.reasons));
      const { i18n } = i18nOf('smca', lang);
      const inp = abattementSwmm(p, r.results, {
        t: (k, q) => i18n.t(k, q ?? {}),
        name: 'Toronto',
        number: 3,
        product: 'smca',
        measured,
      });

      const exported = await runSwmm(binary, inp);
      expect([exported.errors, exported.warnings]).toEqual([[], []]);
      const total = series.precip.reduce((x, y) => x + y, 0);
      expect(precipitation(exported.report)).toBeCloseTo(total, 0);

      // the notes say how: the gauge's line to write, the area's two places
      const lines = inp.split('\n');
      const note = lines.find((l) => l.startsWith(';;') && l.includes('FILE "'))!;
      const gauge = /GAGE VOLUME 1:00 1 FILE "([^"]+)" STA MM/.exec(note);
      expect(gauge, note).not.toBeNull();
      expect(lines.some((l) => l.startsWith(';;') && l.includes('[SUBCATCHMENTS]'))).toBe(true);
      const edited = lines.map((l) => {
        const f = l.split(/ +/);
        if (f[0] === 'GAGE' && f[1] === 'VOLUME') return gauge![0];
        if (f[0] === 'S1' && f[1] === 'GAGE') return [...f.slice(0, 3), '0.2', ...f.slice(4)].join(' ');
        if (f[0] === 'S1' && f[1] === 'GR1') return [...f.slice(0, 3), '2000', ...f.slice(4)].join(' ');
        return l;
      });
      expect(edited.filter((l, i) => l !== lines[i])).toHaveLength(3);
      const own = await runSwmm(binary, edited.join('\n'), { [gauge![1]!]: rainFile(rows) });
      expect([own.errors, own.warnings]).toEqual([[], []]);
      // every millimetre of the logger, which the study's days also hold
      const logged = rows.reduce((x, row) => x + row.mm, 0);
      expect(precipitation(own.report)).toBeCloseTo(logged, 0);
      expect(total).toBeCloseTo(logged, 6);
    },
    300_000,
  );
});
