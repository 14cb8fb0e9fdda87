import { evaluate, getPath, IMPERIAL_DECIMALS, roundTo, toDisplay, truthy, unitKey } from '../engine';
import type { FigureDef, FigureEntries, FigureFormat, UnitSystem } from '../engine';
import { numberText } from './numberText';

/**
 * One figure, one value (issue 37): every figure a calculator prints is written by the format its bundle
 * declares for its kind (figures.formats: unit or quantity, decimals), so that the results page, the
 * PDF, the Excel file, the comparison and the verification page write the same value. Exports the
 * writer of a bundle's formats (`figureWriter`) and the declared figures read from results
 * (`figureRows`, `entryRows`).
 */
type T = (key: string, params?: Record<string, unknown>) => string;

/** Writes figures by their format's name, in a project's unit system and a reader's language. */
export interface FigureWriter {
  system: UnitSystem;
  lang: string;
  /** the value as written: in the system's unit, rounded to its decimals; null when not a number */
  value: (format: string, v: unknown) => number | null;
  /** the value written with every decimal and its unit ('66,0 %', '1 694,3 m³'); '–' for no number */
  text: (format: string, v: unknown) => string;
  /** a value as written (`value`'s answer, already in the system's unit) with its unit; '–' for null */
  written: (format: string, n: number | null) => string;
  /** the number alone, every decimal ('66,0'); '–' for no number */
  number: (format: string, v: unknown) => string;
  /** the unit's words ('m³', 'US gal', '%'), '' for a count */
  unit: (format: string) => string;
  /** the decimals written */
  digits: (format: string) => number;
  /** the same decimals as a spreadsheet's number format ('#,##0.0') */
  numFmt: (format: string) => string;
  /** a difference between two written values, signed, in the unit of differences ('+2,1 pt') */
  delta: (format: string, d: number) => string;
}

/** The writer of a bundle's formats (figures.formats) for a project's unit system and a reader. */
export function figureWriter(
  formats: Record<string, FigureFormat>,
  system: UnitSystem,
  t: T,
  lang: string,
): FigureWriter {
  const formatOf = (name: string): FigureFormat => {
    const f = formats[name];
    if (!f) throw new Error(`no figure format '${name}' (figures.formats)`);
    return f;
  };
  const digits = (name: string) => {
    const f = formatOf(name);
    return system === 'IMPERIAL' && f.quantity ? (f.imperialDigits ?? f.digits) : f.digits;
  };
  const value = (name: string, v: unknown): number | null => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    const f = formatOf(name);
    // converted nearly exactly, then rounded once (a double rounding writes 1,05 -> 1,1 for 1,0495)
    const shown = f.quantity ? (toDisplay(v, f.quantity, system, 9) as number) : v;
    // an answer the user typed reads back as typed, to the decimals the form keeps of it (engine/units.ts:
    // a depth typed 0.125 in is not said 0.13 in); a value converted from the other system (5 mm: 0.19685 in) at the format's own
    if (f.typed) {
      const asTyped = roundTo(shown, IMPERIAL_DECIMALS);
      if (Math.abs(shown - asTyped) <= 1e-9 * Math.max(1, Math.abs(shown)))
        return asTyped === 0 ? 0 : asTyped;
    }
    const rounded = roundTo(shown, digits(name));
    // no "-0,0": a value that rounds to nothing is nothing
    return rounded === 0 ? 0 : rounded;
  };
  const unitMessage = (name: string) => {
    const f = formatOf(name);
    return f.quantity ? unitKey(f.quantity, system) : f.unit;
  };
  const unit = (name: string) => {
    const k = unitMessage(name);
    return k ? t(k) : '';
  };
  // every decimal written (66,0 %), but a typed value as typed (8 mm, 0.125 in)
  const fixed = (name: string) => formatOf(name).typed !== true;
  const shownDigits = (name: string) =>
    fixed(name) ? digits(name) : Math.max(digits(name), IMPERIAL_DECIMALS);
  const number = (name: string, v: unknown) =>
    numberText(value(name, v), lang, shownDigits(name), fixed(name));
  const written = (name: string, n: number | null) => {
    if (n === null) return '–';
    const u = unit(name);
    return `${numberText(n, lang, shownDigits(name), fixed(name))}${u ? `\u00a0${u}` : ''}`;
  };
  return {
    system,
    lang,
    value,
    number,
    unit,
    digits,
    text: (name, v) => written(name, value(name, v)),
    written,
    numFmt: (name) => {
      const d = digits(name);
      return d > 0 ? `#,##0.${'0'.repeat(d)}` : '#,##0';
    },
    delta: (name, d) => {
      const f = formatOf(name);
      const u = f.deltaUnit ? t(f.deltaUnit) : unit(name);
      const sign = d > 0 ? '+' : d < 0 ? '−' : '';
      return `${sign}${numberText(Math.abs(d), lang, digits(name), true)}${u ? `\u00a0${u}` : ''}`;
    },
  };
}

