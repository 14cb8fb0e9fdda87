import { isEmpty } from './rules/isEmpty';
import type { CompiledField } from './compile';

/** The value an inactive field is reset to: the ui `emptyValue`, else false for a boolean, else null. */
export function emptyValueOf(f: CompiledField): unknown {
  const opt = f.ui['ui:options'];
  if (opt && 'emptyValue' in opt) return opt.emptyValue;
  return f.schema.type === 'boolean' ? false : null;
}

/** True when the field holds no answer: blank, null, or (selects) the empty replacement value. */
export function isBlank(f: CompiledField, value: unknown): boolean {
  if (isEmpty(value)) return true;
  const opt = f.ui['ui:options'];
  return opt !== undefined && 'emptyValue' in opt && value === opt.emptyValue && f.schema.type !== 'boolean';
}

/** True for fields whose schema type is a number. */
export function isNumeric(f: CompiledField): boolean {
  const t = f.schema.type;
  return (
    t === 'number' || t === 'integer' || (Array.isArray(t) && (t.includes('number') || t.includes('integer')))
  );
}

/**
 * A number as a reader of `lang` types it, in the engine's reading (a comma or a dot for the decimals): in
 * English, commas between groups of three digits group the thousands ('1,550' is 1550, '12,500.5' is
 * 12500.5), as an English reader writes them (a usability review, 2026-11-28: '1,550' ft² was kept as
 * 1.55 ft² without a word); in French the comma is the decimal mark ('1,550' is 1.55). Spaces between
 * groups of three digits group the thousands in both ('1 250,5' is 1250,5).
 */
export function typedNumber(text: string, lang: string): string {
  // spaces between groups of three digits, in any language: '1 250,5' as French writes it, and as the
  // note and the results print it (a usability review, 2026-11-29: typed, it was refused as not a number);
  // the no-break and narrow no-break spaces a copied figure brings too
  if (/^\s*[-+]?\d{1,3}([ \u00a0\u202f]\d{3})+([.,]\d*)?\s*$/.test(text))
    return text.replace(/[ \u00a0\u202f]/g, '');
  return lang.startsWith('en') && /^\s*[-+]?\d{1,3}(,\d{3})+(\.\d*)?\s*$/.test(text)
    ? text.replace(/,/g, '')
    : text;
}
