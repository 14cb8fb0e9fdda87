import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { deepEquals, type RegistryWidgetsType, type RJSFSchema, type TemplatesType } from '@rjsf/utils';
import { memo, useLayoutEffect, useMemo, useRef, type ReactElement } from 'react';
import { getPath, roundTo, type CardState, type FieldState, type StepDef } from '../engine';
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

/**
 * One card (or the single form of a non-repeating step): an rjsf Form of the step's own schema and
 * uiSchema (compiled once per step), its precompiled validator, our widgets, number field and templates,
 * the card's values in display units as its data. What the engine derived reaches rjsf through rjsf's own
 * channels where it has one (the values as formData, the disabled fields as `ui:disabled`, a select's
 * choices as enumOptions, the messages as extraErrors); the rest (visibility, severity, unit, info,
 * choices drawn from data) rides in each field's part of the uiSchema (form.ts FIELD_STATE). Each
 * change rjsf reports becomes one edit of the engine, applied at once, its value as rjsf holds it in
 * formData (a number as typed: our NumberField leaves it to the engine); a key typed into one card redraws
 * that card alone, and its Form once (rjsf's own change) when the engine's answer agrees with it.
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
  const { t, revealed, onLeave, onEdit } = useRender();
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
  // rjsf's onChange, one function for every draw, so that a Form drawn before can be drawn again as it is
  const latest = useRef({ byId, onEdit });
  useLayoutEffect(() => {
    latest.current = { byId, onEdit };
  });
  const drawn = useRef<Drawn | null>(null);
  const change = useMemo(
    () => (e: IChangeEvent<unknown, RJSFSchema, CardContext>, id?: string) => {
      if (drawn.current) drawn.current.reported = e.formData;
      const { byId, onEdit } = latest.current;
      // a change with no field behind it (rjsf's own defaults) is not the user's
      const f = id === undefined ? undefined : byId.get(id);
      if (!f) return;
      const value = getPath(e.formData, f.field);
      onEdit({ path: f.path, value: value === undefined ? null : value });
    },
    [],
  );
  const data = formDataOf(card);
  const last = drawn.current;
  // The engine's answer to what rjsf reported: the Form drawn last already shows it (its own state), and
  // is kept as it is. Drawn again with the same values, rjsf would compare its props in depth, derive its
  // state again and draw every field (three draws a key); the card's heading and totals, drawn around it,
  // follow in the same frame.
  const echo =
    last !== null &&
    last.reported !== undefined &&
    last.schema === schema &&
    last.uiSchema === uiSchema &&
    last.widgets === widgets &&
    last.templates === templates &&
    last.idPrefix === idPrefix &&
    onlyValues(last.fields, fields) &&
    deepEquals(last.extraErrors, extraErrors) &&
    fields.every((f) => sameAnswer(getPath(last.reported, f.field), getPath(data, f.field), f));
  // rjsf compares its props with the ones it was drawn with: after an echo its state is ahead of them, and
  // data set back to them from outside (a project opened again) would not reach it: a new Form takes it
  const stale =
    !echo &&
    last !== null &&
    last.reported !== undefined &&
    !deepEquals(last.reported, last.data) &&
    deepEquals(last.data, data);
  const generation = (last?.generation ?? 0) + (stale ? 1 : 0);
  const form = echo ? (
    last.form
  ) : (
    <Form<unknown, RJSFSchema, CardContext>
      key={generation}
      tagName="div"
      schema={schema}
      uiSchema={uiSchemaFor(uiSchema, fields)}
      validator={validator}
      formData={data}
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
  );
  // what the Form on screen was drawn with, once it is (a draw React drops is not remembered)
  useLayoutEffect(() => {
    if (drawn.current?.form === form) return;
    drawn.current = {
      form,
      schema,
      uiSchema,
      widgets,
      templates,
      idPrefix,
      fields,
      extraErrors,
      data,
      reported: undefined,
      generation,
    };
  });
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
      {form}
    </div>
  );
});

/** The Form a card drew last, what it drew it with, and the data rjsf reported since. */
interface Drawn {
  form: ReactElement;
  schema: unknown;
  uiSchema: unknown;
  widgets: unknown;
  templates: unknown;
  idPrefix: string;
  fields: readonly FieldState[];
  extraErrors: unknown;
  data: unknown;
  reported: unknown;
  generation: number;
}

/** Whether two lists of field states differ only by their values. */
function onlyValues(a: readonly FieldState[], b: readonly FieldState[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)]) as Set<keyof FieldState>)
      if (k !== 'value' && k !== 'display' && x[k] !== y[k]) return false;
  }
  return true;
}

/**
 * Whether rjsf's value of a field is the engine's: the same, or a number as typed ('12,' on the way to
 * '12,5', or 13208.6 gal while the field shows whole gallons: what the number widget keeps as it is).
 */
function sameAnswer(reported: unknown, value: unknown, f: FieldState): boolean {
  if (deepEquals(reported, value)) return true;
  if (value === null) return reported === '' || reported === undefined;
  if (typeof value !== 'number' || typeof reported !== 'string') return false;
  const n = Number(reported.trim().replace(',', '.'));
  return n === value || (f.decimals !== undefined && roundTo(n, f.decimals) === value);
}
