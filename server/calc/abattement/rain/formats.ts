/**
 * The three daily rain formats a project may upload (issue 39.3), recognised by their header row:
 * - Environment and Climate Change Canada's daily data CSV (one file per station and year; columns
 *   "Date/Time", "Year", "Month", "Day", "Total Rain (mm)", "Total Snow (cm)", "Total Precip (mm)",
 *   "Mean Temp (°C)", ... each with its "Flag"; older downloads open with a block of station lines);
 * - Météo-France's "données climatologiques de base quotidiennes" (semicolon-separated, one file per
 *   département and period: NUM_POSTE, NOM_USUEL, LAT, LON, ALTI, AAAAMMJJ, RR, QRR, TN, TX, TM ...);
 * - a plain two-column CSV: date (YYYY-MM-DD or YYYYMMDD), millimetres, with or without a header; or a
 *   logger's readings, date and time of day (YYYY-MM-DD HH:MM[:SS], a T between them accepted, with or
 *   without an offset), millimetres, which read.ts sums into days; or a logger's own table (HOBOware's
 *   export, a Campbell TOA5 file: `loggerReader`). A reading belongs to the day of the station's clock
 *   (`placed`), 00:00 to 23:59: the rain of the interval that starts at the stamp, as SWMM reads a rain
 *   gage's time series (a Campbell total, of the interval that ends there, to the day that interval began).
 *
 * Each row becomes a `RowReading`: the day, its precipitation (null: not usable, with the reason), the
 * measured rain part (ECCC) and the mean temperature when the file gives them. Header names are compared
 * without case, accents, spaces or punctuation, so "Max Temp (Â°C)" (a file read in the wrong encoding)
 * is still "maxtempc".
 */

import type { FileStation, RainFormat } from '../../../../words/rain';

export type { FileStation, RainFormat };

/** Why a value cannot be used, or what was accepted with a remark (the problem's code). */
export type RowIssue =
  'missing_value' | 'flagged_value' | 'estimated_value' | 'trace_value' | 'missing_readings';

/** One row of a file, read. `precip` null: the day has no usable precipitation (see `issue`). */
export interface RowReading {
  station: FileStation | null;
  day: number;
  precip: number | null;
  /** the rain part of the precipitation, mm (ECCC's Total Rain), null when not given */
  rain: number | null;
  temp: number | null;
  /** the column holding the precipitation (for the reports) */
  column: string;
  issue?: { code: RowIssue; column: string; flag: string };
  /** a logger's reading, part of its day: its instant, seconds from 1970-01-01 (the clock as written
   * when the file states no offset) */
  time?: number;
  /** the offset of the station's clock at that reading (seconds east of UTC), when the file states one */
  local?: number | null;
}

/** A row the format cannot read at all: the upload is refused with its line and column. */
export class RowRefusal extends Error {
  constructor(
    readonly code:
      | 'bad_date'
      | 'bad_number'
      | 'negative'
      | 'rain_out_of_range'
      | 'temp_out_of_range'
      | 'comma_decimal'
      | 'time_order'
      | 'mixed_offsets'
      | 'utc_times',
    readonly column: string,
    readonly value: string,
  ) {
    super(`${code} in ${column}: '${value}'`);
    this.name = 'RowRefusal';
  }
}

/** A header name without case, accents, spaces or punctuation. */
export function headerKey(name: string): string {
  return name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date, or null when it is not a date. */
export function dayNumber(y: number, m: number, d: number): number | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return t / DAY_MS;
}

/** The calendar date of a day number, as YYYY-MM-DD. */
export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The year, month (0-11) and day of month of a day number. */
export function partsOf(day: number): { year: number; month: number; date: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate() };
}

/** A date written YYYY-MM-DD, YYYY/MM/DD or YYYYMMDD, as a day number (null otherwise). */
export function parseDate(text: string): number | null {
  const t = text.trim();
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  return m ? dayNumber(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

const TIMED =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;
/** HOBOware's default stamp: month first, two-digit year, 12-hour clock ("06/01/21 10:05:00 AM") */
const US_TIMED = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP])\.?M\.?$/i;

