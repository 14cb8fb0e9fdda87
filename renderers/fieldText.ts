import type { FieldState } from '../engine';

/**
 * A field's value as text for reading (the note page and the PDF): yes/no for booleans, the option's label
 * for selects, else the displayed value with its unit.
 */
export function fieldText(f: FieldState, t: (key: string) => string): string {
  if (f.kind === 'boolean') return t(f.value ? 'common.yes' : 'common.no');
  const opt = f.options?.find((o) => o.value === f.value);
  if (opt) return opt.literal ? opt.label : t(opt.label);
  return `${String(f.display)}${f.unit ? ` ${t(f.unit)}` : ''}`;
}

/** True when a field has something to show in a note: visible and filled. */
export function isShown(f: FieldState): boolean {
  return f.visible && f.value !== null && f.value !== undefined && f.value !== '';
}
