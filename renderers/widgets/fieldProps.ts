import type { WidgetProps } from '@rjsf/utils';
import { createContext, createElement, memo, useContext, type ReactNode } from 'react';
import type { FieldState } from '../../engine';

/**
 * The card's field states of this render, by path. rjsf keeps its uiSchema in its own state and passes
 * the new one only after an update, so a widget reading ui:options alone would first draw the value
 * before the key, then the new one: React then writes the input twice and the caret jumps to the end.
 */
export const FieldsCtx = createContext<ReadonlyMap<string, FieldState> | null>(null);

/** The engine's FieldState of an rjsf widget: this render's (FieldsCtx), else the one in its ui:options. */
function useField(props: WidgetProps): FieldState {
  const state = (props.options as { state?: FieldState }).state;
  const fresh = useContext(FieldsCtx);
  if (!state) throw new Error(`widget '${props.id}' was rendered without a field state`);
  return fresh?.get(state.path) ?? state;
}

/** What a widget draws from: its element id and the engine's state of its field. */
export interface FieldWidgetProps {
  id: string;
  field: FieldState;
}

/**
 * An rjsf widget around a drawing of one field that is redrawn only when its field state changes (the
 * engine keeps an unchanged field's state as the same object). rjsf redraws every field of a card at
 * each key; the inputs beside the one typed into are then left alone (React would otherwise reset their
 * name and type attributes, and the browser restyle them).
 */
export function fieldWidget(
  draw: (props: FieldWidgetProps) => ReactNode,
): ((props: WidgetProps) => ReactNode) & { displayName: string } {
  const Drawn = memo(draw);
  function Widget(props: WidgetProps) {
    return createElement(Drawn, { id: props.id, field: useField(props) });
  }
  Widget.displayName = draw.name;
  return Widget;
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
