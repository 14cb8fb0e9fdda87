/**
 * A logger's readings whose times state where they are: ISO 8601 offsets (a Paris station's +01:00 and
 * +02:00), UTC with the station's zone named, a HOBOware export (its heading's "GMT+01:00", inches, its
 * event lines, US dates), a Campbell TOA5 table (totals ending at their stamp). Each reading counts for
 * the station's local day; the clock changes neither double nor lose an hour; what is ambiguous is
 * refused with its line.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { zoneOf } from '../../server/calc/abattement/rain/formats';
import type { MeasuredSeries } from '../../server/calc/abattement/rain/assemble';
import { RAIN_LIMITS, type RainFile } from '../../server/calc/abattement/rain/read';
import { runRainJob, type RainAnswer } from '../../server/rain/readJob';

const limits = { ...RAIN_LIMITS, minYears: 2 };
const HOUR = 3_600_000;
const text = (name: string, body: string): RainFile => ({ name, data: Buffer.from(body) });

type Series = Extract<RainAnswer, { id: string }>;
async function read(files: RainFile[], timezone?: string): Promise<Series> {
  const a = await runRainJob({ files, limits, ...(timezone ? { timezone } : {}) });
  if (!a.ok || !('id' in a)) throw new Error(JSON.stringify(a));
  return a;
}
async function refused(files: RainFile[], timezone?: string) {
  const a = await runRainJob({ files, limits, ...(timezone ? { timezone } : {}) });
  if (a.ok) throw new Error('accepted');
  return a;
}
const days = (a: Series) => JSON.parse(gunzipSync(a.data).toString()) as MeasuredSeries;

/** Paris's summer time, by the EU rule (last Sunday of March to last Sunday of October, 01:00 UTC). */
function parisOffset(t: number): number {
  const y = new Date(t).getUTCFullYear();
  const lastSunday = (m: number) => {
    const d = new Date(Date.UTC(y, m + 1, 0, 1));
    return d.getTime() - d.getUTCDay() * 86_400_000;
  };
  return t >= lastSunday(2) && t < lastSunday(9) ? 2 : 1;
}
const iso = (t: number, offset: number) =>
  `${new Date(t + offset * HOUR).toISOString().slice(0, 19)}${offset === 0 ? 'Z' : `+0${offset}:00`}`;

/** Hourly readings of a Paris logger on its civil clock, 2000-2001: 0.1 mm an hour, 5 mm at 00:30 on 2 June 2000. */
function paris(write: (t: number) => string): { lines: string[]; june2: number } {
  const lines = ['time,mm'];
  let june2 = -1;
  // the first hour of 2000 in Paris is 1999-12-31 23:00 UTC
  for (let t = Date.UTC(1999, 11, 31, 23); t < Date.UTC(2001, 11, 31, 23); t += HOUR) {
    lines.push(`${write(t)},0.1`);
    if (t === Date.UTC(2000, 5, 1, 22)) {
      june2 = lines.length;
      lines.push(`${write(t + HOUR / 2)},5`);
    }
  }
  return { lines, june2 };
}
const dayIndex = (date: string) => (Date.parse(date) - Date.UTC(2000, 0, 1)) / 86_400_000;

