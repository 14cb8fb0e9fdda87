import { useEffect, useRef, useState } from 'react';
import { useRender } from './context';

/** The menu of a card: Duplicate, and Delete only when the step allows it (more than one card). */
export function CardMenu({
  canDuplicate,
  canDelete,
  onDuplicate,
  onDelete,
}: {
  canDuplicate: boolean;
  canDelete: boolean;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { t } = useRender();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // An open menu closes on Escape (focus back on its button) and on a press anywhere else, however it
  // was opened (it once ignored Escape after a mouse click, where the focus was not inside it).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPress = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open]);
  if (!canDuplicate && !canDelete) return null;
  return (
    <div className="card-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⋮</span>
        <span className="visually-hidden">{t('common.card_menu')}</span>
      </button>
      {open ? (
        <ul role="menu">
          {canDuplicate ? (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  onDuplicate();
                }}
              >
                {t('common.duplicate')}
              </button>
            </li>
          ) : null}
          {canDelete ? (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  onDelete();
                }}
              >
                {t('common.delete')}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