/** A declared figure read from results and written: its key, label and text; `value` as written. */
export interface FigureRow {
  key: string;
  label: string;
  /** the value as written (a list for a series), null when the results have none */
  value: number | null | (number | null)[];
  text: string;
  /** the number alone, as written ('66,0'; a series' values joined) */
  number: string;
  format: string;
  hidden: boolean;
  /** a series (twelve months): `value` is its list */
  series: boolean;
  better?: 'higher' | 'lower';
}

/** The figures of `defs` over `data` (the results, or one entry of a list), those their `when` keeps. */
export function figureRows(defs: FigureDef[], data: unknown, w: FigureWriter, t: T): FigureRow[] {
  if (data === null || data === undefined) return [];
  return defs
    .filter((f) => f.when === undefined || truthy(evaluate(f.when, data)))
    .map((f) => {
      const raw = evaluate(f.value, data);
      const series = f.series === true;
      const list = series && Array.isArray(raw) ? raw : null;
      const value = list ? list.map((x) => w.value(f.format, x)) : w.value(f.format, raw);
      const number = list ? list.map((x) => w.number(f.format, x)).join(' · ') : w.number(f.format, raw);
      const text = list ? number : w.text(f.format, raw);
      return {
        key: f.key,
        label: t(f.label),
        value,
        text,
        number,
        format: f.format,
        hidden: f.hidden === true,
        series,
        ...(f.better ? { better: f.better } : {}),
      };
    });
}

/** An entry of a results list with its figures: its name as written, and its rows. */
export interface EntryRows {
  group: string;
  name: string;
  label: string;
  rows: FigureRow[];
}

/** The entries of a results list (a lone object is one entry), each named and with its figures. */
export function entryRows(def: FigureEntries, results: unknown, w: FigureWriter, t: T): EntryRows[] {
  if (results === null || results === undefined) return [];
  const found = getPath(results, def.list);
  const list = Array.isArray(found)
    ? (found as unknown[])
    : found && typeof found === 'object'
      ? [found]
      : [];
  return list.map((entry) => {
    const raw = evaluate(def.name, entry);
    const name = typeof raw === 'number' ? numberText(raw, w.lang, 0) : String(raw ?? '');
    return {
      group: def.key,
      name,
      label: t(def.label, { name }),
      rows: figureRows(def.figures, entry, w, t),
    };
  });
}

/**
 * A group of entries as a table: the names' column, then a column per figure some entry has (its label
 * and unit in the heading, the number alone in each cell, as written).
 */
export function entriesTable(
  def: FigureEntries,
  results: unknown,
  w: FigureWriter,
  t: T,
): { head: string[]; rows: string[][]; keys: string[] } {
  const entries = entryRows(def, results, w, t);
  const columns = def.figures.filter(
    (f) => !f.hidden && !f.series && entries.some((e) => e.rows.some((r) => r.key === f.key)),
  );
  const heading = (label: string, format: string) => {
    const u = w.unit(format);
    return u ? `${t(label)} (${u})` : t(label);
  };
  return {
    head: [def.heading ? t(def.heading) : '', ...columns.map((f) => heading(f.label, f.format))],
    keys: columns.map((f) => f.key),
    rows: entries.map((e) => [
      e.name,
      ...columns.map((f) => {
        const row = e.rows.find((r) => r.key === f.key);
        return row?.number ?? '–';
      }),
    ]),
  };
}
