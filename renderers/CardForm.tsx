import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RegistryWidgetsType, RJSFSchema, TemplatesType } from '@rjsf/utils';
import { memo, useMemo } from 'react';
import { getPath, type CardState, type FieldState, type StepDef } from '../engine';
import { tr, useRender } from './context';
import {
  cardSchemas,
  extraErrorsOf,
  fieldId,
  formDataOf,
  stepOfFields,
  uiSchemaFor,
  type CardContext,
} from './form';
import { FIELDS, RJSF_WIDGETS, TEMPLATES } from './registry';

export { fieldId } from './form';

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

/** The card's formContext: none (the fields' states are in the uiSchema), one object for every draw. */
const NO_CONTEXT: CardContext = {};

/** Kinds whose keystrokes the owner may apply after the key's frame is painted (RenderContext.onType). */
const TYPED = new Set(['text', 'number', 'email', 'phone']);

/**
 * One card (or the single form of a non-repeating step): an rjsf Form of the step's own schema and
 * uiSchema (compiled once per step), its precompiled validator, our widgets, number field and templates,
 * the card's values in display units as its data. What the engine derived reaches rjsf through rjsf's own
 * channels where it has one (the values as formData, the disabled fields as `ui:disabled`, a select's
 * choices as enumOptions, the messages as extraErrors); the rest (visibility, severity, unit, info,
 * choices drawn from data) rides in each field's part of the uiSchema (form.ts FIELD_STATE). Each
 * change rjsf reports becomes one edit of the engine, its value as rjsf holds it in formData (a number
 * as typed: our NumberField leaves it to the engine); a key typed into one card redraws that card's Form
 * only, and in it the fields whose state changed.
 */
export const CardForm = memo(function CardForm({
  card,
  idPrefix,
  def,
  widgets = RJSF_WIDGETS,
  templates = TEMPLATES,
  titled = false,
}: {
  card: CardState;
  idPrefix: string;
  /** the card's step (its schema and uiSchema); absent, a step made of the card's fields */
  def?: StepDef | undefined;
  /** rjsf widgets and templates in place of ours (a theme) */
  widgets?: RegistryWidgetsType<unknown, RJSFSchema, CardContext>;
  templates?: Partial<TemplatesType<unknown, RJSFSchema, CardContext>>;
  /** the uiSchema's titles translated (for a theme's templates, which know no message keys) */
  titled?: boolean;
}) {
  const { t, revealed, onLeave, onEdit, onType } = useRender();
  const { schema, uiSchema, validator } = cardSchemas(
    def ?? stepOfFields(card.fields),
    titled ? t : undefined,
  );
  const fields = useMemo(
    () => card.fields.map((f) => (f.severity > 0 && revealed && !revealed(f.path) ? quiet(f) : f)),
    [card, revealed],
  );
  // each field's state rides in its part of the uiSchema (uiSchemaFor), not in formContext: rjsf shares
  // formContext with every field through its registry, so a new one redrew the whole card at each key
  const byId = useMemo(() => new Map(fields.map((f) => [fieldId(idPrefix, f.field), f])), [fields, idPrefix]);
  const extraErrors = useMemo(() => extraErrorsOf(fields, (f) => tr(t, f.message)), [fields, t]);
  const change = (e: IChangeEvent<unknown, RJSFSchema, CardContext>, id?: string) => {
    // a change with no field behind it (rjsf's own defaults) is not the user's
    const f = id === undefined ? undefined : byId.get(id);
    if (!f) return;
    const value = getPath(e.formData, f.field);
    const edit = { path: f.path, value: value === undefined ? null : value };
    if (TYPED.has(f.kind)) (onType ?? onEdit)(edit);
    else onEdit(edit);
  };
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
      <Form<unknown, RJSFSchema, CardContext>
        tagName="div"
        schema={schema}
        uiSchema={uiSchemaFor(uiSchema, fields)}
        validator={validator}
        formData={formDataOf(card)}
        formContext={NO_CONTEXT}
        extraErrors={extraErrors}
        fields={FIELDS}
        widgets={widgets}
        templates={templates}
        idPrefix={idPrefix}
        idSeparator="_"
        showErrorList={false}
        noHtml5Validate
        onChange={change}
      />
    </div>
  );
});
