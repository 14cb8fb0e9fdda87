import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { engineValidator } from './engineValidator';
import type { CardState } from '../engine';
import { WIDGETS, widgetFor } from './registry';
import { FieldTemplate } from './templates/FieldTemplate';

/** rjsf property key of a field path ('drainage.horizontal' -> 'drainage__horizontal'). */
const keyOf = (field: string): string => field.replace(/\./g, '__');

const templates = { FieldTemplate };

/**
 * One card (or the single form of a non-repeating step) drawn by rjsf from the engine's CardState: the
 * schema and uiSchema are generated from the derived fields (hidden fields left out, our widget per field
 * kind, the FieldState passed to the widget in ui:options). Validation is the engine's: rjsf never
 * validates (no submit, no live validation, no HTML5 bubbles).
 */
export function CardForm({ card, idPrefix }: { card: CardState; idPrefix: string }) {
  const visible = card.fields.filter((f) => f.visible);
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
  return (
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
  );
}