/** An offset written "+02:00", "+0200", "-04", "Z" (0), as seconds east of UTC; null when none. */
export function offsetOf(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  if (/^z$/i.test(text)) return 0;
  const m = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (!m || Number(m[2]) > 14 || Number(m[3] ?? 0) > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60);
}

/**
 * A date and time of day written YYYY-MM-DD HH:MM[:SS] (a T between them, an offset or Z after them), or
 * (`us`) as HOBOware writes it by default (MM/DD/YY hh:mm:ss AM): its clock time as written, in seconds from
 * 1970-01-01, and the offset it states (seconds east of UTC, null when none); null when it is not one.
 */
export function parseTime(
  text: string,
  opts: { us?: boolean } = {},
): { day: number; time: number; offset: number | null } | null {
  const t = text.trim();
  const m = TIMED.exec(t);
  // month first only where the software writing it is known (a HOBOware heading): elsewhere 01/06 is ambiguous
  const us = m || !opts.us ? null : US_TIMED.exec(t);
  if (!m && !us) return null;
  const [y, mo, d] = m
    ? [Number(m[1]), Number(m[2]), Number(m[3])]
    : [Number(us![3]) + (us![3]!.length === 2 ? 2000 : 0), Number(us![1]), Number(us![2])];
  const day = dayNumber(y, mo, d);
  let h = Number((m ?? us)![4]);
  const [min, sec] = [Number((m ?? us)![5]), Number((m ?? us)![6] ?? 0)];
  if (us) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (us[7]!.toUpperCase() === 'P' ? 12 : 0);
  }
  const offset = m ? offsetOf(m[7]) : null;
  if (m?.[7] !== undefined && offset === null) return null;
  if (day === null || h > 23 || min > 59 || sec > 59) return null;
  return { day, time: day * 86_400 + h * 3600 + min * 60 + sec, offset };
}

/** A time zone: its name and its offset from UTC (seconds east) at an instant (seconds from 1970). */
export interface Zone {
  name: string;
  offsetAt(instant: number): number;
}

/**
 * The zone of a name: an IANA name (Europe/Paris, America/Toronto: daylight-saving time followed, from
 * the platform's time-zone data) or a fixed offset (UTC+01:00, -05:00); null when it is neither.
 */
export function zoneOf(name: string): Zone | null {
  const fixed = /^(?:UTC|GMT)?\s*([+-]\d{1,2}(?::?\d{2})?)$/i.exec(name.trim());
  if (fixed) {
    const s = offsetOf(fixed[1]);
    return s === null ? null : { name: `UTC${offsetText(s)}`, offsetAt: () => s };
  }
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: name.trim(), timeZoneName: 'longOffset' });
  } catch {
    return null;
  }
  const at = (instant: number) => {
    const part = format.formatToParts(instant * 1000).find((p) => p.type === 'timeZoneName')?.value ?? '';
    return offsetOf(part.replace(/^GMT/, '') || 'Z') ?? 0;
  };
  // a day's offset is asked twice (its ends), its quarters of an hour only on a day the offset changes,
  // each once: asked of the platform at every reading (8 µs), 2 million readings on clock-change days held
  // the only rain worker 33-39 s, 11 s once asked once (a helper's attack, round 11)
  const days = new Map<number, number | null>();
  const quarters = new Map<number, number>();
  const once = <V>(kept: Map<number, V>, key: number, find: () => V): V => {
    let v = kept.get(key);
    if (v === undefined) {
      v = find();
      if (kept.size > 100_000) kept.clear();
      kept.set(key, v);
    }
    return v;
  };
  return {
    name: format.resolvedOptions().timeZone,
    offsetAt(instant) {
      const d = Math.floor(instant / 86_400);
      const whole = once(days, d, () => {
        const a = at(d * 86_400);
        return a === at(d * 86_400 + 86_399) ? a : null;
      });
      const q = Math.floor(instant / 900);
      return whole ?? once(quarters, q, () => at(q * 900));
    },
  };
}

