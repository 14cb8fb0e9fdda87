import type { WidgetProps } from '@rjsf/utils';
import type { FieldState } from '../../engine';

/** The engine's FieldState carried to an rjsf widget through its ui:options. */
export function fieldOf(props: WidgetProps): FieldState {
  const state = (props.options as { state?: FieldState }).state;
  if (!state) throw new Error(`widget '${props.id}' was rendered without a field state`);
  return state;
}

/** aria attributes linking an input to its message and info panel. */
export function ariaOf(field: FieldState, id: string): Record<string, string | boolean | undefined> {
  const describedBy = [field.severity > 0 ? `${id}__message` : '', field.info ? `${id}__info` : '']
    .filter(Boolean)
    .join(' ');
  return {
    'aria-invalid': field.severity > 0 ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': field.required || field.need ? true : undefined,
  };
}

/** The text an input shows for a value (numbers as typed, blanks as ''). */
export function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
