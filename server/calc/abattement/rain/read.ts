/**
 * Reads uploaded daily rain files (formats.ts) into the days of one station (or of ECCC stations of one
 * site, a station replaced under a new Climate ID: joined), a logger's readings summed into their days,
 * streaming: each file is
 * decompressed when gzipped (Météo-France serves its files as .csv.gz), parsed by csv-parse record by
 * record, and never held whole as text. Bounded: the decompressed bytes, the rows and the refusals
 * collected are capped (`RainLimits`); past a cap the reading stops and says which.
 *
 * What it refuses (the upload is not stored): a file of no known format, files of different formats or
 * of ECCC stations more than SAME_SITE_KM apart, a date that is not one, a value that is not a number, a negative amount, a
 * day given twice; each with its file, line and column. What it reports and keeps (assemble.ts): missing
 * and flagged values, days with no line, estimated and trace values.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import {
  dateOf,
  LayoutRefusal,
  newTimes,
  readerOf,
  RowRefusal,
  zoneOf,
  type Times,
  type FileStation,
  type FormatReader,
  type RainFormat,
  type RowIssue,
  type RowReading,
} from './formats';

/** A file as uploaded. */
export interface RainFile {
  name: string;
  data: Uint8Array;
}

/** The caps of one reading. */
export interface RainLimits {
  /** decompressed bytes of all files together */
  maxBytes: number;
  /** data rows of all files together */
  maxRows: number;
  /**
   * stations the files name together (a Météo-France département file names a few hundred; more would
   * make the answer offering them a list the server's thread takes seconds to write: a helper's attack,
   * 2026-11-28, one 5 MB upload naming 1,000,000 stations held every visitor 5 s)
   */
  maxStations: number;
  /** calendar years a series may span */
  maxYears: number;
  /** complete years a series needs at least */
  minYears: number;
}

export const RAIN_LIMITS: RainLimits = {
  maxBytes: 512 * 1024 * 1024,
  maxRows: 8_000_000,
  maxStations: 2000,
  maxYears: 150,
  minYears: 10,
};

import type { RainProblem } from '../../../../words/rain';

export type { RainProblem };

/** A day as read: its precipitation (null: not usable), rain part, temperature, and where it was read. */
export interface DayRecord {
  precip: number | null;
  rain: number | null;
  temp: number | null;
  file: string;
  line: number;
  column: string;
  issue?: { code: RowIssue; column: string; flag: string };
  /** a logger's readings summed into the day, and the times each file gave them (index of the file) */
  readings?: number;
  spans?: { file: number; from: number; to: number }[];
  /** the station clock's offsets at the day's first and last readings, when the files state them */
  offsets?: [number, number];
  /**
   * a logger's wet readings in the day, as read: their stamps on the station's clock (seconds from the
   * day's 00:00) and amounts (mm), in pairs; kept for the SWMM export to rain them at their interval
   */
  wet?: number[];
  /** the station that gave it, when several are joined (a replaced ECCC station's) */
  station?: string;
}

/** A station of a file, with its days by year (for the choice among a Météo-France file's stations). */
export interface StationSeen {
  station: FileStation;
  first: number;
  last: number;
  /** usable days per year */
  usable: Map<number, number>;
}

/** What the files held: the format, every station seen, and the days of the station read. */
export interface FilesRead {
  format: RainFormat;
  stations: Map<string, StationSeen>;
  /** the station whose days were kept ('' for a file that names none) */
  kept: string | null;
  days: Map<number, DayRecord>;
  /** a logger's readings read (0: the files give days) */
  readings: number;
  /** a logger's fixed step (s), when it writes at one (nine gaps in ten the same, a divisor of the day) */
  step: number | null;
  /** how their times were read (the zone named, the offsets the files state) */
  times: Times;
  /** a logger's table: the column read and its unit */
  column?: { name: string; unit: string };
  /**
   * ECCC stations joined to the kept one (a station replaced on its site is given a new Climate ID: its
   * record continues under it), and the days both gave (the first file's value kept, or the one that has
   * a usable value)
   */
  joined?: { stations: string[]; both: number };
}

