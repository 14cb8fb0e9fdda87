import { roundTo, type FiguresDef, type UnitSystem } from '../../engine';
import { monthNames } from '../../words/dates';
import { entryRows, figureRows, figureWriter, type FigureRow } from '../../words/figures';
import { verdictTexts, type VerdictText } from '../../words/verdicts';
import type { ComparedDetail, ComparedFigure, ComparedVerdict, VerdictWords } from '../../words/apiContract';

/**
 * An issued note against the same answers calculated today (issue 36): every figure and every verdict
 * the bundle declares (figures.site, figures.entries, figures.verdicts), each written as the note writes
 * it, in the reader's language. A figure differs when what it writes differs; a hidden figure (one the
 * note never prints) is compared without its value being written. Exports `compareIssued`.
 */
type T = (key: string, params?: Record<string, unknown>) => string;
type Results = Record<string, unknown>;
type Writer = ReturnType<typeof figureWriter>;

const verdictWords = (v: VerdictText, t: T): VerdictWords => ({
  words: v.words,
  tone: v.tone,
  lines: [
    v.line,
    ...v.notes,
    ...v.findings.map((f) => f.text),
    ...v.listed.map((f) => t('app.figures.pair', { label: f.label, value: f.text })),
  ].filter(Boolean),
});

/** Two written values: equal, or the difference as text when both are numbers. */
function differenceOf(a: FigureRow | undefined, b: FigureRow | undefined, w: Writer) {
  const x = a?.value ?? null;
  const y = b?.value ?? null;
  if (JSON.stringify(x) === JSON.stringify(y)) return { differs: false };
  if (typeof x === 'number' && typeof y === 'number' && a && !a.hidden)
    return { differs: true, delta: w.delta(a.format, roundTo(y - x, w.digits(a.format))) };
  return { differs: true };
}

/** A written value as the page shows it: the note's text, or the words of a value never printed. */
const shown = (row: FigureRow | undefined, t: T, other?: FigureRow): string => {
  if (!row) return '–';
  if (!row.hidden) return row.text;
  if (!other) return t('app.verify.hidden');
  return t(
    JSON.stringify(row.value) === JSON.stringify(other.value)
      ? 'app.verify.hidden_same'
      : 'app.verify.hidden_differs',
  );
};

/** The differing values of two figures of the tables: whole figures, or each month of a series. */
function details(
  where: string,
  a: FigureRow | undefined,
  b: FigureRow | undefined,
  w: Writer,
  t: T,
): ComparedDetail[] {
  const row = (a ?? b)!;
  const d = differenceOf(a, b, w);
  if (!d.differs) return [];
  if (!Array.isArray(a?.value) || !Array.isArray(b?.value))
    return [
      {
        where,
        label: row.label,
        issued: shown(a, t, b),
        today: shown(b, t, a),
        ...(d.delta ? { delta: d.delta } : {}),
      },
    ];
  const months = monthNames(w.lang);
  const y = b.value;
  return a.value.flatMap((v, i) => {
    const u = y[i] ?? null;
    if (v === u) return [];
    const delta =
      v !== null && u !== null ? { delta: w.delta(row.format, roundTo(u - v, w.digits(row.format))) } : {};
    return [
      {
        where,
        label: `${row.label} · ${months[i] ?? String(i + 1)}`,
        issued: w.written(row.format, v),
        today: w.written(row.format, u),
        ...delta,
      },
    ];
  });
}

/** How many values a figure holds: a series' twelve, else one. */
const count = (row: FigureRow | undefined): number => (Array.isArray(row?.value) ? row.value.length : 1);

/** A verdict as issued against today's (null: not calculated again); null when neither has a status. */
function compareVerdict(v: VerdictText, u: VerdictText | undefined, w: Writer, t: T): ComparedVerdict | null {
  if (v.status === null && (!u || u.status === null)) return null;
  const x = verdictWords(v, t);
  const y = u ? verdictWords(u, t) : null;
  const figuresDiffer = u
    ? v.figures.some(
        (f) =>
          differenceOf(
            f,
            u.figures.find((g) => g.key === f.key),
            w,
          ).differs,
      )
    : false;
  const differs =
    u !== undefined &&
    (v.status !== u.status || figuresDiffer || JSON.stringify(x.lines) !== JSON.stringify(y!.lines));
  return { key: v.key, label: v.label, issued: x, today: y, differs };
}

/**
 * Every declared figure and verdict of the note as issued against today's results (null: not
 * calculated again): the key figures and the verdicts side by side; of the other figures the note
 * prints (its tables, month by month), those that differ, and how many values were compared.
 */
export function compareIssued(
  def: FiguresDef,
  issued: Results | null,
  today: Results | null,
  system: UnitSystem,
  t: T,
  lang: string,
) {
  const w = figureWriter(def.formats, system, t, lang);
  const a = figureRows(def.site, issued, w, t);
  const b = today ? figureRows(def.site, today, w, t) : [];
  let compared = 0;
  const differing: ComparedDetail[] = [];
  const figures: ComparedFigure[] = def.site.flatMap((f) => {
    const x = a.find((r) => r.key === f.key);
    const y = b.find((r) => r.key === f.key);
    if (!x && !y) return [];
    if (f.series) {
      // a series (the station's months) is one of the note's tables
      compared += count(x ?? y);
      if (today) differing.push(...details('', x, y, w, t));
      return [];
    }
    const d = today ? differenceOf(x, y, w) : { differs: false };
    return [
      {
        key: f.key,
        label: (x ?? y)!.label,
        issued: shown(x, t),
        today: today ? shown(y, t, x) : null,
        ...(d.delta ? { delta: d.delta } : {}),
        differs: d.differs,
      },
    ];
  });
  const vb = today ? verdictTexts(def.verdicts, today, w, t) : [];
  const verdicts = verdictTexts(def.verdicts, issued, w, t).flatMap((v, i) => {
    const c = compareVerdict(v, vb[i], w, t);
    return c ? [c] : [];
  });
  for (const e of def.entries ?? []) {
    // entries matched by name (the second of two roofs of one name with the second)
    const keyed = (rows: ReturnType<typeof entryRows>) => {
      const seen = new Map<string, number>();
      return new Map(
        rows.map((r) => {
          const n = seen.get(r.name) ?? 0;
          seen.set(r.name, n + 1);
          return [`${r.name}\u0000${n}`, r] as const;
        }),
      );
    };
    const xs = keyed(entryRows(e, issued, w, t));
    const ys = keyed(today ? entryRows(e, today, w, t) : []);
    for (const k of new Set([...xs.keys(), ...ys.keys()])) {
      const x = xs.get(k);
      const y = ys.get(k);
      const where = (x ?? y)!.label;
      for (const f of e.figures) {
        const fx = x?.rows.find((r) => r.key === f.key);
        const fy = y?.rows.find((r) => r.key === f.key);
        if (!fx && !fy) continue;
        compared += count(fx ?? fy);
        if (today) differing.push(...details(where, fx, fy, w, t));
      }
    }
  }
  return { figures, verdicts, details: { compared, differing } };
}