/** An offset as "+02:00". */
export function offsetText(seconds: number): string {
  const a = Math.abs(seconds);
  const hm = `${String(Math.floor(a / 3600)).padStart(2, '0')}:${String(Math.floor((a % 3600) / 60)).padStart(2, '0')}`;
  return `${seconds < 0 ? '-' : '+'}${hm}`;
}

/**
 * How an upload's time stamps are read, shared by its files: written all without an offset (the clock
 * of the station, as written) or all with one (in the stamp, or stated once in the time column's
 * heading: HOBO's "Date Time, GMT+02:00"), never some of each; the zone to give their days in, when the
 * upload names one; the offsets met.
 */
export interface Times {
  zone: Zone | null;
  written: 'clock' | 'offset' | null;
  offsets: Set<number>;
  /** a reading's total is of the interval that ends at its stamp (a Campbell logger's table) */
  ending: boolean;
  /** a daily file whose dates carry 00:00 (and an offset, often): read as the dates they are */
  midnight: boolean;
}

export const newTimes = (zone: Zone | null = null): Times => ({
  zone,
  written: null,
  offsets: new Set(),
  ending: false,
  midnight: false,
});

/**
 * A reading's instant (seconds from 1970) and its day: the day of the station's clock. Without an
 * offset, the clock time as written; with one, the instant it names, in the upload's zone when it names
 * one, else at the offset written (the logger's own clock, which says where it is); in UTC with no zone
 * named, refused: the station's day is not known. A reading that ends its interval (`ending`) belongs to
 * the day in which its interval began: a total stamped 00:00 is the day before's.
 */
function placed(
  stamp: { time: number; offset: number | null },
  times: Times,
  text: string,
): { day: number; time: number; local: number | null } {
  const written = stamp.offset === null ? 'clock' : 'offset';
  times.written ??= written;
  if (times.written !== written) throw new RowRefusal('mixed_offsets', '1', text);
  const back = times.ending ? 1 : 0;
  if (stamp.offset === null)
    return { day: Math.floor((stamp.time - back) / 86_400), time: stamp.time, local: null };
  const instant = stamp.time - stamp.offset;
  if (!times.zone && stamp.offset === 0) throw new RowRefusal('utc_times', '1', text);
  const local = times.zone ? times.zone.offsetAt(instant) : stamp.offset;
  times.offsets.add(stamp.offset);
  return { day: Math.floor((instant + local - back) / 86_400), time: instant, local };
}

/** A number written with a point or a comma; '' is null; anything else throws a RowRefusal. */
function numberIn(text: string | undefined, column: string): number | null {
  const t = (text ?? '').trim();
  if (t === '') return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) throw new RowRefusal('bad_number', column, t);
  return Number(t.replace(',', '.'));
}

/**
 * The most rain a day (or one reading) may hold, mm: above the world's record (1,825 mm, La Réunion,
 * 1966). A number of any length was read: 1 and 400 zeros was Infinity, stored as null on a day counted
 * complete (its rain lost without a word), and 1 and 308 zeros made every calculation on the series
 * refused as beyond what a number can hold, naming no file nor line (a helper's attack, round 12).
 */
const MAX_RAIN_MM = 2000;
/** The coldest and warmest a day's mean temperature may be, °C (the records: -89.2 and 56.7). */
const TEMP_RANGE = [-90, 60] as const;

/** A precipitation amount: a number, never negative, at most MAX_RAIN_MM once in millimetres (`factor`). */
function amountIn(text: string | undefined, column: string, factor = 1): number | null {
  const n = numberIn(text, column);
  if (n !== null && n < 0) throw new RowRefusal('negative', column, (text ?? '').trim());
  if (n !== null && n * factor > MAX_RAIN_MM)
    throw new RowRefusal('rain_out_of_range', column, (text ?? '').trim());
  return n;
}