/** An upload refused: the HTTP status it deserves and every problem found (a few at most of each). */
export class RainRefusal extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    readonly problems: RainProblem[],
  ) {
    super(problems.map((p) => p.code).join(', '));
    this.name = 'RainRefusal';
  }
}

const MAX_REFUSALS = 20;
const HEAD_RECORDS = 40;
/**
 * What no real file holds, met long before the bytes' and rows' caps (a helper's attack, 2026-11-29: gzips
 * of 200-900 KB held the rain worker 9-125 s each, one past its memory: 512 MB of empty lines, a record of
 * 400 MB, 8 million lines refused one by one, 8 million copies of a day): a record longer than a Météo-France
 * line ever is, 10,000 empty lines more than its records, the same day twice for a station of a file.
 */
const MAX_RECORD_BYTES = 64 * 1024;
const MAX_EMPTY_LINES = 10_000;
const GZIP = [0x1f, 0x8b];

/** The bytes of a file, decompressed when gzipped, counted against the limit. */
function bytesOf(file: RainFile, budget: { left: number }): AsyncIterable<Buffer> {
  const raw = Readable.from([Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength)]);
  const gz = file.data[0] === GZIP[0] && file.data[1] === GZIP[1];
  const source: AsyncIterable<Buffer> = gz ? raw.pipe(createGunzip()) : raw;
  return (async function* () {
    try {
      for await (const chunk of source) {
        budget.left -= chunk.length;
        if (budget.left < 0) throw new RainRefusal(413, [problem('too_large', file.name)]);
        yield chunk;
      }
    } catch (e) {
      if (e instanceof RainRefusal) throw e;
      throw new RainRefusal(415, [problem('not_readable', file.name)]);
    }
  })();
}

function problem(
  code: string,
  file: string | null,
  at: { line?: number; column?: string } = {},
  params: Record<string, string | number> = {},
): RainProblem {
  return { code, file, line: at.line ?? null, column: at.column ?? null, params };
}

/**
 * Why a file's first records are of no format read here: times of day (a logger's 5-minute or hourly
 * data, which the daily balance cannot take as it is), dates written day first, or else a format unknown
 * (a helper's check, 2026-11-29: each was "unknown format", with nothing to say what to do).
 */
function unreadable(file: string, head: { record: string[]; line: number }[]): RainProblem {
  for (const { record, line } of head) {
    const first = (record[0] ?? '').trim();
    if (/^\d{4}-\d{1,2}-\d{1,2}[T ]\d{1,2}:\d{2}/.test(first))
      return problem('sub_daily', file, { line, column: '1' }, { value: first });
    if (/^\d{1,2}[/.]\d{1,2}[/.]\d{4}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.test(first))
      return problem('day_first', file, { line, column: '1' }, { value: first });
  }
  return problem('unknown_format', file, { line: head[0]?.line ?? 1 });
}

/** The records of a file with their line numbers, the delimiter sniffed from its first bytes. */
async function* recordsOf(
  file: RainFile,
  budget: { left: number },
): AsyncGenerator<{ record: string[]; line: number }> {
  const it = bytesOf(file, budget)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let seen = 0;
  let done = false;
  while (seen < 4096 && !done) {
    const n = await it.next();
    if (n.done) done = true;
    else {
      head.push(n.value);
      seen += n.value.length;
    }
  }
  const sample = Buffer.concat(head).subarray(0, 4096).toString('utf8');
  const delimiter = sample.includes(';') ? ';' : ',';
  const rest = async function* () {
    yield* head;
    if (done) return;
    for (;;) {
      const n = await it.next();
      if (n.done) return;
      yield n.value;
    }
  };
  const source = Readable.from(rest());
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      // empty lines are skipped below, counted: csv-parse skips them without a word, however many
      skip_empty_lines: false,
      max_record_size: MAX_RECORD_BYTES,
      info: true,
    }),
  );
  // pipe() does not pass on the source's errors: a gzipped file past its budget after its first bytes
  // (RainRefusal too_large) was thrown nowhere, the worker died of it and its visitor was answered 500
  source.on('error', (e) => parser.destroy(e));
  let empty = 0;
  let records = 0;
  try {
    for await (const r of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (r.record.length === 1 && r.record[0] === '') {
        empty += 1;
        // an empty line after each record (a file saved with its line ends doubled) is still read
        if (empty > records + MAX_EMPTY_LINES)
          throw new RainRefusal(415, [problem('not_readable', file.name, { line: r.info.lines })]);
        continue;
      }
      records += 1;
      yield { record: r.record, line: r.info.lines };
    }
  } catch (e) {
    if (e instanceof RainRefusal) throw e;
    throw new RainRefusal(415, [problem('not_readable', file.name)]);
  }
}

