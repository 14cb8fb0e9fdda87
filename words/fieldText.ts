import type { FieldState, FiguresDef } from '../engine';
import type { FigureWriter } from './figures';
import { numberText } from './numberText';

/**
 * A field's value as text for reading (the note page and the PDF): yes/no for booleans, the option's label
 * for selects, else the displayed value (a number in the reader's language) with its unit; with
 * `reading` (a note, the verification page, the comparison), a quantity the bundle names in
 * figures.answers is written by that format (an area typed in ft² and read in m²: 418,1 m², not 418,064).
 */
export function fieldText(
  f: FieldState,
  t: (key: string) => string,
  lang = 'fr',
  reading?: { w: FigureWriter; answers: FiguresDef['answers'] },
): string {
  if (f.kind === 'boolean') return t(f.value ? 'common.yes' : 'common.no');
  const opt = f.options?.find((o) => o.value === f.value);
  if (opt) return opt.literal ? opt.label : t(opt.label);
  const format = f.quantity && reading?.answers?.[f.quantity];
  if (format && typeof f.value === 'number') return reading.w.text(format, f.value);
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
