import type { RefObject } from 'react';
import { useRender } from '../context';

/** The box where copied rows are pasted; an empty box says so beside it rather than previewing nothing. */
export function PasteBox({
  id,
  hint,
  text,
  missing,
  waiting = false,
  textBox,
  onText,
  onMissing,
  onCancel,
  onPreview,
}: {
  /** the paste's id: the box is `${id}-box` */
  id: string;
  hint: string;
  text: string;
  missing: boolean;
  /** the preview asked for waits for what it needs (the other language's words, on a slow network) */
  waiting?: boolean;
  textBox: RefObject<HTMLTextAreaElement | null>;
  onText: (text: string) => void;
  onMissing: () => void;
  onCancel: () => void;
  onPreview: () => void;
}) {
  const { t } = useRender();
  return (
    <form
      id={`${id}-box`}
      className="paste-box"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (waiting) return;
        if (!text.trim()) {
          onMissing();
          return;
        }
        onPreview();
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
        onChange={(e) => onText(e.target.value)}
      />
      {missing ? (
        <p id={`${id}-missing`} className="field-message" role="alert">
          {t('common.paste_empty')}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button-primary" aria-busy={waiting || undefined}>
          {t('common.paste_preview')}
        </button>
      </div>
    </form>
  );
}
