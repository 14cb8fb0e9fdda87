import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import type { FieldState } from '../../engine';
import type { CardContext } from '../form';

/** What a widget draws from: rjsf's WidgetProps, the card's field states riding in its formContext. */
export type FieldWidgetProps = WidgetProps<unknown, RJSFSchema, CardContext>;

/** A widget: one field kind's input, an rjsf widget (a function component: rjsf accepts no memo). */
export type FieldWidget = ((props: FieldWidgetProps) => ReactNode) & { displayName?: string };

/**
 * The engine's state of the field a widget or template draws, found by the element id rjsf gives it. A
 * field drawn without one (an rjsf theme's own widget in our template, a property the bundle does not
 * show) has none.
 */
export function fieldOf(props: {
  id: string;
  registry: { formContext?: CardContext | undefined };
}): FieldState | undefined {
  return props.registry.formContext?.byId.get(props.id);
}

/**
 * An rjsf widget drawing one field kind from the engine's state of its field. rjsf draws the fields of
 * the one card whose data or state changed, not the other cards.
 */
/** What a widget's drawing receives: its element id, its field's state, and rjsf's onChange. */
export interface DrawProps {
  id: string;
  field: FieldState;
  onChange: (value: unknown) => void;
}

export function fieldWidget(draw: (props: DrawProps) => ReactNode): FieldWidget {
  function Widget(props: FieldWidgetProps) {
    const field = fieldOf(props);
    if (!field) return null;
    const onChange = (value: unknown) => {
      props.registry.formContext?.typed.set(props.id, value);
      props.onChange(value);
    };
    return draw({ id: props.id, field, onChange });
  }
  Widget.displayName = draw.name;
  return Widget;
}

/**
 * aria attributes linking an input to its message, its info panel and the key that opens the panel
 * (templates/FieldTemplate.tsx).
 */
export function ariaOf(field: FieldState, id: string): Record<string, string | boolean | undefined> {
  const describedBy = [
    field.severity > 0 ? `${id}__message` : '',
    field.info ? `${id}__info` : '',
    field.info ? `${id}__infokey` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    'aria-invalid': field.severity > 0 ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': field.required || field.need ? true : undefined,
  };
}

/**
 * The text a number input shows for a value in the reader's language: its decimal comma in French
 * ('850,5', never '850.5'), no grouping, so that what is shown can be typed back as it is.
 */
export function numberInputText(value: unknown, lang: string): string {
  if (typeof value !== 'number') return asText(value);
  const text = String(value);
  return lang.startsWith('fr') ? text.replace('.', ',') : text;
}

/** The text an input shows for a value (numbers as typed, blanks as ''). */
export function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The text of a typed input and what a keystroke does with it. The input shows its own text, so that a
 * keystroke's frame draws the input at once (the engine's edit follows after it, RenderContext.onType,
 * through rjsf's onChange); when the engine's value changes otherwise (a project opened, units switched,
 * a card removed), the text follows it, unless `same` says the text already stands for that value ('12,'
 * on the way to '12,5').
 */
export function useTypedText(
  field: FieldState,
  onChange: (value: unknown) => void,
  same: (text: string, shown: string) => boolean = (text, shown) => text === shown,
  format: (value: unknown) => string = asText,
): [string, (text: string) => void] {
  const shown = format(field.display);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    if (!same(text, shown)) setText(shown);
  }
  return [
    text,
    (typed) => {
      setText(typed);
      onChange(typed);
    },
  ];
}
