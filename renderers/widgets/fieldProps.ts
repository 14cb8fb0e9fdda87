import { memo, useState, type NamedExoticComponent, type ReactNode } from 'react';
import type { FieldState } from '../../engine';
import { useRender } from '../context';

/** What a widget draws from: its element id and the engine's state of its field. */
export interface FieldWidgetProps {
  id: string;
  field: FieldState;
}

/** A widget: one field kind's input, drawn from its FieldState. */
export type FieldWidget = NamedExoticComponent<FieldWidgetProps>;

/**
 * A widget that is redrawn only when its field state changes (the engine keeps an unchanged field's state
 * as the same object): a key typed into one input leaves the card's other inputs alone.
 */
export function fieldWidget(draw: (props: FieldWidgetProps) => ReactNode): FieldWidget {
  const Widget = memo(draw);
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
 * keystroke's frame draws the input alone (the engine's edit may follow after it, RenderContext.onType);
 * when the engine's value changes otherwise (a project opened, units switched, a card removed), the text
 * follows it, unless `same` says the text already stands for that value ('12,' on the way to '12,5').
 */
export function useTypedText(
  field: FieldState,
  same: (text: string, shown: string) => boolean = (text, shown) => text === shown,
  format: (value: unknown) => string = asText,
): [string, (text: string) => void] {
  const { onEdit, onType } = useRender();
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
      (onType ?? onEdit)({ path: field.path, value: typed });
    },
  ];
}
