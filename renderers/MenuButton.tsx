import { useEffect, useRef, useState } from 'react';

/** The items of an open menu, and the i-th of them focused (around the ends). */
const entries = (list: HTMLUListElement | null) => [
  ...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];
function focusItem(list: HTMLUListElement | null, i: number) {
  const els = entries(list);
  if (els.length) els[(i + els.length) % els.length]!.focus();
}

export type MenuItem = { label: string; onSelect: () => void } | { label: string; href: string };

/**
 * A ⋮ button and its menu, as the WAI-ARIA menu button pattern has it: the button opens it and focuses
 * the first item (ArrowDown or ArrowUp on the button too); arrow keys, Home and End move between items;
 * Escape closes it and gives the focus back to the button, however the menu was opened; Tab or a press
 * anywhere else closes it. The one menu of the app: a card's (CardMenu) and a history row's.
 */
export function MenuButton({
  label,
  items,
  className,
}: {
  label: string;
  items: MenuItem[];
  className: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    focusItem(list.current, 0);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
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
  const onKey = (e: React.KeyboardEvent) => {
    const els = entries(list.current);
    const i = els.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(list.current, i + 1);
    else if (e.key === 'ArrowUp') focusItem(list.current, i - 1);
    else if (e.key === 'Home') focusItem(list.current, 0);
    else if (e.key === 'End') focusItem(list.current, els.length - 1);
    else if (e.key === 'Tab') close(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };
  if (items.length === 0) return null;
  return (
    <div className={className} ref={root}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">⋮</span>
        <span className="visually-hidden">{label}</span>
      </button>
      {open ? (
        <ul role="menu" ref={list} aria-label={label} onKeyDown={onKey}>
          {items.map((item) => (
            <li role="none" key={item.label}>
              {'href' in item ? (
                <a role="menuitem" tabIndex={-1} href={item.href} onClick={() => close(false)}>
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close(false);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
