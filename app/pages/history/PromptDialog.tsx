import { useRef, useState } from 'react';
import { Modal } from '../../../renderers/Modal';
import { useFrame } from '../../frame';

/**
 * A row action's question (a new name…) in a modal dialog (renderers/Modal), the focus on its field: its
 * answer is required, an empty one says so beside the field instead of doing nothing. `onSubmit` answers
 * whether the action went through (the dialog then closes); Escape or Cancel closes it.
 */
export function PromptDialog({
  title,
  submit,
  onSubmit,
  onCancel,
}: {
  title: string;
  submit: string;
  onSubmit: (answer: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useFrame();
  const [answer, setAnswer] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  return (
    <Modal labelledBy="prompt-title" focus={field} onCancel={onCancel}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!answer.trim()) {
            setMissing(true);
            field.current?.focus();
            return;
          }
          void onSubmit(answer.trim()).then((ok) => {
            if (ok) onCancel();
          });
        }}
      >
        <label id="prompt-title">
          {title}
          <input
            ref={field}
            name="prompt-answer"
            className="field-input"
            required
            aria-invalid={missing || undefined}
            aria-describedby={missing ? 'prompt-missing' : undefined}
            value={answer}
            onChange={(e) => {
              setAnswer(e.target.value);
              setMissing(false);
            }}
          />
        </label>
        {missing ? (
          <p id="prompt-missing" className="field-message" role="alert">
            {t('errors.required')}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button-secondary" onClick={onCancel}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="button-primary">
            {submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
