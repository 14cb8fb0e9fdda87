import { useRef, useState } from 'react';
import { Modal } from '../../renderers/Modal';

/** A choice asked with the question: its title and options (the first one chosen to start with). */
export interface DialogChoice {
  title: string;
  options: { value: string; label: string }[];
}

/**
 * A modal question with Confirm and Cancel (renderers/Modal: the page behind inert, the focus kept inside
 * and given back on closing). The focus starts on Cancel, the choice that changes nothing and the one drawn
 * as the main button, so that Enter never throws work away; Escape cancels. With `choice`, the question
 * also asks one of its options (radio buttons, the first chosen to start with), given to `onConfirm`.
 */
export function ConfirmDialog({
  message,
  confirm,
  cancel,
  choice,
  onConfirm,
  onCancel,
}: {
  message: string;
  confirm: string;
  cancel: string;
  choice?: DialogChoice | undefined;
  onConfirm: (chosen?: string) => void;
  onCancel: () => void;
}) {
  const safe = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState(choice?.options[0]?.value);
  return (
    <Modal labelledBy="confirm-message" alert focus={safe} onCancel={onCancel}>
      <p id="confirm-message">{message}</p>
      {choice ? (
        <fieldset className="confirm-choice">
          <legend>{choice.title}</legend>
          {choice.options.map((o) => (
            <label key={o.value} className="confirm-option">
              <input
                type="radio"
                name="confirm-choice"
                value={o.value}
                checked={chosen === o.value}
                onChange={() => setChosen(o.value)}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button-primary" ref={safe} onClick={onCancel}>
          {cancel}
        </button>
        <button type="button" className="button-secondary" onClick={() => onConfirm(chosen)}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}