/**
 * Reads the files: one format for all, the rows of `station` only when given (Météo-France), else those
 * of the single station the files name. Throws a RainRefusal for what cannot be accepted.
 */
export async function readFiles(
  files: RainFile[],
  opts: { station?: string; limits?: RainLimits; timezone?: string } = {},
): Promise<FilesRead> {
  const zone = opts.timezone === undefined ? null : zoneOf(opts.timezone);
  if (opts.timezone !== undefined && !zone)
    throw new RainRefusal(422, [problem('unknown_timezone', null, {}, { value: opts.timezone })]);
  const reading = new Reading(opts.limits ?? RAIN_LIMITS, opts.station ?? null, newTimes(zone));
  const budget = { left: reading.limits.maxBytes };
  for (const file of files) await reading.readFile(file, files.indexOf(file), budget);
  const { refusals, format, stations, kept, days, readings, gaps, times, column, joined, both } = reading;
  if (refusals.length) throw new RainRefusal(422, refusals);
  if (!format) throw new RainRefusal(415, [problem('unknown_format', files[0]?.name ?? null, { line: 1 })]);
  if (opts.station !== undefined && !stations.has(opts.station))
    throw new RainRefusal(422, [
      problem('unknown_station', files[0]?.name ?? null, {}, { station: opts.station }),
    ]);
  const step = incompleteDays(days, gaps);
  return {
    format,
    stations,
    kept,
    days,
    readings,
    step,
    times,
    ...(column ? { column } : {}),
    ...(joined.size ? { joined: { stations: [...joined], both } } : {}),
  };
}

/** A file being read: its name, its place among the files, its format's reader once known. */
interface FileCursor {
  name: string;
  index: number;
  reader: FormatReader | null;
  /** the time of its last reading (a logger's), to count the gaps between readings */
  previous: number | null;
}

/** What readFiles gathers over the files, record by record. */
class Reading {
  readonly refusals: RainProblem[] = [];
  /**
   * the days given, a bit each, of the stations not kept (the kept one's are in `days`), and those of a
   * site's stations left out because another station of the site gave them first
   */
  readonly given = new Map<string, Uint8Array>();
  format: RainFormat | null = null;
  readonly stations = new Map<string, StationSeen>();
  readonly days = new Map<number, DayRecord>();
  rows = 0;
  readings = 0;
  /** the time between a file's consecutive readings, how often each (a logger's step is the usual one) */
  readonly gaps = new Map<number, number>();
  /** a logger's table: the column read and its unit (the first file's that names one) */
  column: FilesRead['column'];
  /** ECCC stations on the kept one's site, whose days are kept with its own */
  readonly joined = new Set<string>();
  /** days two joined stations both gave */
  both = 0;

  constructor(
    readonly limits: RainLimits,
    /** the station whose days are kept: the one asked for, else the first one read */
    public kept: string | null,
    /** how the times are read (the zone named, the offsets the files state) */
    readonly times: Times,
  ) {}

  /** The upload is refused once a few problems are found: reading on would only cost the worker's time. */
  refuse(p: RainProblem): void {
    this.refusals.push(p);
    if (this.refusals.length >= MAX_REFUSALS) throw new RainRefusal(422, this.refusals);
  }

