import type { WidgetProps } from '@rjsf/utils';
import { createContext, useContext } from 'react';
import type { FieldState } from '../../engine';

/**
 * The card's field states of this render, by path. rjsf keeps its uiSchema in its own state and passes
 * the new one only after an update, so a widget reading ui:options alone would first draw the value
 * before the key, then the new one: React then writes the input twice and the caret jumps to the end.
 */
export const FieldsCtx = createContext<ReadonlyMap<string, FieldState> | null>(null);

/** The engine's FieldState of an rjsf widget: this render's (FieldsCtx), else the one in its ui:options. */
export function useField(props: WidgetProps): FieldState {
  const state = (props.options as { state?: FieldState }).state;
  const fresh = useContext(FieldsCtx);
  if (!state) throw new Error(`widget '${props.id}' was rendered without a field state`);
  return fresh?.get(state.path) ?? state;
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
