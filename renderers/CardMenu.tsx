import { useState } from 'react';
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
  if (!canDuplicate && !canDelete) return null;
  return (
    <div className="card-menu">
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
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