/** A day's mean temperature, °C, within TEMP_RANGE. */
function temperatureIn(text: string | undefined, column: string): number | null {
  const n = numberIn(text, column);
  if (n !== null && (n < TEMP_RANGE[0] || n > TEMP_RANGE[1]))
    throw new RowRefusal('temp_out_of_range', column, (text ?? '').trim());
  return n;
}

/** How a format reads its rows once its header is known. */
export interface FormatReader {
  format: RainFormat;
  /** the delimiter of the data rows */
  read(record: string[]): RowReading | null;
}

type Columns = Map<string, { index: number; name: string }>;

/**
 * A station's id and name as a file writes them, cut to what a weather service gives (ECCC's Climate ID
 * has 7 characters, Météo-France's NUM_POSTE 8; their names under 50) and a visitor may send back (the
 * station chosen: 64 characters). Uncut, a 200 KB gzip naming 2,000 stations of 60 KB each gave a 120 MB
 * summary or station choice, written and stored on the server's thread (a helper's attack, round 12).
 */
const STATION_ID = 64;
const STATION_NAME = 100;
const stationId = (text: string) => [...text.slice(0, 2 * STATION_ID)].slice(0, STATION_ID).join('');
const stationName = (text: string) => [...text.slice(0, 2 * STATION_NAME)].slice(0, STATION_NAME).join('');

function columnsOf(header: string[]): Columns {
  const cols: Columns = new Map();
  header.forEach((name, index) => {
    const key = headerKey(name);
    if (key && !cols.has(key)) cols.set(key, { index, name: name.trim() });
  });
  return cols;
}

/** ECCC: precipitation flags that leave the day without a usable daily amount. */
const ECCC_UNUSABLE = new Set(['M', 'A', 'C', 'L', 'F']);

/** ECCC daily data, from its header row (and the station lines above it, in older downloads). */
function ecccReader(header: string[], preamble: Map<string, string>): FormatReader | null {
  const c = columnsOf(header);
  const need = ['datetime', 'totalprecipmm'];
  if (!need.every((k) => c.has(k))) return null;
  const col = (k: string) => c.get(k);
  const cell = (r: string[], k: string) => {
    const x = col(k);
    return x ? (r[x.index] ?? '').trim() : '';
  };
  const fromPreamble: FileStation | null = preamble.size
    ? {
        id: stationId(preamble.get('climateidentifier') ?? preamble.get('climateid') ?? ''),
        name: stationName(preamble.get('stationname') ?? ''),
        lat: num(preamble.get('latitude')),
        lon: num(preamble.get('longitude')),
        alt: num(preamble.get('elevation')),
      }
    : null;
  return {
    format: 'eccc',
    read(r) {
      const dateText = cell(r, 'datetime');
      const day = parseDate(dateText);
      if (day === null) throw new RowRefusal('bad_date', col('datetime')!.name, dateText);
      const station: FileStation | null = c.has('climateid')
        ? {
            id: stationId(cell(r, 'climateid')),
            name: stationName(cell(r, 'stationname')),
            lat: num(cell(r, 'latitudey')),
            lon: num(cell(r, 'longitudex')),
            alt: null,
          }
        : fromPreamble;
      const precipCol = col('totalprecipmm')!.name;
      const flag = cell(r, 'totalprecipflag').toUpperCase();
      const flagCol = col('totalprecipflag')?.name ?? precipCol;
      let precip = amountIn(cell(r, 'totalprecipmm'), precipCol);
      let issue: RowReading['issue'];
      if (ECCC_UNUSABLE.has(flag)) {
        issue = { code: flag === 'M' ? 'missing_value' : 'flagged_value', column: flagCol, flag };
        precip = null;
      } else if (precip === null) issue = { code: 'missing_value', column: precipCol, flag };
      else if (flag === 'T') issue = { code: 'trace_value', column: flagCol, flag };
      else if (flag === 'E') issue = { code: 'estimated_value', column: flagCol, flag };
      const rainFlag = cell(r, 'totalrainflag').toUpperCase();
      const rain =
        precip === null || ECCC_UNUSABLE.has(rainFlag)
          ? null
          : amountIn(cell(r, 'totalrainmm'), col('totalrainmm')?.name ?? precipCol);
      const tempFlag = cell(r, 'meantempflag').toUpperCase();
      const temp =
        tempFlag === 'M' ? null : temperatureIn(cell(r, 'meantempc'), col('meantempc')?.name ?? '');
      return { station, day, precip, rain, temp, column: precipCol, ...(issue ? { issue } : {}) };
    },
  };
}

