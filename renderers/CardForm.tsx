import Form from '@rjsf/core';
import { memo } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { engineValidator } from './engineValidator';
import type { CardState, FieldState } from '../engine';
import { WIDGETS, widgetFor } from './registry';
import { FieldTemplate } from './templates/FieldTemplate';
import { useRender } from './context';
import { FieldsCtx } from './widgets/fieldProps';

/** rjsf property key of a field path ('drainage.horizontal' -> 'drainage__horizontal'). */
const keyOf = (field: string): string => field.replace(/\./g, '__');

const templates = { FieldTemplate };

/**
 * One card (or the single form of a non-repeating step) drawn by rjsf from the engine's CardState: the
 * schema and uiSchema are generated from the derived fields (hidden fields left out, our widget per field
 * kind, the FieldState passed to the widget in ui:options). Validation is the engine's: rjsf never
 * validates (no submit, no live validation, no HTML5 bubbles).
 */
export const CardForm = memo(function CardForm({ card, idPrefix }: { card: CardState; idPrefix: string }) {
  const { revealed, onLeave } = useRender();
  // A message not to be shown yet (untouched field, step not validated) is left out of what is drawn;
  // the engine's state keeps it.
  const visible = card.fields
    .filter((f) => f.visible)
    .map((f): FieldState => {
      if (!(f.severity > 0 && revealed && !revealed(f.path))) return f;
      const { message: _hidden, ...rest } = f;
      return { ...rest, severity: 0 };
    });
  const schema: RJSFSchema = {
    type: 'object',
    properties: Object.fromEntries(
      visible.map((f) => [keyOf(f.field), { type: f.kind === 'boolean' ? 'boolean' : 'string' }]),
    ),
  };
  const uiSchema: UiSchema = {
    'ui:order': visible.map((f) => keyOf(f.field)),
    'ui:submitButtonOptions': { norender: true },
    ...Object.fromEntries(
      visible.map((f) => {
        widgetFor(f.kind);
        return [keyOf(f.field), { 'ui:widget': f.kind, 'ui:options': { state: f, label: false } }];
      }),
    ),
  };
  const formData = Object.fromEntries(visible.map((f) => [keyOf(f.field), f.display ?? undefined]));
  const fields = new Map(visible.map((f) => [f.path, f]));
  return (
    <FieldsCtx.Provider value={fields}>
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
        <Form
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={engineValidator}
          widgets={WIDGETS}
          templates={templates}
          idPrefix={idPrefix}
          noHtml5Validate
          showErrorList={false}
          tagName="div"
        />
      </div>
    </FieldsCtx.Provider>
  );
});
