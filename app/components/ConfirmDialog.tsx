import { useEffect, useRef } from 'react';

/** A modal question with Confirm and Cancel; focus goes to Confirm, Escape cancels. */
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
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), []);
  return (
    <div className="modal-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-message"
        className="modal"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      >
        <p id="confirm-message">{message}</p>
        <div className="modal-actions">
          <button type="button" className="button-secondary" onClick={onCancel}>
            {cancel}
          </button>
          <button type="button" className="button-primary" ref={ok} onClick={onConfirm}>
            {confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
