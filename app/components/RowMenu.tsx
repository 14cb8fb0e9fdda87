import { useEffect, useRef, useState } from 'react';

export type MenuItem = { label: string; onSelect: () => void } | { label: string; href: string };

/**
 * A row's ⋮ menu, as the WAI-ARIA menu button pattern has it: the button opens it and focuses the first
 * item; arrow keys, Home and End move between items; Escape closes it and gives the focus back to the
 * button; Tab or a click anywhere else closes it.
 */
export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusItem = (i: number) => {
    const els = list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!els?.length) return;
    els[(i + els.length) % els.length]!.focus();
  };
  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const outside = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onKey = (e: React.KeyboardEvent) => {
    const els = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = els.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(i + 1);
    else if (e.key === 'ArrowUp') focusItem(i - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(els.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') close(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };
  return (
    <div className="row-menu-wrap">
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