/** Météo-France quality code 2: doubtful, being checked. */
const MF_DOUBTFUL = '2';

/** Météo-France's daily climatological data, from its header row. */
function meteoFranceReader(header: string[]): FormatReader | null {
  const c = columnsOf(header);
  if (!['numposte', 'aaaammjj', 'rr'].every((k) => c.has(k))) return null;
  const col = (k: string) => c.get(k);
  const cell = (r: string[], k: string) => {
    const x = col(k);
    return x ? (r[x.index] ?? '').trim() : '';
  };
  /** a temperature whose quality code is not 'doubtful' */
  const temperature = (r: string[], k: string) =>
    cell(r, `q${k}`) === MF_DOUBTFUL ? null : temperatureIn(cell(r, k), col(k)?.name ?? k);
  return {
    format: 'meteofrance',
    read(r) {
      const dateText = cell(r, 'aaaammjj');
      const day = parseDate(dateText);
      if (day === null) throw new RowRefusal('bad_date', col('aaaammjj')!.name, dateText);
      const station: FileStation = {
        id: stationId(cell(r, 'numposte')),
        name: stationName(cell(r, 'nomusuel')),
        lat: num(cell(r, 'lat')),
        lon: num(cell(r, 'lon')),
        alt: num(cell(r, 'alti')),
      };
      const rrCol = col('rr')!.name;
      let precip = amountIn(cell(r, 'rr'), rrCol);
      let issue: RowReading['issue'];
      const q = cell(r, 'qrr');
      if (precip === null) issue = { code: 'missing_value', column: rrCol, flag: '' };
      else if (q === MF_DOUBTFUL) {
        issue = { code: 'flagged_value', column: col('qrr')?.name ?? rrCol, flag: q };
        precip = null;
      }
      const temp = temperature(r, 'tm') ?? temperature(r, 'tntxm');
      return { station, day, precip, rain: null, temp, column: rrCol, ...(issue ? { issue } : {}) };
    },
  };
}

/**
 * A plain two-column file: date, millimetres; or, `timed`, a logger's readings: date and time of day,
 * millimetres, in the order of their time stamps (read.ts sums a day's readings).
 */
