import { evaluate, truthy } from '../engine';
import type { VerdictDef, VerdictNote, VerdictStatus } from '../engine';
import { entryRows, figureRows, type EntryRows, type FigureRow, type FigureWriter } from './figures';
import { listText } from './listText';

/**
 * The verdicts a bundle declares (figures.verdicts), read from results and put in words, for the results
 * page, the note, the Excel file and the verification page alike: what each judges, its status in words
 * and its tone, its sentence with its figures, its findings, its rule, its figures per entry. Exports
 * `verdictTexts`.
 */
type T = (key: string, params?: Record<string, unknown>) => string;

const STATUSES: readonly VerdictStatus[] = ['conform', 'reservations', 'not_conform', 'met', 'not_met'];
const TONES: Record<VerdictStatus, 'success' | 'warning' | 'error'> = {
  conform: 'success',
  met: 'success',
  reservations: 'warning',
  not_conform: 'error',
  not_met: 'error',
};

/** A verdict in words. `status` null: the results carry none (computed before the method judged it). */
export interface VerdictText {
  key: string;
  label: string;
  status: VerdictStatus | null;
  /** the status' words ('Conforme', 'Atteint'); '–' without a status */
  words: string;
  tone: 'success' | 'warning' | 'error' | 'none';
  /** the sentence with its figures ('' when the bundle gives none) */
  line: string;
  notes: string[];
  /** each finding: its severity's words ('Réserve :'), its message, both as one text */
  findings: { severity: 'reservation' | 'not_conform'; prefix: string; message: string; text: string }[];
  rule: string;
  /** every figure of the verdict (its sentence's, its notes'), compared by the verification page */
  figures: FigureRow[];
  /** the figures no sentence quotes: written as "label: value" under it */
  listed: FigureRow[];
  entries: EntryRows[];
}

interface Finding {
  severity?: unknown;
  message?: unknown;
  params?: unknown;
}

/** A sentence's parameters: its figures' texts by key, its texts (a list named, its length `count`). */
function noteParams(n: VerdictNote, results: unknown, rows: FigureRow[], t: T): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(rows.map((r) => [r.key, r.text]));
  for (const [k, logic] of Object.entries(n.texts ?? {})) {
    const v = evaluate(logic, results);
    params[k] = Array.isArray(v) ? listText(v.map(String), t) : String(v ?? '');
    if (Array.isArray(v)) params.count = v.length;
  }
  return params;
}

/** The sentence's variant its bundle declares (a message context, chosen when the messages have it). */
function lineContext(d: VerdictDef, results: unknown): { context?: string } {
  if (d.lineContext === undefined) return {};
  const context = evaluate(d.lineContext, results);
  return typeof context === 'string' && context ? { context } : {};
}

/** The verdicts of `defs` over results, in words, in the order declared. */
export function verdictTexts(
  defs: VerdictDef[] | undefined,
  results: unknown,
  w: FigureWriter,
  t: T,
): VerdictText[] {
  if (!results) return [];
  return (defs ?? []).map((d) => {
    const raw = evaluate(d.status, results);
    const status = STATUSES.find((s) => s === raw) ?? null;
    const figures = figureRows(d.figures ?? [], results, w, t);
    const params = Object.fromEntries(figures.map((f) => [f.key, f.text]));
    const notes: string[] = [];
    const noteFigures: FigureRow[] = [];
    if (status)
      for (const n of d.notes ?? []) {
        if (n.when !== undefined && !truthy(evaluate(n.when, results))) continue;
        const rows = figureRows(n.figures ?? [], results, w, t);
        noteFigures.push(...rows);
        // a note may quote the verdict's figures too (the share of rainy days it asks)
        notes.push(t(n.message, { ...params, ...noteParams(n, results, rows, t) }));
      }
    const found = d.findings === undefined ? [] : evaluate(d.findings, results);
    const findings = (Array.isArray(found) ? (found as Finding[]) : []).map((f) => {
      const severity = f.severity === 'not_conform' ? 'not_conform' : 'reservation';
      const prefix = t(severity === 'not_conform' ? 'app.verdict.blocking' : 'app.verdict.reservation');
      const params = f.params && typeof f.params === 'object' ? (f.params as Record<string, unknown>) : {};
      const message = t(String(f.message ?? ''), params);
      return { severity, prefix, message, text: `${prefix} ${message}` } as const;
    });
    const rule = d.rule === undefined ? null : evaluate(d.rule, results);
    const shown = figures.filter((f) => !f.hidden);
    return {
      key: d.key,
      label: t(d.label),
      status,
      words: status ? t(`${d.words}${status}`) : '–',
      tone: status ? TONES[status] : 'none',
      line: status && d.line ? t(`${d.line}${status}`, { ...params, ...lineContext(d, results) }) : '',
      notes,
      findings,
      // the rule may quote the verdict's figures (the share of rainy days it asks)
      rule: typeof rule === 'string' && rule ? t(rule, params) : '',
      figures: [...figures, ...noteFigures],
      listed: d.line ? [] : shown,
      entries: (d.entries ?? []).flatMap((e) => entryRows(e, results, w, t)),
    };
  });
}
