import {
  evaluate,
  getPath,
  roundTo,
  type CompareDef,
  type FiguresDef,
  type FormState,
  type UnitSystem,
} from '../engine';
import { figureRows, figureWriter } from './figures';
import { tr } from './i18n';
import { fieldText } from './fieldText';

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

/**
 * The key figures table: a row per figure the bundle's comparison names (among its key figures, written
 * by their formats as the note writes them), a cell per variant, differences from variant 1 marked.
 */
export function compareRows(
  figures: FiguresDef,
  keys: string[],
  results: Results[],
  system: UnitSystem,
  t: T,
  lang: string,
): { label: string; cells: CompareCell[] }[] {
  const w = figureWriter(figures.formats, system, t, lang);
  return keys.flatMap((key) => {
    const f = figures.site.find((x) => x.key === key);
    if (!f) return [];
    const rows = results.map((r) => (r ? figureRows([f], r, w, t)[0] : undefined));
    const base = rows[0]?.value;
    const cells = rows.map((row, i): CompareCell => {
      const v = row?.value;
      if (!row || typeof v !== 'number') return { text: '–' };
      if (i === 0 || typeof base !== 'number' || v === base) return { text: row.text };
      const d = roundTo(v - base, w.digits(f.format));
      const tone = !f.better ? 'differs' : d > 0 === (f.better === 'higher') ? 'better' : 'worse';
      return { text: row.text, delta: w.delta(f.format, d), tone };
    });
    return [{ label: t(f.label), cells }];
  });
}

/**
 * The answers that differ between the variants: a row per field shown in any of them (step or card,
 * then the field's label) whose text is not the same in all; a card some variants lack is one row.
 */
export function inputRows(
  states: FormState[],
  t: T,
  lang: string,
  /** the bundle's figures: an answer of a quantity read back as its format writes it */
  figures?: FiguresDef,
): { label: string; cells: string[] }[] {
  const rows = new Map<string, { label: string; cells: (string | null)[] }>();
  const put = (key: string, label: string, i: number, text: string) => {
    const row = rows.get(key) ?? { label, cells: states.map(() => null) };
    row.cells[i] = text;
    rows.set(key, row);
  };
  states.forEach((state, i) => {
    const reading = figures && {
      w: figureWriter(figures.formats, state.unitSystem, t, lang),
      answers: figures.answers,
    };
    state.steps.forEach((step) =>
      step.cards.forEach((card) => {
        const where = step.repeat ? tr(t, card.title) : t(step.title);
        if (step.repeat) put(`${step.key}/${card.index}`, t(step.title), i, where);
        for (const f of card.fields)
          if (f.visible)
            put(
              `${step.key}/${card.index}/${f.field}`,
              `${where} · ${t(f.label)}`,
              i,
              fieldText(f, t, lang, reading),
            );
      }),
    );
  });
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
