import type { FieldState } from '../engine';
import { numberText } from './numberText';

/**
 * A field's value as text for reading (the note page and the PDF): yes/no for booleans, the option's label
 * for selects, else the displayed value (a number in the reader's language) with its unit.
 */
export function fieldText(f: FieldState, t: (key: string) => string, lang = 'fr'): string {
  if (f.kind === 'boolean') return t(f.value ? 'common.yes' : 'common.no');
  const opt = f.options?.find((o) => o.value === f.value);
  if (opt) return opt.literal ? opt.label : t(opt.label);
  const shown = typeof f.display === 'number' ? numberText(f.display, lang, 3) : String(f.display);
  return `${shown}${f.unit ? ` ${t(f.unit)}` : ''}`;
}

/**
 * True when a field has something to show in a note: visible and filled, or a choice whose empty value
 * is itself an option (a spill to the sewer).
 */
export function isShown(f: FieldState): boolean {
  if (!f.visible) return false;
  if (f.value !== null && f.value !== undefined && f.value !== '') return true;
  return f.options?.some((o) => o.value === f.value) ?? false;
}
