import { useRef } from 'react';
import { Modal } from '../../renderers/Modal';

/**
 * A modal question with Confirm and Cancel (renderers/Modal: the page behind inert, the focus kept inside
 * and given back on closing). The focus starts on Cancel, the choice that changes nothing and the one drawn
 * as the main button, so that Enter never throws work away; Escape cancels.
 */
export function ConfirmDialog({
  message,
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: {
  message: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const safe = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy="confirm-message" alert focus={safe} onCancel={onCancel}>
      <p id="confirm-message">{message}</p>
      <div className="modal-actions">
        <button type="button" className="button-primary" ref={safe} onClick={onCancel}>
          {cancel}
        </button>
        <button type="button" className="button-secondary" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}
