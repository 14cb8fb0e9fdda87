/**
 * From the days read (read.ts) to the measured series a project keeps, and what the user is told.
 *
 * Nothing is filled: a day without a usable precipitation (missing, flagged by the service, or with no
 * line at all) is reported with its line and column, and the calendar year it falls in is left out of
 * the series; the series is the complete years, in order. Fewer than `minYears` complete years is
 * refused. Estimated values (ECCC flag E) are kept and reported; trace (T) is ECCC's own zero, kept and
 * counted. A day's temperature the file does not give stays empty here: the calculation takes the
 * normals of the project's station for it, and the note says on how many days.
 */
import type { RainSummary, StationChoice } from '../../../../words/rain';
import { dateOf, offsetText, partsOf, type RainFormat } from './formats';

export type { RainSummary, StationChoice };
import { RainRefusal, RAIN_LIMITS, type FilesRead, type RainLimits, type RainProblem } from './read';

/** The series a project keeps (stored as JSON): the complete years and their days, in order. */
export interface MeasuredSeries {
  format: RainFormat;
  /** the complete calendar years used, ascending */
  years: number[];
  /** per day of those years: precipitation (mm), its rain part (mm, null: not measured), mean temperature (°C, null: not given) */
  precip: number[];
  rain: (number | null)[];
  temp: (number | null)[];
  /**
   * a logger's wet readings at its fixed step (below a day), for the SWMM export to rain them as read:
   * `at` each one's interval, counted in steps from the first day's 00:00 (the days of the series in
   * order, `precip`'s), `mm` its amount; a day's readings add up to its precipitation. Readings at the
   * same clock time of a day (the hour that repeats when the clock goes back) are added up.
   */
  readings?: { step: number; at: number[]; mm: number[] };
}

const PER_KIND = 25;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number) => (isLeap(y) ? 366 : 365);
const dayOf = (y: number) => Date.UTC(y, 0, 1) / 86_400_000;

