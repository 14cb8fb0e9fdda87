import type { RefObject } from 'react';
import type { PasteChoice } from '../../engine';
import { useRender } from '../context';
import type { PastePreview } from '../../engine';
import { PasteTable } from './PasteTable';

/**
 * The preview of a paste before anything is added: how many cards, whether the first row is headings,
 * the cells to correct and what the cards will still ask for that no column fills, the table, and Cancel, Edit the text
 * or "Add N cards".
 */
export function PasteReview({
  id,
  plan,
  add,
  cellsToFix,
  headingRef,
  redo,
  onCancel,
  onEdit,
  onAdd,
}: {
  /** the paste's id: the box is `${id}-box`, its heading `${id}-preview` */
  id: string;
  plan: PastePreview;
  /** the Add button's message key, counted */
  add?: string | undefined;
  cellsToFix: number;
  /** the heading, which takes the focus when the preview opens */
  headingRef: RefObject<HTMLHeadingElement | null>;
  redo: (c: PasteChoice) => void;
  onCancel: () => void;
  onEdit: () => void;
  onAdd: () => void;
}) {
  const { t } = useRender();

  return (
    <form
      id={`${id}-box`}
      className="paste-box paste-preview"
      aria-labelledby={`${id}-preview`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onAdd();
      }}
    >
      <h3 id={`${id}-preview`} ref={headingRef} tabIndex={-1} className="paste-preview-title">
        {t('common.paste_preview_title', { count: plan.added })}
      </h3>
      <label className="field-choice">
        <input type="checkbox" checked={plan.header} onChange={(e) => redo({ header: e.target.checked })} />
        {t('common.paste_header')}
      </label>
      <p className={cellsToFix ? 'paste-problems' : 'field-hint'}>
        {cellsToFix ? t('common.paste_problems', { count: cellsToFix }) : t('common.paste_no_problem')}
        {plan.skipped ? ` ${t('common.paste_skipped', { count: plan.skipped })}` : ''}
      </p>
      {plan.toFill.length ? (
        <p className="field-hint">
          {t('common.paste_unmapped', { fields: plan.toFill.map((label) => t(label)).join(', ') })}
        </p>
      ) : null}
      <PasteTable plan={plan} labelledBy={`${id}-preview`} redo={redo} />
      <div className="modal-actions">
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button-secondary" onClick={onEdit}>
          {t('common.paste_edit')}
        </button>
        <button type="submit" className="button-primary" disabled={plan.added === 0}>
          {t(add ?? 'common.paste_add', { count: plan.added })}
        </button>
      </div>
    </form>
  );
}