describe("a logger's readings with their offsets", () => {
  it('Paris civil time written with its offsets: the local days, clock changes neither doubled nor lost', async () => {
    const { lines } = paris((t) => iso(t, parisOffset(t)));
    const a = await read([text('paris.csv', lines.join('\n'))]);
    const s = days(a);
    expect(s.years).toEqual([2000, 2001]);
    // 26 March 2000: 23 hours; 29 October 2000: 25 hours; an ordinary day 24
    expect(s.precip[dayIndex('2000-03-26')]).toBeCloseTo(2.3, 9);
    expect(s.precip[dayIndex('2000-10-29')]).toBeCloseTo(2.5, 9);
    expect(s.precip[dayIndex('2000-06-01')]).toBeCloseTo(2.4, 9);
    // 00:30 on 2 June, Paris time, is the 2nd's (22:30 UTC on the 1st)
    expect(s.precip[dayIndex('2000-06-02')]).toBeCloseTo(7.4, 9);
    // every hour counted once
    expect(s.precip.reduce((x, y) => x + y, 0)).toBeCloseTo(0.1 * (lines.length - 2) + 5, 6);
    expect(a.summary.problems[1]).toMatchObject({
      code: 'times_offsets',
      params: { offsets: 'UTC+01:00, UTC+02:00' },
    });
    expect(a.summary.years_left_out).toEqual([]);
  });

  it("UTC readings are given the station's local days when its zone is named, refused with their line when not", async () => {
    const local = paris((t) => iso(t, parisOffset(t)));
    const utc = paris((t) => iso(t, 0));
    const named = await read([text('utc.csv', utc.lines.join('\n'))], 'Europe/Paris');
    expect(days(named)).toEqual(days(await read([text('paris.csv', local.lines.join('\n'))])));
    expect(named.summary.problems[1]).toMatchObject({
      code: 'times_zone',
      params: { zone: 'Europe/Paris', offsets: 'UTC+00:00' },
    });
    const bare = await refused([text('utc.csv', utc.lines.join('\n'))]);
    // said once, not for every line
    expect([bare.status, ...bare.problems]).toEqual([
      422,
      { code: 'utc_times', file: 'utc.csv', line: 2, column: '1', params: { value: '1999-12-31T23:00:00Z' } },
    ]);
    const unknown = await refused([text('utc.csv', utc.lines.join('\n'))], 'Europe/Lutece');
    expect(unknown.problems[0]).toMatchObject({
      code: 'unknown_timezone',
      params: { value: 'Europe/Lutece' },
    });
  });

  it('times with and without offsets in one upload are refused at the first that differs', async () => {
    const a = await refused([
      text('mixed.csv', '2000-01-01T00:00:00+01:00,0\n2000-01-01T01:00:00+01:00,0\n2000-01-01 02:00,0.2\n'),
    ]);
    expect(a.problems).toEqual([
      {
        code: 'mixed_offsets',
        file: 'mixed.csv',
        line: 3,
        column: '1',
        params: { value: '2000-01-01 02:00' },
      },
    ]);
  });

  it("a HOBOware export: the heading's offset, inches, its event lines skipped, US dates", async () => {
    const us = (t: number) => {
      const d = new Date(t + HOUR); // the logger's clock: GMT+01:00 all year
      const h = d.getUTCHours();
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${String(d.getUTCFullYear()).slice(2)} ${two(h % 12 || 12)}:00:00 ${h < 12 ? 'AM' : 'PM'}`;
    };
    const lines = [
      '"Plot Title: 20012345"',
      '"#","Date Time, GMT+01:00","Rain, in (LGR S/N: 20012345, SEN S/N: 20012345)","Host Connected (LGR S/N: 20012345)","End Of File (LGR S/N: 20012345)"',
    ];
    let n = 0;
    for (let t = Date.UTC(1999, 11, 31, 23); t < Date.UTC(2001, 11, 31, 23); t += HOUR) {
      lines.push(`${(n += 1)},${us(t)},0.01,,`);
      if (n === 2) lines.push(`${(n += 1)},${us(t + 60_000)},,Logged,`);
    }
    const a = await read([text('hobo.csv', lines.join('\r\n'))]);
    const s = days(a);
    expect(s.years).toEqual([2000, 2001]);
    // 24 readings of 0.01 in a day, every day (a fixed offset has no clock change)
    expect(new Set(s.precip.map((x) => x.toFixed(6)))).toEqual(new Set(['6.096000']));
    expect(a.summary.problems).toContainEqual(
      expect.objectContaining({
        code: 'unit_inches',
        params: { heading: 'Rain, in (LGR S/N: 20012345, SEN S/N: 20012345)' },
      }),
    );
    expect(a.summary.problems).toContainEqual(
      expect.objectContaining({ code: 'times_offsets', params: { offsets: 'UTC+01:00' } }),
    );
  });

  it("a HOBO file of the gauge's tips is refused at its heading, said for what it is", async () => {
    const a = await refused([
      text(
        'tips.csv',
        '"Plot Title: 1"\n"#","Date Time, GMT-05:00","Event, units (LGR S/N: 1)"\n1,2021-06-01 10:05:00,1\n',
      ),
    ]);
    expect([a.status, a.problems[0]]).toEqual([
      422,
      {
        code: 'tip_counts',
        file: 'tips.csv',
        line: 2,
        column: null,
        params: { value: 'Event, units (LGR S/N: 1)' },
      },
    ]);
  });

  it("a Campbell TOA5 table: each total ends its interval, so 00:00's is the day before's (29 February)", async () => {
    const lines = [
      '"TOA5","CR1000_Roof","CR1000","12345","CR1000.Std.32","CPU:rain.CR1","54321","Table60"',
      '"TIMESTAMP","RECORD","BattV_Min","Rain_mm_Tot"',
      '"TS","RN","Volts","mm"',
      '"","","Min","Tot"',
    ];
    let record = 0;
    for (let t = Date.UTC(2000, 0, 1, 1); t <= Date.UTC(2003, 0, 1); t += HOUR) {
      const stamp = new Date(t).toISOString().slice(0, 19).replace('T', ' ');
      const mm = stamp === '2000-03-01 00:00:00' ? 3 : stamp.startsWith('2001-07-04 12') ? 'NAN' : 0.2;
      lines.push(`"${stamp}",${record++},12.5,${mm}`);
    }
    const a = await read([text('CR1000_Roof_Table60.dat', lines.join('\r\n'))]);
    const s = days(a);
    // 2001 has the NAN hour: left out, said where
    expect(s.years).toEqual([2000, 2002]);
    expect(s.precip).toHaveLength(366 + 365);
    expect(s.precip[dayIndex('2000-02-29')]).toBeCloseTo(23 * 0.2 + 3, 9);
    expect(s.precip[dayIndex('2000-03-01')]).toBeCloseTo(4.8, 9);
    expect(a.summary.problems).toContainEqual(
      expect.objectContaining({ code: 'missing_value', line: lines.findIndex((l) => l.includes('NAN')) + 1 }),
    );
    expect(a.summary.problems).toContainEqual(expect.objectContaining({ code: 'times_ending' }));
  });

  it('a daily file stamped at midnight UTC keeps its days, whatever the zone named (not the day before in Toronto)', async () => {
    const lines = ['date,mm'];
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2002, 0, 1); t += 86_400_000)
      lines.push(
        `${new Date(t).toISOString().slice(0, 10)} 00:00:00+00:00,${new Date(t).getUTCDate() === 1 ? 10 : 0}`,
      );
    for (const zone of [undefined, 'America/Toronto']) {
      const a = await read([text('daily.csv', lines.join('\n'))], zone);
      const s = days(a);
      expect(s.years).toEqual([2000, 2001]);
      // the 10 mm of each month's first day on that day
      expect(s.precip[dayIndex('2000-03-01')]).toBe(10);
      expect(s.precip[dayIndex('2000-02-29')]).toBe(0);
      expect(a.summary.problems[0]).toMatchObject({ code: 'daily_stamps' });
    }
    // a reading at another time in such a file is not a day's
    const odd = [...lines];
    odd[40] = odd[40]!.replace('00:00:00', '06:00:00');
    const refusedOdd = await refused([text('daily.csv', odd.join('\n'))]);
    expect(refusedOdd.problems[0]).toMatchObject({ code: 'bad_date', line: 41 });
  });

  it("a clock-change day's offsets asked of the platform once a quarter of an hour, not at every reading", () => {
    // A file of readings on such days only (a helper's attack, round 11: 2 million, 5 MB gzipped) held the
    // rain worker 33-39 s, 11 s since, as long as the same readings on other days: every reading asked
    // the platform (Intl) for its offset, 8 µs each.
    const paris = zoneOf('Europe/Paris')!;
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      // 26 March 2000: 01:00 UTC is 03:00 in Paris; a reading every 4 s of that day, then of the next
      const day = Date.UTC(2000, 2, 26) / 1000;
      const offsets = new Map<number, number>();
      for (let t = day; t < day + 2 * 86_400; t += 4) offsets.set(t, paris.offsetAt(t));
      expect([offsets.get(day + 3596), offsets.get(day + 3600), offsets.get(day + 86_400)]).toEqual([
        3600, 7200, 7200,
      ]);
      // the two days' ends, and the 96 quarters of the day that changes
      expect(asked.mock.calls.length).toBeLessThanOrEqual(2 * 2 + 96);
    } finally {
      asked.mockRestore();
    }
  });
});
