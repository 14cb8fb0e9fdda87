import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal dialog on the browser's own <dialog>, opened with showModal(): the page behind it is inert (no
 * click, no Tab, hidden from screen readers), the focus stays inside, Escape answers `onCancel`, and when
 * it closes the focus goes back to where it was. `focus` names the control that takes the focus on
 * opening, the safe choice (Stay, Cancel), so that Enter never does what cannot be undone. Drawn while
 * mounted: the owner shows it by rendering it, and closes it by not rendering it any more.
 */
export function Modal({
  labelledBy,
  alert = false,
  focus,
  onCancel,
  children,
}: {
  /** the id of the element naming the dialog (its question or title) */
  labelledBy: string;
  /** a question that interrupts (role alertdialog), not a form to fill in */
  alert?: boolean;
  focus?: RefObject<HTMLElement | null>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    focus?.current?.focus();
    return () => {
      if (el.open) el.close();
      // back where the user was, unless what was focused left the page meanwhile
      if (before?.isConnected) before.focus();
    };
    // opened once per mount: a new `focus` object on each draw must not open it again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        // Escape: the owner decides (it stops drawing the dialog), the browser does not close it alone
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
