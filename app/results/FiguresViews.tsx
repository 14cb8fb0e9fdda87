import type { ReactNode } from 'react';
import type { FigureEntries } from '../../engine';
import { entriesTable, figureRows } from '../../words/figures';
import { verdictTexts } from '../../words/verdicts';
import { useFrame } from '../frame';
import { useFigures } from './useFigures';
import { RowHead, usePhoneRowHeads } from '../components/DataTable';

/**
 * The results as the bundle declares them (figures: key figures, entries, verdicts), each figure written
 * by its format (words/figures.ts) as the note and the Excel file write it. Exports `KeyFigures`,
 * `EntriesTable` and `VerdictsView`, drawn by the result views (the registry in index.tsx).
 */

/** The key figures (figures.site) as a list; `hidden` ones (the orifice, admins only) when asked. */
export function KeyFigures({ results, hidden = false }: { results: unknown; hidden?: boolean }) {
  const { t, calculator } = useFrame();
  const w = useFigures();
  const rows = figureRows(calculator.bundle.figures.site, results, w, t).filter(
    (f) => !f.series && (hidden || !f.hidden),
  );
  return (
    <dl className="totals key-figures">
      {rows.map((f) => (
        <div key={f.key}>
          <dt>{f.label}</dt>
          <dd data-figure={f.key}>{f.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A group of entries (figures.entries) as a table: a row per entry, a column per figure, the unit in the
 * heading; `extra` adds a column (the admin's Retentio).
 */
export function EntriesTable({
  def,
  results,
  caption,
  extra,
}: {
  def: FigureEntries;
  results: unknown;
  caption: string;
  extra?: { head: string; cell: (index: number) => ReactNode };
}) {
  const { t } = useFrame();
  const w = useFigures();
  const table = entriesTable(def, results, w, t);
  const heads = usePhoneRowHeads(table.rows.map((r) => r[0] ?? ''));
  // the caption above the scroll region, where it wraps to the screen (inside, as wide as the table, a
  // phone showed "Limite" at its right edge); the table keeps it for screen readers
  return (
    <>
      <p className="table-caption" aria-hidden="true">
        {caption}
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table className="results-table figures-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {table.head.map((h, i) => (
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
              {extra ? <th scope="col">{extra.head}</th> : null}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([name, ...cells], i) => (
              <tr key={`${name}-${i}`}>
                <RowHead name={name ?? ''} shown={heads?.[i]} />
                {cells.map((c, j) => (
                  <td key={table.keys[j]} data-figure={table.keys[j]}>
                    {c}
                  </td>
                ))}
                {extra ? <td>{extra.cell(i)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The verdicts (figures.verdicts): what each judges, its status in words and tone, its sentence, its
 * reasons, its findings, the figures no sentence quotes, its figures per entry, and its rule; a verdict
 * the results do not carry is left out.
 */
export function VerdictsView({ results }: { results: unknown }) {
  const { t, calculator } = useFrame();
  const w = useFigures();
  const verdicts = verdictTexts(calculator.bundle.figures.verdicts, results, w, t).filter(
    (v) => v.status !== null,
  );
  if (!verdicts.length) return null;
  return verdicts.map((v) => (
    <section
      key={v.key}
      className={`notice notice-${v.tone === 'success' ? 'info' : v.tone} verdict`}
      aria-labelledby={`verdict-${v.key}`}
      data-verdict={v.key}
      data-status={v.status}
    >
      <h2 id={`verdict-${v.key}`}>{v.label}</h2>
      <p>
        <strong>{v.words}</strong>
      </p>
      {v.line ? <p className="verdict-line">{v.line}</p> : null}
      {v.notes.map((n) => (
        <p key={n} className="verdict-note">
          {n}
        </p>
      ))}
      {v.findings.length ? (
        <ul>
          {v.findings.map((f, i) => (
            <li key={i}>{f.text}</li>
          ))}
        </ul>
      ) : null}
      {v.listed.length ? (
        <dl className="totals">
          {v.listed.map((f) => (
            <div key={f.key}>
              <dt>{f.label}</dt>
              <dd>{f.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {v.entries.length ? (
        <ul className="verdict-entries">
          {v.entries.map((e, i) => (
            <li key={`${e.name}-${i}`}>
              {t('app.figures.pair', {
                label: e.label,
                value: e.rows.map((r) => `${r.label} ${r.text}`).join(' · '),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {v.rule ? <p className="chart-note">{v.rule}</p> : null}
    </section>
  ));
}
