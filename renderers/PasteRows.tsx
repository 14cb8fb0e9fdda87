import { useEffect, useId, useRef, useState } from 'react';
import type { PasteChoice, PastePreview, PasteReceipt } from '../engine';
import { useRender } from './context';
import { PasteBox } from './paste/PasteBox';
import { PasteReview } from './paste/PasteReview';

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
  /**
   * what a preview needs first (the words headings are read in), asked for when the box opens: null when
   * it is here, else a promise settled on its arrival, which the preview waits for
   */
  ready?: (() => Promise<void> | null) | undefined;
}

/**
 * Cards pasted from a spreadsheet: a button opening a box where copied rows are pasted; then a preview
 * before anything is added: each column's field (found by its heading, or in the declared order) in a
 * select that maps it to another field or leaves it out, each cell that does not fit its field flagged
 * with what the field would say; "Add N cards" adds them, and the status line offers to undo it
 * (the box: paste/PasteBox.tsx; the preview: paste/PasteReview.tsx, its table paste/PasteTable.tsx).
 */
export function PasteRows({
  label,
  hint,
  add,
  preview,
  onPaste,
  onUndo,
  ready,
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
  /** a preview asked for while what it needs is on its way */
  const [waiting, setWaiting] = useState(false);
  const shown = useRef(false);
  const id = useId();
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (plan) previewHeading.current?.focus();
    // the heading takes the focus when the preview opens, not at each change of a column
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan !== null]);
  const close = () => {
    shown.current = false;
    setOpen(false);
    setPlan(null);
    setWaiting(false);
  };
  const openBox = () => {
    shown.current = true;
    setOpen(true);
    void ready?.();
  };
  const previewFirst = () => {
    const arriving = ready?.();
    if (!arriving) {
      redo({});
      return;
    }
    setWaiting(true);
    void arriving.then(() => {
      if (!shown.current) return; // closed meanwhile
      setWaiting(false);
      redo({});
    });
  };
  const redo = (c: PasteChoice) => {
    setPlan(preview(text, c));
  };
  const undoShown = done !== null && done.count === count;
  const cellsToFix = plan ? plan.problems.filter((p) => p.severity === 2).length : 0;
  const addCards = (plan: PastePreview) => {
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
  };
  return (
    <div className="paste-rows">
      <button
        type="button"
        className="button-secondary"
        aria-expanded={open}
        aria-controls={`${id}-box`}
        disabled={disabled}
        onClick={() => (open ? close() : openBox())}
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
        <PasteBox
          id={id}
          hint={hint}
          text={text}
          missing={missing}
          textBox={textBox}
          onText={(v) => {
            setText(v);
            setMissing(false);
          }}
          onMissing={() => setMissing(true)}
          onCancel={close}
          waiting={waiting}
          onPreview={previewFirst}
        />
      ) : null}
      {open && plan ? (
        <PasteReview
          id={id}
          plan={plan}
          add={add}
          cellsToFix={cellsToFix}
          headingRef={previewHeading}
          redo={redo}
          onCancel={close}
          onEdit={() => {
            setPlan(null);
            requestAnimationFrame(() => textBox.current?.focus());
          }}
          onAdd={() => addCards(plan)}
        />
      ) : null}
    </div>
  );
}