function plainReader(timed: boolean, times: Times, factor = 1): FormatReader {
  let last = -Infinity;
  return {
    format: 'plain',
    read(r) {
      const [dateText = '', mm, more] = r;
      const parsed = timed ? parseTime(dateText) : null;
      // a daily file's "2000-01-01 00:00:00+00:00" is the 1st's total, whatever the zone: an instant
      // placed in Toronto's zone would be the 31st's
      const midnight = times.midnight && parsed !== null;
      if (midnight && parsed.time % 86_400 !== 0) throw new RowRefusal('bad_date', '1', dateText.trim());
      const stamp = parsed && !midnight ? placed(parsed, times, dateText.trim()) : null;
      const day = midnight ? parsed.day : timed ? (stamp?.day ?? null) : parseDate(dateText);
      if (day === null) throw new RowRefusal('bad_date', '1', dateText.trim());
      if (stamp) {
        // a reading at or before the one above it would be counted twice, or in the wrong day
        if (stamp.time <= last) throw new RowRefusal('time_order', '1', dateText.trim());
        last = stamp.time;
      }
      // "2010-01-01,2,1": a decimal comma in a comma-separated file splits the amount in two; read as 2,
      // every day would silently lose its decimals (a helper's check, 2026-11-29)
      if (more !== undefined && /^\d+$/.test((mm ?? '').trim()) && /^\d+$/.test(more.trim()))
        throw new RowRefusal('comma_decimal', '2', r.slice(1).join(',').trim());
      const amount = amountIn(mm, '2', factor);
      const precip = amount === null || factor === 1 ? amount : Math.round(amount * factor * 1e6) / 1e6;
      return {
        station: null,
        day,
        precip,
        rain: null,
        temp: null,
        column: '2',
        ...(precip === null ? { issue: { code: 'missing_value' as const, column: '2', flag: '' } } : {}),
        ...(stamp ? { time: stamp.time, local: stamp.local } : {}),
      };
    },
  };
}

