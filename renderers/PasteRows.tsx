import { useEffect, useId, useRef, useState } from 'react';
import type { PasteChoice, PastePlan, PasteReceipt } from '../engine';
import { tr, useRender } from './context';

/** A paste as the renderers see it: what it would add (nothing added yet). */
export type PastePreview = Omit<PastePlan, 'state'>;

/** What the last paste did: its words in the status line, and what Undo takes away. */
export interface PasteOutcome {
  said: string;
  done: { receipt: PasteReceipt; count: number } | null;
}

/** What a step's paste from a spreadsheet does; the owner of the state applies it through the engine. */
export interface PasteActions {
  /** the action's and the hint's message keys (repeat.paste), and the Add button's, counted */
  label: string;
  hint: string;
  add?: string | undefined;
  /** what the rows would give, each cell checked by its field, before anything is added */
  preview: (text: string, choice?: PasteChoice) => PastePreview;
  /** adds the rows as cards, as the preview showed them */
  onPaste: (text: string, choice: PasteChoice) => { added: number; skipped: number; receipt: PasteReceipt };
  /** takes the cards a paste added away again */
  onUndo: (receipt: PasteReceipt) => void;
}

/**
 * Cards pasted from a spreadsheet: a button opening a box where copied rows are pasted; then a preview
 * before anything is added: each column's field (found by its heading, or in the declared order) in a
 * select that maps it to another field or leaves it out, each cell that does not fit its field flagged
 * with what the field would say; "Add N cards" adds them, and the status line offers to undo it.
 */