  /** A file's records: its first ones tell its format, then each is taken. */
  async readFile(file: RainFile, index: number, budget: { left: number }): Promise<void> {
    const cursor: FileCursor = { name: file.name, index, reader: null, previous: null };
    const head: { record: string[]; line: number }[] = [];
    for await (const { record, line } of recordsOf(file, budget)) {
      if (cursor.reader) {
        this.take(cursor, record, line);
        continue;
      }
      head.push({ record, line });
      if (head.length < HEAD_RECORDS) continue;
      this.start(cursor, head);
    }
    if (!cursor.reader && head.length) this.start(cursor, head);
    if (!cursor.reader) throw new RainRefusal(415, [problem('unknown_format', file.name, { line: 1 })]);
  }

  /** The file's format, known from its first records and the same as the other files'; its head taken. */
  private start(cursor: FileCursor, head: { record: string[]; line: number }[]): void {
    let found;
    try {
      found = readerOf(
        head.map((h) => h.record),
        this.times,
      );
    } catch (e) {
      if (!(e instanceof LayoutRefusal)) throw e;
      throw new RainRefusal(422, [
        problem(e.code, cursor.name, { line: head[e.record]?.line ?? 1 }, { value: e.column }),
      ]);
    }
    if (!found) throw new RainRefusal(415, [unreadable(cursor.name, head)]);
    if (found.column && found.unit) this.column ??= { name: found.column, unit: found.unit };
    if (this.format && found.reader.format !== this.format)
      throw new RainRefusal(422, [problem('mixed_formats', cursor.name, { line: head[0]?.line ?? 1 })]);
    this.format = found.reader.format;
    cursor.reader = found.reader;
    for (const h of head.slice(found.skip)) this.take(cursor, h.record, h.line);
  }

  /** A record: counted, read as a row, its station seen; the kept station's day kept. */
  private take(cursor: FileCursor, record: string[], line: number): void {
    this.rows += 1;
    if (this.rows > this.limits.maxRows)
      throw new RainRefusal(413, [
        problem('too_many_rows', cursor.name, { line }, { max: this.limits.maxRows }),
      ]);
    let row: RowReading | null;
    try {
      row = cursor.reader!.read(record);
    } catch (e) {
      if (!(e instanceof RowRefusal)) throw e;
      // the value as written, cut (a number of 64 KB of digits is one line)
      const value = e.value.length > 40 ? `${e.value.slice(0, 39)}…` : e.value;
      const p = problem(e.code, cursor.name, { line, column: e.column }, { value });
      // how the file writes its times is said once, at its first line: every line after would repeat it
      if (e.code === 'utc_times' || e.code === 'mixed_offsets') throw new RainRefusal(422, [p]);
      this.refuse(p);
      return;
    }
    if (!row) return;
    const id = row.station?.id ?? '';
    const seen = this.see(row, id, cursor.name, line);
    this.kept ??= id;
    if (id !== this.kept && !this.joined.has(id)) {
      // another station's day given twice (a file of copies of one line read to its 8 millionth)
      if (row.time === undefined && twice(this.given, id, row.day))
        this.refuse(
          problem(
            'station_day_twice',
            cursor.name,
            { line, column: row.column },
            { station: seen.station.name || id, date: dateOf(row.day) },
          ),
        );
      return;
    }
    this.keep(cursor, row, line, id);
  }