/** Millimetres in a unit a logger's heading names ("Rain, mm", "Rain_in_Tot", TOA5's units row "in"). */
const UNITS: Record<string, number> = {
  mm: 1,
  cm: 10,
  in: 25.4,
  inch: 25.4,
  inches: 25.4,
  pouce: 25.4,
  pouces: 25.4,
};
/** The unit a heading names after a comma, an underscore, a parenthesis or alone: "Rain, in", "Precip (inches)". */
const unitIn = (heading: string) =>
  /(?:^|,|_|\()\s*(mm|cm|in|inch|inches|pouces?)\b/i.exec(heading)?.[1]?.toLowerCase() ?? '';

/** A logger's table refused at its heading: its code, the column, the record (of the first ones) */
export class LayoutRefusal extends Error {
  constructor(
    readonly code: 'tip_counts' | 'rain_unit',
    readonly record: number,
    readonly column: string,
  ) {
    super(code);
    this.name = 'LayoutRefusal';
  }
}

/**
 * A logger's table as its software writes it: a heading naming a time column ("Date Time, GMT+02:00",
 * HOBOware's; "TIMESTAMP", a Campbell TOA5 file's, under its "TOA5" line and over its units and
 * processing rows) and a rain column ("Rain, mm", "Rain_mm_Tot"), other columns ignored. The amount's
 * unit is the heading's (or TOA5's units row): mm or inches (converted). HOBO's event lines ("Logged" in
 * another column, no amount) are skipped; Campbell's NAN is a missing value. A TOA5 total is of the
 * interval that ends at its stamp (times.ending).
 */
function loggerReader(
  first: string[][],
  times: Times,
): { reader: FormatReader; skip: number; column: string; unit: string } | null {
  const toa5 = (first[0]?.[0] ?? '').trim() === 'TOA5';
  for (let i = toa5 ? 1 : 0; i < Math.min(first.length, toa5 ? 2 : 4); i += 1) {
    const keys = first[i]!.map(headerKey);
    const at = keys.findIndex((k) => k === 'timestamp' || k.startsWith('datetime'));
    if (at < 0) continue;
    const rainAt = keys.findIndex((k, j) => j !== at && /rain|precip|pluie/.test(k) && !k.includes('flag'));
    const name = (j: number) => (first[i]![j] ?? '').trim();
    if (rainAt < 0) {
      const event = keys.findIndex((k) => k.startsWith('event'));
      if (event >= 0) throw new LayoutRefusal('tip_counts', i, name(event));
      return null;
    }
    const unitText = toa5 ? (first[i + 1]?.[rainAt] ?? '').trim() : unitIn(name(rainAt));
    const factor = UNITS[unitText.toLowerCase()];
    if (factor === undefined) throw new LayoutRefusal('rain_unit', i, name(rainAt));
    const heading = /(?:GMT|UTC)\s*([+-]\d{1,2}(?::?\d{2})?)?/i.exec(name(at));
    const stated = heading ? (offsetOf(heading[1]) ?? 0) : null;
    times.ending = toa5;
    const column = String(rainAt + 1);
    let last = -Infinity;
    const reader: FormatReader = {
      format: 'plain',
      read(r) {
        const text = (r[at] ?? '').trim();
        const amount = (r[rainAt] ?? '').trim();
        // HOBO's event lines ("Logged", "Host Connected"): no amount, another column said
        if (amount === '' && r.some((c, j) => j !== at && j !== rainAt && j !== 0 && c.trim() !== ''))
          return null;
        const parsed = parseTime(text, { us: !toa5 });
        if (!parsed) throw new RowRefusal('bad_date', String(at + 1), text);
        const stamp = placed({ time: parsed.time, offset: parsed.offset ?? stated }, times, text);
        if (stamp.time <= last) throw new RowRefusal('time_order', String(at + 1), text);
        last = stamp.time;
        const n = amount.toUpperCase() === 'NAN' ? null : amountIn(amount, column, factor);
        const precip = n === null ? null : Math.round(n * factor * 1e6) / 1e6;
        return {
          station: null,
          day: stamp.day,
          precip,
          rain: null,
          temp: null,
          column,
          time: stamp.time,
          local: stamp.local,
          ...(precip === null ? { issue: { code: 'missing_value' as const, column, flag: '' } } : {}),
        };
      },
    };
    return { reader, skip: i + (toa5 ? 3 : 1), column: name(rainAt), unit: unitText.toLowerCase() };
  }
  return null;
}

function num(text: string | undefined): number | null {
  const t = (text ?? '').trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * The reader of a file from its first records: a header naming ECCC's or Météo-France's columns (after
 * ECCC's station lines, in older downloads), or a plain file whose first record is a date and an amount
 * (or a header above such a record). `skip`: the records before the first data row. Null: not a format we
 * know.
 */
export function readerOf(
  first: string[][],
  times: Times = newTimes(),
): { reader: FormatReader; skip: number; column?: string; unit?: string } | null {
  const preamble = new Map<string, string>();
  for (let i = 0; i < first.length; i += 1) {
    const rec = first[i]!;
    const keys = rec.map(headerKey);
    if (keys.includes('datetime') || keys.includes('aaaammjj')) {
      const reader = ecccReader(rec, preamble) ?? meteoFranceReader(rec);
      if (reader) return { reader, skip: i + 1 };
      // a logger's "Date Time" heading above its readings: a plain file
      break;
    }
    if (rec.length === 2 && keys[0]) preamble.set(keys[0], (rec[1] ?? '').trim());
  }
  const logger = loggerReader(first, times);
  if (logger) return logger;
  // plain: a date (or a date and time) and a number in the first data record (the header above it, if
  // any, is skipped)
  for (let i = 0; i < Math.min(first.length, 2); i += 1) {
    const rec = first[i]!;
    if (rec.length < 2) continue;
    const timed = parseDate(rec[0] ?? '') === null;
    if (timed && parseTime(rec[0] ?? '') === null) continue;
    // dates at 00:00 on every line read (two days at least): a daily file, its times not readings'
    const stamps = first.slice(i).map((r) => parseTime(r[0] ?? ''));
    times.midnight =
      timed &&
      stamps.length > 1 &&
      stamps.every((t) => t !== null && t.time % 86_400 === 0) &&
      new Set(stamps.map((t) => t!.day)).size === stamps.length;
    // the amount's heading may name its unit ("date,in", "Date,Precip (inches)"): millimetres when it
    // names none, as the format says; another unit converted, and said
    const heading = i === 1 ? (first[0]![1] ?? '').trim() : '';
    const unit = unitIn(heading) || 'mm';
    const reader = plainReader(timed, times, UNITS[unit]);
    return { reader, skip: i, ...(unit === 'mm' ? {} : { column: heading, unit }) };
  }
  return null;
}