export function PasteRows({
  label,
  hint,
  add,
  preview,
  onPaste,
  onUndo,
  disabled,
  count,
  outcome,
  onOutcome,
}: PasteActions & {
  disabled: boolean;
  /** the step's cards now: Undo is offered while the list is as the paste left it */
  count: number;
  /** what the last paste did, kept by the owner (it outlives a switch to the list view) */
  outcome: PasteOutcome;
  onOutcome: (o: PasteOutcome) => void;
}) {
  const { t } = useRender();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [plan, setPlan] = useState<PastePreview | null>(null);
  const { said, done } = outcome;
  const [missing, setMissing] = useState(false);
  const id = useId();
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (plan) previewHeading.current?.focus();
    // the heading takes the focus when the preview opens, not at each change of a column
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan !== null]);
  const close = () => {
    setOpen(false);
    setPlan(null);
  };
  const redo = (c: PasteChoice) => {
    setPlan(preview(text, c));
  };
  const undoShown = done !== null && done.count === count;
  const bad = plan ? new Map(plan.problems.map((p) => [`${p.row}:${p.column}`, p])) : null;
  const cellsToFix = plan ? plan.problems.filter((p) => p.severity === 2).length : 0;
  const unmapped = plan ? plan.targets.filter((x) => x.required && !plan.fields.includes(x.field)) : [];
  const columnName = (i: number) => {
    const heading = plan?.headings?.[i];
    return heading
      ? t('common.paste_column_named', { n: i + 1, heading })
      : t('common.paste_column', { n: i + 1 });
  };
  return (
    <div className="paste-rows">
      <button
        type="button"
        className="button-secondary"
        aria-expanded={open}
        aria-controls={`${id}-box`}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t(label)}
      </button>
      <p className="paste-said" role="status">
        {said}
        {undoShown ? (
          <>
            {' '}
            <button
              type="button"
              className="button-link"
              onClick={() => {
                onUndo(done.receipt);
                onOutcome({ said: t('common.paste_undone', { count: done.receipt.count }), done: null });
              }}
            >
              {t('common.paste_undo')}
            </button>
          </>
        ) : null}
      </p>
      {open && !plan ? (
        <form
          id={`${id}-box`}
          className="paste-box"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) {
              setMissing(true);
              return;
            }
            redo({});
          }}
        >
          <label className="field" htmlFor={`${id}-text`}>
            <span className="field-label">{t('common.paste_text')}</span>
          </label>
          <p id={`${id}-hint`} className="field-hint">
            {t(hint)}
          </p>
          <textarea
            ref={textBox}
            id={`${id}-text`}
            className="field-input"
            rows={5}
            value={text}
            aria-describedby={`${id}-hint${missing ? ` ${id}-missing` : ''}`}
            aria-invalid={missing || undefined}
            onChange={(e) => {
              setText(e.target.value);
              setMissing(false);
            }}
          />
          {missing ? (
            <p id={`${id}-missing`} className="field-message" role="alert">
              {t('common.paste_empty')}
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="button-secondary" onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button-primary">
              {t('common.paste_preview')}
            </button>
          </div>
        </form>
      ) : null}
      {open && plan ? (
        <form
          id={`${id}-box`}
          className="paste-box paste-preview"
          aria-labelledby={`${id}-preview`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const r = onPaste(text, { header: plan.header, fields: plan.fields });
            const words = [
              t('common.pasted', { count: r.added }),
              cellsToFix ? t('common.pasted_to_fix', { count: cellsToFix }) : '',
              r.skipped ? t('common.paste_skipped', { count: r.skipped }) : '',
            ]
              .filter(Boolean)
              .join(' ');
            // the cards go at the end: the list holds at + count cards until something else changes it
            onOutcome({
              said: words,
              done: r.added ? { receipt: r.receipt, count: r.receipt.at + r.receipt.count } : null,
            });
            setText('');
            close();
          }}
        >
          <h3 id={`${id}-preview`} ref={previewHeading} tabIndex={-1} className="paste-preview-title">
            {t('common.paste_preview_title', { count: plan.added })}
          </h3>
          <label className="field-choice">
            <input
              type="checkbox"
              checked={plan.header}
              onChange={(e) => redo({ header: e.target.checked })}
            />
            {t('common.paste_header')}
          </label>
          <p className={cellsToFix ? 'paste-problems' : 'field-hint'}>
            {cellsToFix ? t('common.paste_problems', { count: cellsToFix }) : t('common.paste_no_problem')}
            {plan.skipped ? ` ${t('common.paste_skipped', { count: plan.skipped })}` : ''}
          </p>
          {unmapped.length ? (
            <p className="field-hint">
              {t('common.paste_unmapped', { fields: unmapped.map((x) => t(x.label)).join(', ') })}
            </p>
          ) : null}
          <div
            className="table-scroll paste-table"
            tabIndex={0}
            role="region"
            aria-labelledby={`${id}-preview`}
          >
            <table className="results-table">
              <thead>
                <tr>
                  <th scope="col">{t('common.paste_row')}</th>
                  {plan.fields.map((field, i) => (
                    <th key={i} scope="col" className={field === null ? 'paste-dropped' : undefined}>
                      <label className="paste-column">
                        <span className="paste-heading">{columnName(i)}</span>
                        <select
                          value={field ?? ''}
                          onChange={(e) => {
                            const to = e.target.value || null;
                            // a field fills from one column: the one that had it lets it go
                            const fields = plan.fields.map((f, j) => (j === i ? to : f === to ? null : f));
                            redo({ header: plan.header, fields });
                          }}
                        >
                          <option value="">{t('common.paste_drop')}</option>
                          {plan.targets.map((x) => (
                            <option key={x.field} value={x.field}>
                              {t(x.label)}
                            </option>
                          ))}
                        </select>
                      </label>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {plan.rows.map((row, r) => (
                  <tr key={r}>
                    <th scope="row">{r + 1}</th>
                    {row.map((cell, c) => {
                      const p = bad?.get(`${r}:${c}`);
                      return (
                        <td
                          key={c}
                          className={
                            plan.fields[c] === null
                              ? 'paste-dropped'
                              : p
                                ? `paste-cell-bad field-severity-${p.severity}`
                                : undefined
                          }
                        >
                          {cell}
                          {p ? <span className="field-message">{tr(t, p.message)}</span> : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="modal-actions">
            <button type="button" className="button-secondary" onClick={close}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button-secondary"
              onClick={() => {
                setPlan(null);
                requestAnimationFrame(() => textBox.current?.focus());
              }}
            >
              {t('common.paste_edit')}
            </button>
            <button type="submit" className="button-primary" disabled={plan.added === 0}>
              {t(add ?? 'common.paste_add', { count: plan.added })}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
