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
