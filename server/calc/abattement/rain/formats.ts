/**
 * The three daily rain formats a project may upload (issue 39.3), recognised by their header row:
 * - Environment and Climate Change Canada's daily data CSV (one file per station and year; columns
 *   "Date/Time", "Year", "Month", "Day", "Total Rain (mm)", "Total Snow (cm)", "Total Precip (mm)",
 *   "Mean Temp (°C)", ... each with its "Flag"; older downloads open with a block of station lines);
 * - Météo-France's "données climatologiques de base quotidiennes" (semicolon-separated, one file per
 *   département and period: NUM_POSTE, NOM_USUEL, LAT, LON, ALTI, AAAAMMJJ, RR, QRR, TN, TX, TM ...);
 * - a plain two-column CSV: date (YYYY-MM-DD or YYYYMMDD), millimetres, with or without a header; or a
 *   logger's readings, date and time of day (YYYY-MM-DD HH:MM[:SS], a T between them accepted, an offset
 *   ignored: the clock time as written), millimetres, which read.ts sums into days. A reading belongs to
 *   the day of its time stamp, 00:00 to 23:59: the rain of the interval that starts at the stamp, as SWMM
 *   reads a rain gage's time series.
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
  /** a logger's reading, part of its day: its time stamp, seconds from 1970-01-01 as written */
  time?: number;
}

/** A row the format cannot read at all: the upload is refused with its line and column. */
export class RowRefusal extends Error {
  constructor(
    readonly code: 'bad_date' | 'bad_number' | 'negative' | 'comma_decimal' | 'time_order',
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
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * A date and time of day written YYYY-MM-DD HH:MM[:SS] (a T between them, an offset or Z ignored: the
 * clock time as written) as its day and its seconds from 1970-01-01; null when it is not one.
 */
export function parseTime(text: string): { day: number; time: number } | null {
  const m = TIMED.exec(text.trim());
  if (!m) return null;
  const day = dayNumber(Number(m[1]), Number(m[2]), Number(m[3]));
  const [h, min, sec] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (day === null || h > 23 || min > 59 || sec > 59) return null;
  return { day, time: day * 86_400 + h * 3600 + min * 60 + sec };
}

/** A number written with a point or a comma; '' is null; anything else throws a RowRefusal. */
function numberIn(text: string | undefined, column: string): number | null {
  const t = (text ?? '').trim();
  if (t === '') return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) throw new RowRefusal('bad_number', column, t);
  return Number(t.replace(',', '.'));
}

/** A precipitation amount: a number, never negative. */
function amountIn(text: string | undefined, column: string): number | null {
  const n = numberIn(text, column);
  if (n !== null && n < 0) throw new RowRefusal('negative', column, (text ?? '').trim());
  return n;
}

/** How a format reads its rows once its header is known. */
export interface FormatReader {
  format: RainFormat;
  /** the delimiter of the data rows */
  read(record: string[]): RowReading | null;
}

type Columns = Map<string, { index: number; name: string }>;

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
        id: preamble.get('climateidentifier') ?? preamble.get('climateid') ?? '',
        name: preamble.get('stationname') ?? '',
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
            id: cell(r, 'climateid'),
            name: cell(r, 'stationname'),
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
      const temp = tempFlag === 'M' ? null : numberIn(cell(r, 'meantempc'), col('meantempc')?.name ?? '');
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
    cell(r, `q${k}`) === MF_DOUBTFUL ? null : numberIn(cell(r, k), col(k)?.name ?? k);
  return {
    format: 'meteofrance',
    read(r) {
      const dateText = cell(r, 'aaaammjj');
      const day = parseDate(dateText);
      if (day === null) throw new RowRefusal('bad_date', col('aaaammjj')!.name, dateText);
      const station: FileStation = {
        id: cell(r, 'numposte'),
        name: cell(r, 'nomusuel'),
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
function plainReader(timed: boolean): FormatReader {
  let last = -Infinity;
  return {
    format: 'plain',
    read(r) {
      const [dateText = '', mm, more] = r;
      const stamp = timed ? parseTime(dateText) : null;
      const day = timed ? (stamp?.day ?? null) : parseDate(dateText);
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
      const precip = amountIn(mm, '2');
      return {
        station: null,
        day,
        precip,
        rain: null,
        temp: null,
        column: '2',
        ...(precip === null ? { issue: { code: 'missing_value' as const, column: '2', flag: '' } } : {}),
        ...(stamp ? { time: stamp.time } : {}),
      };
    },
  };
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
export function readerOf(first: string[][]): { reader: FormatReader; skip: number } | null {
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
  // plain: a date (or a date and time) and a number in the first data record (the header above it, if
  // any, is skipped)
  for (let i = 0; i < Math.min(first.length, 2); i += 1) {
    const rec = first[i]!;
    if (rec.length < 2) continue;
    if (parseDate(rec[0] ?? '') !== null) return { reader: plainReader(false), skip: i };
    if (parseTime(rec[0] ?? '') !== null) return { reader: plainReader(true), skip: i };
  }
  return null;
}
