import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import type { FieldState } from '../../engine';
import { FIELD_STATE, type CardContext } from '../form';

/** What a widget draws from: rjsf's WidgetProps, the card's field states riding in its formContext. */
export type FieldWidgetProps = WidgetProps<unknown, RJSFSchema, CardContext>;

/** A widget: one field kind's input, an rjsf widget (a function component: rjsf accepts no memo). */
export type FieldWidget = ((props: FieldWidgetProps) => ReactNode) & { displayName?: string };

/**
 * The engine's state of the field a widget or template draws, for what rjsf does not know (visibility,
 * severity, unit, info, options): in the field's own part of the uiSchema (a card's Form, form.ts
 * FIELD_STATE), else found by the element id rjsf gives it in a formContext's `byId`. A field drawn in a
 * plain rjsf Form, or that the bundle does not show, has none.
 */
export function fieldOf(props: {
  id: string;
  uiSchema?: object | undefined;
  registry: { formContext?: Partial<CardContext> | undefined };
}): FieldState | undefined {
  const own = (props.uiSchema as Record<string, unknown> | undefined)?.[FIELD_STATE];
  return (own as FieldState | undefined) ?? props.registry.formContext?.byId?.get(props.id);
}

/** One choice of a select: its value and its label (a message key, or words when `literal`). */
export type Choice = NonNullable<FieldState['options']>[number];

/** What a widget's drawing receives: rjsf's props, what the engine adds, and rjsf's onChange. */
export interface DrawProps {
  id: string;
  /** rjsf's value: the field's in display units, or what was typed since */
  value: unknown;
  /** rjsf's `required` (the schema's), or the engine's (a check that asks for it, the bundle's `need`) */
  required: boolean;
  /** rjsf's `disabled` or `readonly` */
  disabled: boolean;
  /**
   * The choices: rjsf's `options.enumOptions` where the schema enumerates them (null left to the
   * placeholder), else the engine's (data rjsf's schema does not hold: the other roofs a spill may go to)
   */
  options: Choice[];
  /** what only the engine knows (severity, unit, info, placeholder, decimals); none in a plain rjsf Form */
  field: FieldState | undefined;
  onChange: (value: unknown) => void;
}

/**
 * An rjsf widget drawing one field kind from rjsf's props, with the engine's state of its field for what
 * rjsf does not know. rjsf draws the fields of the one card whose data or state changed, not the other
 * cards.
 */
export function fieldWidget(draw: (props: DrawProps) => ReactNode): FieldWidget {
  function Widget(props: FieldWidgetProps) {
    const field = fieldOf(props);
    // rjsf's labels are our uiSchema's message keys in a card (form.ts uiSchemaOf), words elsewhere
    const listed = (props.options.enumOptions ?? [])
      .filter((o) => o.value !== null && o.value !== undefined)
      .map((o) => ({ value: o.value as Choice['value'], label: o.label, literal: field === undefined }));
    const choices = listed.length ? listed : (field?.options ?? []);
    return draw({
      id: props.id,
      value: props.value,
      required: props.required === true || field?.required === true || field?.need === true,
      disabled: props.disabled === true || props.readonly === true,
      options: choices,
      field,
      onChange: props.onChange,
    });
  }
  Widget.displayName = draw.name;
  return Widget;
}

/**
 * aria attributes linking an input to its message, its info panel and the key that opens the panel
 * (templates/FieldTemplate.tsx).
 */
export function ariaOf({ id, field, required }: DrawProps): Record<string, string | boolean | undefined> {
  const invalid = (field?.severity ?? 0) > 0;
  const describedBy = [
    // a message, or an advice (severity 0): read with the field
    field?.message ? `${id}__message` : '',
    field?.info ? `${id}__info` : '',
    field?.info ? `${id}__infokey` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required ? true : undefined,
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
 * The text of a typed input and what a keystroke does with it. The input shows its own text, as typed
 * (the engine's edit follows through rjsf's onChange, in the same task); when rjsf's value changes otherwise (a project opened, units switched, a card
 * removed), the text follows it, unless `same` says the text already stands for that value ('12,' on the
 * way to '12,5').
 */
export function useTypedText(
  value: unknown,
  onChange: (value: unknown) => void,
  same: (text: string, shown: string) => boolean = (text, shown) => text === shown,
  format: (value: unknown) => string = asText,
): [string, (text: string) => void] {
  const shown = format(value);
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