  /**
   * The row's station: its first and last days, its usable days a year. An ECCC file names one; a second
   * ECCC station is joined to the first when on its site, else refused.
   */
  private see(row: RowReading, id: string, file: string, line: number): StationSeen {
    let seen = this.stations.get(id);
    if (!seen) {
      if (this.stations.size >= this.limits.maxStations)
        throw new RainRefusal(413, [
          problem('too_many_stations', file, { line }, { max: this.limits.maxStations }),
        ]);
      seen = {
        station: row.station ?? { id: '', name: '', lat: null, lon: null, alt: null },
        first: row.day,
        last: row.day,
        usable: new Map(),
      };
      this.stations.set(id, seen);
      const kept = this.kept === null ? undefined : this.stations.get(this.kept);
      if (this.format === 'eccc' && kept && kept !== seen) {
        if (sameSite(kept.station, seen.station)) {
          if (this.joined.size + 1 >= SITE_STATIONS)
            throw new RainRefusal(413, [
              problem('too_many_stations', file, { line }, { max: SITE_STATIONS }),
            ]);
          this.joined.add(id);
        } else
          this.refuse(
            problem(
              'several_stations',
              file,
              { line },
              {
                station: `${seen.station.name || id} (${id})`,
                kept: `${kept.station.name || this.kept} (${this.kept})`,
                km: Math.round(distanceKm(kept.station, seen.station) ?? 0),
              },
            ),
          );
      }
    }
    seen.first = Math.min(seen.first, row.day);
    seen.last = Math.max(seen.last, row.day);
    if (row.precip !== null) {
      const year = new Date(row.day * 86_400_000).getUTCFullYear();
      seen.usable.set(year, (seen.usable.get(year) ?? 0) + 1);
    }
    return seen;
  }

  /** A day of the kept station: a new day, a logger's reading added to its day, or a day given twice. */
  private keep(cursor: FileCursor, row: RowReading, line: number, station: string): void {
    let before = this.days.get(row.day);
    if (before && this.joined.size && (before.station ?? this.kept) !== station) {
      // a day two stations of the site both gave (they ran side by side): the first file's value, unless
      // only the other one is usable; the same station giving it again is refused there (else a file of
      // copies of one line was read to the 512 MB cap and kept: a helper's attack, round 12)
      if (twice(this.given, station, row.day)) {
        const name = this.stations.get(station)?.station.name || station;
        this.refuse(
          problem(
            'station_day_twice',
            cursor.name,
            { line, column: row.column },
            { station: name, date: dateOf(row.day) },
          ),
        );
        return;
      }
      this.both += 1;
      if (before.precip !== null || row.precip === null) return;
      before = undefined;
    }
    if (row.time !== undefined) {
      this.readings += 1;
      const gap = cursor.previous === null ? null : row.time - cursor.previous;
      if (gap !== null && (this.gaps.has(gap) || this.gaps.size < 64))
        this.gaps.set(gap, (this.gaps.get(gap) ?? 0) + 1);
      cursor.previous = row.time;
    }
    if (before?.spans && row.time !== undefined) {
      this.addReading(before, cursor, row, row.time, line);
      return;
    }
    if (before) {
      this.refuse(
        problem(
          'duplicate_day',
          cursor.name,
          { line, column: row.column },
          {
            first_file: before.file,
            first_line: before.line,
          },
        ),
      );
      return;
    }
    this.days.set(row.day, {
      precip: row.precip,
      rain: row.rain,
      temp: row.temp,
      file: cursor.name,
      line,
      column: row.column,
      ...(row.issue ? { issue: row.issue } : {}),
      ...(row.time !== undefined
        ? {
            readings: 1,
            spans: [{ file: cursor.index, from: row.time, to: row.time }],
            ...(row.precip ? { wet: [clockOf(row), row.precip] } : {}),
          }
        : {}),
      ...(typeof row.local === 'number' ? { offsets: [row.local, row.local] as [number, number] } : {}),
      ...(this.joined.has(station) ? { station } : {}),
    });
  }

