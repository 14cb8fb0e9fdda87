import { createElement, memo } from 'react';
import type { CardState, FieldState } from '../engine';
import { widgetFor } from './registry';
import { FieldTemplate } from './templates/FieldTemplate';
import { useRender } from './context';

/** Element id of a field's input: the card's prefix and the field path ('drainage.horizontal' -> 'drainage__horizontal'). */
export const fieldId = (idPrefix: string, field: string): string =>
  `${idPrefix}_${field.replace(/\./g, '__')}`;

/**
 * A field whose message is not to be shown yet (untouched field, step not validated), as drawn: without
 * its message. Kept per field state, so that an unchanged field keeps being the same object to draw.
 */
const withoutMessage = new WeakMap<FieldState, FieldState>();
function quiet(f: FieldState): FieldState {
  let q = withoutMessage.get(f);
  if (!q) {
    const { message: _hidden, ...rest } = f;
    q = { ...rest, severity: 0 };
    withoutMessage.set(f, q);
  }
  return q;
}

/** One field: its template around the widget of its kind; redrawn only when its state changes. */
const Field = memo(function Field({ id, field }: { id: string; field: FieldState }) {
  return (
    <FieldTemplate id={id} state={field}>
      {createElement(widgetFor(field.kind), { id, field })}
    </FieldTemplate>
  );
});

/**
 * One card (or the single form of a non-repeating step) drawn from the engine's CardState: each visible
 * field in the bundle's order, by the widget of its kind. The engine has derived everything a field shows
 * (value, options, disabled, severity, message), so drawing is a loop; a key typed into one input redraws
 * that field only.
 */
export const CardForm = memo(function CardForm({ card, idPrefix }: { card: CardState; idPrefix: string }) {
  const { revealed, onLeave } = useRender();
  return (
    <div
      className="card-form"
      onBlur={(e) => {
        const path = (e.target as HTMLElement).closest('[data-path]')?.getAttribute('data-path');
        // A moment later: the message that appears must not move a button under the pointer between
        // the mouse press that left the field and its release (a click on Next would be lost).
        if (path) setTimeout(() => onLeave?.(path), 250);
      }}
      onChange={(e) => {
        // A choice (a list, a radio, a box) is a finished answer as soon as it is made.
        const el = e.target as HTMLInputElement;
        if (el.tagName !== 'SELECT' && el.type !== 'radio' && el.type !== 'checkbox') return;
        const path = el.closest('[data-path]')?.getAttribute('data-path');
        if (path) onLeave?.(path);
      }}
    >
      {card.fields.map((f) =>
        f.visible ? (
          <Field
            key={f.path}
            id={fieldId(idPrefix, f.field)}
            field={f.severity > 0 && revealed && !revealed(f.path) ? quiet(f) : f}
          />
        ) : null,
      )}
    </div>
  );
});
