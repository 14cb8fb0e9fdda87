import type { FieldState } from './types';

/**
 * The change event of a select (seed 000 section 3): the field name with its digits stripped, the chosen
 * value, and the index of the form (card) it belongs to.
 */
export function selectChangeEvent(
  field: FieldState,
  value: unknown,
  formIndex: number,
): { fieldname: string; value: unknown; form_index: number } {
  return { fieldname: field.name, value, form_index: formIndex };
}