  /**
   * A logger's reading added to its day. A day may be in two files (a download in its middle): its
   * readings add up, unless one falls within the times another file gave that day (the same readings
   * sent twice).
   */
  private addReading(before: DayRecord, cursor: FileCursor, row: RowReading, t: number, line: number): void {
    const spans = before.spans!;
    if (spans.some((x) => x.file !== cursor.index && x.from <= t && t <= x.to)) {
      this.refuse(
        problem(
          'duplicate_day',
          cursor.name,
          { line, column: row.column },
          { first_file: before.file, first_line: before.line },
        ),
      );
      return;
    }
    if (before.offsets && typeof row.local === 'number') before.offsets[1] = row.local;
    const own = spans.find((x) => x.file === cursor.index);
    if (own) own.to = t;
    else spans.push({ file: cursor.index, from: t, to: t });
    before.readings = (before.readings ?? 1) + 1;
    if (row.precip) (before.wet ??= []).push(clockOf(row), row.precip);
    if (before.precip !== null && row.precip !== null)
      before.precip = Math.round((before.precip + row.precip) * 1e6) / 1e6;
    else if (before.precip !== null) {
      before.precip = null;
      if (row.issue) before.issue = row.issue;
      before.file = cursor.name;
      before.line = line;
    }
  }
}

/** A logger's reading's stamp on the station's clock, in seconds from its day's 00:00. */
function clockOf(row: RowReading): number {
  return row.time! + (typeof row.local === 'number' ? row.local : 0) - row.day * 86_400;
}

/**
 * How far apart two stations are (km, on a sphere of the Earth's mean radius), or null when either does
 * not say where it is.
 */
function distanceKm(a: FileStation, b: FileStation): number | null {
  if (a.lat === null || a.lon === null || b.lat === null || b.lon === null) return null;
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a second ECCC station continues the first one's record: ECCC gives a station replaced on its
 * site (a new instrument, an airport's gauge moved across the field) a new Climate ID, and a long record
 * comes as the files of both. Within SAME_SITE_KM of each other, or of the same name when a file does
 * not say where its station is.
 */
const SAME_SITE_KM = 10;
/**
 * ECCC stations of one site joined at most (a site's successive Climate IDs: two to four; each joined one
 * is named in the summary's remark and keeps a day map)
 */
const SITE_STATIONS = 10;
function sameSite(a: FileStation, b: FileStation): boolean {
  const km = distanceKm(a, b);
  return km === null ? a.name !== '' && a.name.toLowerCase() === b.name.toLowerCase() : km <= SAME_SITE_KM;
}

const FIRST_DAY = Date.UTC(1800, 0, 1) / 86_400_000;
const LAST_DAY = Date.UTC(2200, 11, 31) / 86_400_000;

/** Whether a station's day was given before (marks it given): a bit a day of the dates read. */
function twice(given: Map<string, Uint8Array>, id: string, day: number): boolean {
  let bits = given.get(id);
  if (!bits) {
    bits = new Uint8Array(Math.ceil((LAST_DAY - FIRST_DAY + 1) / 8));
    given.set(id, bits);
  }
  const i = day - FIRST_DAY;
  if (i < 0 || day > LAST_DAY) return false;
  const mask = 1 << (i & 7);
  if (bits[i >> 3]! & mask) return true;
  bits[i >> 3]! |= mask;
  return false;
}

/**
 * A logger that writes at a fixed step (nine gaps in ten the same, a divisor of the day: 5 minutes, an
 * hour) owes every day 24 h / step readings: a day with fewer lost some of its rain, and is not usable
 * (its year left out, as a missing value is). A logger that writes only when it rains has no fixed step:
 * its days are taken as they are.
 */
function incompleteDays(days: Map<number, DayRecord>, gaps: Map<number, number>): number | null {
  let step = 0;
  let most = 0;
  let all = 0;
  for (const [gap, n] of gaps) {
    all += n;
    if (n > most) [step, most] = [gap, n];
  }
  if (step <= 0 || 86_400 % step !== 0 || most < 0.9 * all) return null;
  for (const r of days.values()) {
    // a day the clock changes is an hour shorter (spring) or longer (autumn)
    const owed = Math.round((86_400 - (r.offsets ? r.offsets[1] - r.offsets[0] : 0)) / step);
    if (r.readings !== undefined && r.readings < owed && r.precip !== null) {
      r.precip = null;
      r.rain = null;
      r.issue = { code: 'missing_readings', column: '1', flag: `${r.readings}/${owed}` };
    }
  }
  return step;
}