/** The stations of a file that names several, for the user to choose from (sorted by name). */
export function stationChoices(read: FilesRead): StationChoice[] {
  return [...read.stations.values()]
    .map((s) => ({
      ...s.station,
      first: dateOf(s.first),
      last: dateOf(s.last),
      complete_years: [...s.usable].filter(([y, n]) => n === daysIn(y)).length,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * The series and its summary from the days read. Throws a RainRefusal when fewer than `minYears` years
 * are complete, or the period spans more than `maxYears`.
 */
export function assemble(
  read: FilesRead,
  files: { name: string; size: number }[],
  limits: RainLimits = RAIN_LIMITS,
): { series: MeasuredSeries; summary: RainSummary } {
  const { days } = read;
  // a plain file names no station
  const station = read.kept ? (read.stations.get(read.kept)?.station ?? null) : null;
  const keys = [...days.keys()];
  const first = Math.min(...keys);
  const last = Math.max(...keys);
  const y0 = partsOf(first).year;
  const y1 = partsOf(last).year;
  if (y1 - y0 + 1 > limits.maxYears)
    throw new RainRefusal(413, [
      {
        code: 'too_many_years',
        file: null,
        line: null,
        column: null,
        params: { years: y1 - y0 + 1, max: limits.maxYears },
      },
    ]);
  const { problems, counts, complete } = problemsOf(read, first, last);
  const { used, leftOut } = completeYears(days, y0, y1);
  if (used.length < limits.minYears)
    throw new RainRefusal(422, [
      {
        code: 'too_short',
        file: null,
        line: null,
        column: null,
        params: { years: used.length, needed: limits.minYears, first: dateOf(first), last: dateOf(last) },
      },
      ...problems.slice(0, 10),
    ]);
  const { series, temperatureDays } = seriesOf(read, used);
  const span = last - first + 1;
  return {
    series,
    summary: {
      format: read.format,
      files,
      station,
      first: dateOf(first),
      last: dateOf(last),
      days: span,
      complete_days: complete,
      // rounded down: 100 % only when every day is there
      complete_share: Math.floor((1000 * complete) / span) / 10,
      years_used: used.length,
      first_year: used[0]!,
      last_year: used[used.length - 1]!,
      years_left_out: leftOut,
      temperature_days: temperatureDays,
      used_days: series.precip.length,
      problems,
      counts,
    },
  };
}

/**
 * What the user is told of the days from `first` to `last`, at most PER_KIND problems of a kind (all
 * counted): the values the service flags or leaves empty and those kept with a remark, the days with no
 * line, how a logger's readings became days and what was assumed of their times and column; with the
 * count of days with a usable precipitation.
 */
function problemsOf(
  read: FilesRead,
  first: number,
  last: number,
): { problems: RainProblem[]; counts: Record<string, number>; complete: number } {
  const { days } = read;
  const problems: RainProblem[] = [];
  const counts: Record<string, number> = {};
  const report = (p: RainProblem, n = 1) => {
    counts[p.code] = (counts[p.code] ?? 0) + n;
    if ((counts[p.code] ?? 0) - n < PER_KIND) problems.push(p);
  };
  // values the service flags or leaves empty, and values kept with a remark, in the order of the days
  let complete = 0;
  for (let d = first; d <= last; d += 1) {
    const r = days.get(d);
    if (r?.precip !== null && r !== undefined) complete += 1;
    if (r?.issue)
      report({
        code: r.issue.code,
        file: r.file,
        line: r.line,
        column: r.issue.column,
        params: { date: dateOf(d), ...(r.issue.flag ? { flag: r.issue.flag } : {}) },
      });
  }
  // days with no line: reported as runs, between the lines around them
  for (let d = first; d <= last; d += 1) {
    if (days.has(d)) continue;
    let e = d;
    while (e + 1 <= last && !days.has(e + 1)) e += 1;
    const before = days.get(d - 1);
    const after = days.get(e + 1);
    report(
      {
        code: 'missing_days',
        file: after?.file ?? before?.file ?? null,
        line: after?.line ?? null,
        column: null,
        params: { from: dateOf(d), to: dateOf(e), days: e - d + 1 },
      },
      e - d + 1,
    );
    d = e;
  }
  loggerRemarks(read, report);
  joinedRemark(read, report);
  // how a logger's readings were read first (else 25 runs of missing days would hide it among the "more"),
  // then what leaves a year out, then what is kept with a remark
  const rank = (code: string) =>
    [
      'stations_joined',
      'summed_readings',
      'times_zone',
      'times_offsets',
      'times_ending',
      'daily_stamps',
      'logger_column',
      'unit_inches',
      'unit_cm',
      'missing_days',
      'missing_value',
      'missing_readings',
      'flagged_value',
      'estimated_value',
    ].indexOf(code) >>> 0;
  problems.sort((a, b) => rank(a.code) - rank(b.code));
  return { problems, counts, complete };
}

/** The calendar years from y0 to y1 whose every day has a precipitation (used), and the others. */
function completeYears(
  days: FilesRead['days'],
  y0: number,
  y1: number,
): { used: number[]; leftOut: number[] } {
  const used: number[] = [];
  const leftOut: number[] = [];
  for (let y = y0; y <= y1; y += 1) {
    let ok = true;
    for (let d = dayOf(y), end = dayOf(y + 1); d < end && ok; d += 1)
      ok = typeof days.get(d)?.precip === 'number';
    (ok ? used : leftOut).push(y);
  }
  return { used, leftOut };
}

/** The days of the complete years, in order, and how many of them give a temperature. */
function seriesOf(read: FilesRead, used: number[]): { series: MeasuredSeries; temperatureDays: number } {
  const { days } = read;
  const series: MeasuredSeries = { format: read.format, years: used, precip: [], rain: [], temp: [] };
  let temperatureDays = 0;
  for (const y of used)
    for (let d = dayOf(y), end = dayOf(y + 1); d < end; d += 1) {
      const r = days.get(d)!;
      series.precip.push(r.precip!);
      series.rain.push(r.rain);
      series.temp.push(r.temp);
      if (r.temp !== null) temperatureDays += 1;
    }
  const readings = readingsOf(read, used);
  if (readings) series.readings = readings;
  return { series, temperatureDays };
}

/**
 * A logger's wet readings over the days used, at its fixed step: only when every day used was given by
 * readings at a step below the day. A reading counts for the step its interval starts in (the step
 * before its stamp when the file's totals end at their stamps), within its day.
 */
function readingsOf(read: FilesRead, used: number[]): MeasuredSeries['readings'] | undefined {
  const { step, days } = read;
  // SWMM's times are written in whole minutes
  if (!step || step >= 86_400 || step % 60 !== 0) return undefined;
  const perDay = 86_400 / step;
  const back = read.times.ending ? step : 0;
  const at: number[] = [];
  const mm: number[] = [];
  let k = 0;
  for (const y of used)
    for (let d = dayOf(y), end = dayOf(y + 1); d < end; d += 1, k += 1) {
      const r = days.get(d)!;
      if (!r.spans) return undefined;
      const wet = r.wet ?? [];
      const slots = new Map<number, number>();
      for (let i = 0; i < wet.length; i += 2) {
        const slot = Math.min(perDay - 1, Math.max(0, Math.floor((wet[i]! - back) / step)));
        slots.set(slot, Math.round(((slots.get(slot) ?? 0) + wet[i + 1]!) * 1e6) / 1e6);
      }
      for (const slot of [...slots.keys()].sort((a, b) => a - b)) {
        at.push(k * perDay + slot);
        mm.push(slots.get(slot)!);
      }
    }
  return { step, at, mm };
}

/** Stations of one site joined (a replaced station's files): named in the order of their first days. */
function joinedRemark(read: FilesRead, report: (p: RainProblem) => void): void {
  if (!read.joined) return;
  // the stations joined, in the order of their first days
  const ids = [read.kept ?? '', ...read.joined.stations];
  const seen = ids.flatMap((id) => {
    const s = read.stations.get(id);
    return s ? [{ id, s }] : [];
  });
  seen.sort((a, b) => a.s.first - b.s.first);
  report({
    code: 'stations_joined',
    file: null,
    line: null,
    column: null,
    params: {
      stations: seen.map(({ id, s }) => `${s.station.name || id} (${id})`).join(', '),
      // the days both gave, said only when there are some
      count: read.joined.both,
      ...(read.joined.both ? {} : { context: 'apart' }),
    },
  });
}

/** How a logger's readings became days, and what was assumed of their times and of their column. */
function loggerRemarks(read: FilesRead, report: (p: RainProblem) => void): void {
  const { days, times, column } = read;
  // a logger's readings: how they became days, on the clock their times were read on (the station's
  // local time when a zone was given, the logger's when the file states its offsets, else as written)
  const clock = !times.offsets.size
    ? {}
    : times.zone
      ? { context: 'zone', zone: times.zone.name }
      : { context: 'offsets' };
  if (read.readings)
    report({
      code: 'summed_readings',
      file: null,
      line: null,
      column: null,
      params: {
        readings: read.readings,
        days: [...days.values()].filter((r) => r.readings).length,
        ...clock,
      },
    });
  // and what was assumed of their times and of their column
  const note = (code: string, params: Record<string, string | number>) =>
    report({ code, file: null, line: null, column: null, params });
  if (read.readings && times.offsets.size) {
    const offsets = [...times.offsets]
      .sort((a, b) => a - b)
      .map((o) => `UTC${offsetText(o)}`)
      .join(', ');
    if (times.zone) note('times_zone', { zone: times.zone.name, offsets });
    else note('times_offsets', { offsets });
  }
  if (read.readings && times.ending) note('times_ending', {});
  if (times.midnight) note('daily_stamps', {});
  // the column read, and its unit when it is not millimetres (converted)
  if (column)
    note(column.unit === 'mm' ? 'logger_column' : column.unit === 'cm' ? 'unit_cm' : 'unit_inches', {
      heading: column.name,
    });
}
