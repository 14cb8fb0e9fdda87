import {
  evaluate,
  getPath,
  toDisplay,
  unitKey,
  type CompareDef,
  type CompareFigure,
  type FormState,
  type UnitSystem,
} from '../engine';
import { tr } from './i18n';
import { fieldText } from './fieldText';
import { numberText } from './numberText';

/**
 * The comparison of a project's variants as text: key figures with each difference from variant 1 and
 * whether it is an improvement, the answers that differ, the monthly series per entry (roof) matched by
 * name. The first variant is the reference; a variant without results has empty cells.
 */
type T = (key: string, params?: Record<string, unknown>) => string;
type Results = object | null;

export interface CompareCell {
  text: string;
  /** the difference from variant 1 as text ('+2.1 pt'), when there is one */
  delta?: string;
  tone?: 'better' | 'worse' | 'differs';
}

/** The decimals a figure is shown with: its own, but whole US gallons (as in the results' tables). */
const digitsOf = (f: CompareFigure, system: UnitSystem): number =>
  system === 'IMPERIAL' && f.quantity === 'volume_m3' ? 0 : (f.digits ?? 1);

/** A figure's value in the unit system shown, rounded to its digits; null when not a number. */
function valueOf(f: CompareFigure, r: Results, system: UnitSystem): number | null {
  if (!r) return null;
  const v = evaluate(f.value, r);
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  const shown = f.quantity ? (toDisplay(v, f.quantity, system) as number) : v;
  const scale = 10 ** digitsOf(f, system);
  return Math.round(shown * scale) / scale;
}

/** The key figures table: a row per figure, a cell per variant, differences from variant 1 marked. */
export function figureRows(
  def: CompareDef,
  results: Results[],
  system: UnitSystem,
  t: T,
  lang: string,
  /** every decimal written, so that a table's columns line up (the comparison); false: as read (1 200 m³) */
  fixed = true,
): { label: string; cells: CompareCell[] }[] {
  return def.figures.map((f) => {
    const unitMsg = f.quantity ? unitKey(f.quantity, system) : f.unit;
    const unit = unitMsg ? ` ${t(unitMsg)}` : '';
    const deltaUnit = unitMsg === 'units.percent' ? ` ${t('app.compare.points')}` : unit;
    const digits = digitsOf(f, system);
    const values = results.map((r) => valueOf(f, r, system));
    const base = values[0] ?? null;
    const cells = values.map((v, i): CompareCell => {
      if (v === null) return { text: '–' };
      const text = `${numberText(v, lang, digits, fixed)}${unit}`;
      if (i === 0 || base === null || v === base) return { text };
      const d = v - base;
      const sign = d > 0 ? '+' : '−';
      const tone = !f.better ? 'differs' : d > 0 === (f.better === 'higher') ? 'better' : 'worse';
      return { text, delta: `${sign}${numberText(Math.abs(d), lang, digits, fixed)}${deltaUnit}`, tone };
    });
    return { label: t(f.label), cells };
  });
}

/**
 * The answers that differ between the variants: a row per field shown in any of them (step or card,
 * then the field's label) whose text is not the same in all; a card some variants lack is one row.
 */
export function inputRows(states: FormState[], t: T, lang: string): { label: string; cells: string[] }[] {
  const rows = new Map<string, { label: string; cells: (string | null)[] }>();
  const put = (key: string, label: string, i: number, text: string) => {
    const row = rows.get(key) ?? { label, cells: states.map(() => null) };
    row.cells[i] = text;
    rows.set(key, row);
  };
  states.forEach((state, i) =>
    state.steps.forEach((step) =>
      step.cards.forEach((card) => {
        const where = step.repeat ? tr(t, card.title) : t(step.title);
        if (step.repeat) put(`${step.key}/${card.index}`, t(step.title), i, where);
        for (const f of card.fields)
          if (f.visible)
            put(`${step.key}/${card.index}/${f.field}`, `${where} · ${t(f.label)}`, i, fieldText(f, t, lang));
      }),
    ),
  );
  const absent = t('app.compare.absent');
  return [...rows.values()]
    .map((r) => ({ label: r.label, cells: r.cells.map((c) => c ?? absent) }))
    .filter((r) => r.cells.some((c) => c !== r.cells[0]));
}

/**
 * The monthly series to overlay: one chart per entry of the results list (a roof), matched across the
 * variants by name in the order they first appear; a variant without that entry has null.
 */
export function monthlyCharts(
  def: NonNullable<CompareDef['monthly']>,
  results: Results[],
): { name: string; series: (number[] | null)[] }[] {
  const names: string[] = [];
  const byVariant = results.map((r) => {
    const m = new Map<string, number[]>();
    for (const entry of (r ? (getPath(r, def.list) as unknown[] | undefined) : undefined) ?? []) {
      const name = String(getPath(entry, def.name) ?? '');
      const values = evaluate(def.values, entry);
      if (!Array.isArray(values)) continue;
      if (!names.includes(name)) names.push(name);
      m.set(name, values.map(Number));
    }
    return m;
  });
  return names.map((name) => ({ name, series: byVariant.map((m) => m.get(name) ?? null) }));
}
