/**
 * What an upload of measured daily rain says (issue 39.3), shared by the server that reads it
 * (server/calc/abattement/rain), the wizard's field that shows it and the note: the summary of a series,
 * the stations a file offers, a problem with its place, and a problem in the reader's words.
 */
import { dateText } from './dates';
import { numberText } from './numberText';

export type RainFormat = 'eccc' | 'meteofrance' | 'plain';

/** A station a file names. */
export interface FileStation {
  id: string;
  name: string;
  lat: number | null;
  lon: number | null;
  alt: number | null;
}

/** A problem of an upload: its code (messages `rain.problems.<code>`), where it is, and its figures. */
export interface RainProblem {
  code: string;
  file: string | null;
  line: number | null;
  column: string | null;
  params: Record<string, string | number>;
}

/** What an upload gave: the files, the station, the period, and what was reported. */
export interface RainSummary {
  format: RainFormat;
  files: { name: string; size: number }[];
  station: FileStation | null;
  first: string;
  last: string;
  days: number;
  complete_days: number;
  /** complete days / days of the period, % (one decimal) */
  complete_share: number;
  years_used: number;
  first_year: number;
  last_year: number;
  years_left_out: number[];
  /** used days whose temperature the file gives */
  temperature_days: number;
  used_days: number;
  /** problems reported (the first ones of each kind), and how many of each kind there were */
  problems: RainProblem[];
  counts: Record<string, number>;
}

/** A station a Météo-France file holds, for the user to pick. */
export interface StationChoice extends FileStation {
  first: string;
  last: string;
  complete_years: number;
}

/** A time zone a calculator offers for a logger's UTC times: its IANA name and its label (a message key, or words when `literal`). */
export interface ZoneChoice {
  value: unknown;
  label: string;
  literal?: boolean;
}

/** A zone the rain field offers, by its label: a message key, or words when `literal`. */
export function zoneLabel(
  z: ZoneChoice,
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  return z.literal ? z.label : t(z.label);
}

/**
 * A time zone in the reader's words, never its programme name: the label the calculator gives the zone
 * among those its rain field offers ("Eastern Time (Toronto, Montréal)" for America/Toronto), else its
 * city ("Toronto time", `rain.zone_city`); an offset (UTC-05:00) is already words.
 */
export function zoneText(
  zone: string,
  t: (key: string, params?: Record<string, unknown>) => string,
  zones: readonly ZoneChoice[] = [],
): string {
  const offered = zones.find((z) => z.value === zone);
  if (offered) return zoneLabel(offered, t);
  const city = /^[A-Za-z]+(?:\/[A-Za-z_]+)?\/([A-Za-z_\-']+)$/.exec(zone)?.[1];
  return city ? t('rain.zone_city', { city: city.replace(/_/g, ' ') }) : zone;
}

/**
 * A problem in the reader's words: what it is, then where (file, line, column); a time zone it names by
 * its label among `zones` (the rain field's), else by its city.
 */
export function problemText(
  p: RainProblem,
  t: (key: string, params?: Record<string, unknown>) => string,
  lang: string,
  zones: readonly ZoneChoice[] = [],
): string {
  // the days a problem names, as the reader writes a date
  const params: Record<string, unknown> = { ...p.params };
  for (const k of ['date', 'from', 'to', 'first', 'last'])
    if (typeof params[k] === 'string') params[k] = dateText(params[k], lang);
  if (typeof params.zone === 'string') params.zone = zoneText(params.zone, t, zones);
  const what = t(`rain.problems.${p.code}`, {
    ...params,
    file: p.file ?? '',
    line: p.line ?? '',
    column: p.column ?? '',
  });
  const where = [
    p.file ? t('rain.where.file', { file: p.file }) : '',
    p.line !== null ? t('rain.where.line', { line: p.line }) : '',
    p.column !== null ? t('rain.where.column', { column: p.column }) : '',
  ].filter(Boolean);
  return where.length ? `${what} (${where.join(', ')})` : what;
}

/** What a summary says in one sentence: the files, the station, the period, the complete days and years used. */
export function summaryText(
  s: Pick<
    RainSummary,
    'files' | 'station' | 'first' | 'last' | 'complete_share' | 'years_used' | 'first_year' | 'last_year'
  >,
  t: (key: string, params?: Record<string, unknown>) => string,
  lang: string,
): string {
  return t('rain.summary', {
    files:
      s.files.length === 1
        ? s.files[0]!.name
        : t('rain.files', { n: s.files.length, first: s.files[0]?.name ?? '' }),
    station: s.station ? `${s.station.name} (${s.station.id})` : t('rain.no_station'),
    first: dateText(s.first, lang),
    last: dateText(s.last, lang),
    share: numberText(s.complete_share, lang, 1),
    years: s.years_used,
    from: s.first_year,
    to: s.last_year,
  });
}
