import type { ErrorSchema, FormContextType, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import {
  rootedSchema,
  setPath,
  validatorFunctions,
  type CardState,
  type DataSchema,
  type FieldKind,
  type FieldState,
  type StepDef,
} from '../engine';

/**
 * What rjsf's Form of one card needs, compiled once per step: the bundle's own step schema (with its
 * validator's `$id`), a uiSchema drawn from the bundle's (nested for the dotted fields, in the bundle's
 * order) and the precompiled validator. Each is one object per step, so that a Form drawn again compares
 * them at a glance.
 */
export interface CardSchemas {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

/**
 * What rjsf does not know of the card drawn, by element id: the engine's state of each field, read by our
 * widgets and template for what rjsf's props do not carry (visibility, severity, unit, info, placeholder,
 * a requirement a check adds, choices drawn from data). The value, `required` (the schema's), `disabled`,
 * a select's choices and the errors come as rjsf's props.
 */
export interface CardContext extends FormContextType {
  /** the field states by element id (a Form given them so); a card's Form gives them in its uiSchema */
  byId?: ReadonlyMap<string, FieldState>;
}

/**
 * The uiSchema key under which a card's Form gives each field the engine's state of it (uiSchemaFor):
 * rjsf hands each field its own part of the uiSchema, and draws again only the fields whose props
 * changed, so that a key redraws the field typed into and those the edit changed, not the whole card (a
 * state in formContext, shared by every field through rjsf's registry, redrew them all).
 */
export const FIELD_STATE = 'ui:fieldState';

/** Element id of a field's input, as rjsf makes it: the card's prefix and the field path, by '_'. */
export const fieldId = (idPrefix: string, field: string): string =>
  `${idPrefix}_${field.replace(/\./g, '_')}`;

/** The top-level property of each dotted field, in the order of their first field. */
function groups(order: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of order) {
    const top = f.split('.')[0]!;
    if (out[out.length - 1] !== top) {
      if (out.includes(top))
        throw new Error(`ui:order splits the fields of '${top}': rjsf draws an object's fields together`);
      out.push(top);
    }
  }
  return out;
}

/**
 * The rjsf uiSchema of a step: each field's `ui:widget` (its kind, a widget the registry names) and its
 * label key as `ui:title` (translated by `t` when one is given, for an rjsf theme that knows no keys); a
 * select's choices as the bundle lists them, as `ui:enumNames` (their label keys, or words with `t`) and
 * `ui:enumOrder` (their order; the schema's null left out), so that rjsf's enumOptions are the choices;
 * `ui:order` at each level, from the bundle's order; no submit button (Next is the wizard's).
 */
export function uiSchemaOf(
  order: readonly string[],
  fields: Record<
    string,
    {
      'ui:widget': FieldKind;
      'ui:options': {
        label: string;
        options?: readonly { value: string | number | boolean; label: string }[];
        indexValue?: boolean;
      };
    }
  >,
  t?: (key: string) => string,
): UiSchema {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const levels = new Map<string, string[]>([['', []]]);
  for (const f of order) {
    const parts = f.split('.');
    let node = ui;
    parts.forEach((p, i) => {
      const at = parts.slice(0, i).join('.');
      const list = levels.get(at) ?? [];
      if (!levels.has(at)) levels.set(at, list);
      if (!list.includes(p)) list.push(p);
      node = (node[p] ??= {}) as UiSchema;
    });
    const def = fields[f];
    if (def) {
      node['ui:widget'] = def['ui:widget'];
      node['ui:title'] = t ? t(def['ui:options'].label) : def['ui:options'].label;
      const { options, indexValue } = def['ui:options'];
      if (options) {
        // in index mode the engine stores each choice's position (engine/derive.ts optionsOf)
        const values = options.map((o, i) => (indexValue ? i : o.value));
        node['ui:enumOrder'] = values;
        node['ui:enumNames'] = Object.fromEntries(
          options.map((o, i) => [String(values[i]), t ? t(o.label) : o.label]),
        );
      }
    }
  }
  groups(order);
  for (const [at, list] of levels) {
    const node = (at ? at.split('.').reduce((n, p) => n[p] as UiSchema, ui) : ui) as UiSchema;
    node['ui:order'] = [...list, '*'];
  }
  return ui;
}

const byStep = new WeakMap<StepDef, Map<unknown, CardSchemas>>();

/** A step's Form schemas, compiled once per step (and translator, when titles are translated). */
export function cardSchemas(def: StepDef, t?: (key: string) => string): CardSchemas {
  let forStep = byStep.get(def);
  if (!forStep) byStep.set(def, (forStep = new Map()));
  let hit = forStep.get(t);
  if (!hit) {
    const schema = rootedSchema(def.schema) as RJSFSchema;
    hit = {
      schema,
      uiSchema: uiSchemaOf(def.ui['ui:order'], def.ui.fields, t),
      validator: createPrecompiledValidator(
        (synthetic.has(def.ui['ui:order'])
          ? { [String(schema.$id)]: ACCEPT_ALL }
          : validatorFunctions(def.schema)) as Parameters<typeof createPrecompiledValidator>[0],
        schema,
      ),
    };
    forStep.set(t, hit);
  }
  return hit;
}

/**
 * The type of every field of a step made of fields alone: any value. rjsf draws each through the field of
 * the first type, our NumberField (fields/NumberField.tsx), which hands whatever the kind's widget sends
 * over as it is; so a kind needs no schema type of its own here.
 */
const ANY_VALUE = ['number', 'string', 'boolean', 'null'];

const stepsOfFields = new WeakMap<readonly FieldState[], StepDef>();
/** the orders of the steps made of fields alone: their cards' messages are the fields' own */
const synthetic = new WeakSet<readonly string[]>();
const ACCEPT_ALL = Object.assign(() => true, { errors: null });

/**
 * A step made of a card's fields alone, for a card drawn without its bundle (a field's story): each field
 * of any type, drawn by its kind's widget.
 */
export function stepOfFields(fields: readonly FieldState[]): StepDef {
  let def = stepsOfFields.get(fields);
  if (!def) {
    let schema: DataSchema = { type: 'object', properties: {} };
    for (const f of fields) {
      const parts = f.field.split('.');
      let node = schema;
      parts.forEach((p, i) => {
        node.properties ??= {};
        node = node.properties[p] ??=
          i < parts.length - 1 ? { type: 'object', properties: {} } : { type: ANY_VALUE };
      });
    }
    schema = structuredClone(schema);
    def = {
      key: 'fields',
      title: '',
      tab: '',
      icon: '',
      path: 'fields',
      schema,
      ui: {
        'ui:order': fields.map((f) => f.field),
        fields: Object.fromEntries(
          fields.map((f) => [f.field, { 'ui:widget': f.kind, 'ui:options': { label: f.label } }]),
        ),
      },
    };
    stepsOfFields.set(fields, def);
    synthetic.add(def.ui['ui:order']);
  }
  return def;
}

const disabledOnes = new WeakMap<UiSchema, Map<string, UiSchema>>();
const withStates = new WeakMap<readonly FieldState[], { ui: UiSchema; out: UiSchema }>();

/**
 * A step's uiSchema for one card: `ui:disabled` on the fields the engine disables (inactive, or
 * read-only by a rule), so that rjsf hands `disabled` to their widgets and templates, and each field's
 * state under FIELD_STATE. One object per list of field states (the engine keeps an unchanged field the
 * same object): a field whose state did not change gets a part of the uiSchema equal to the one before.
 */
export function uiSchemaFor(ui: UiSchema, fields: readonly FieldState[]): UiSchema {
  const hit = withStates.get(fields);
  if (hit?.ui === ui) return hit.out;
  let out = disabledFor(ui, fields);
  for (const f of fields) out = setPath(out, `${f.field}.${FIELD_STATE}`, f);
  withStates.set(fields, { ui, out });
  return out;
}

/** The step's uiSchema with `ui:disabled` on the disabled fields: one object per set of them. */
function disabledFor(ui: UiSchema, fields: readonly FieldState[]): UiSchema {
  const off = fields.filter((f) => f.disabled).map((f) => f.field);
  if (!off.length) return ui;
  let forUi = disabledOnes.get(ui);
  if (!forUi) disabledOnes.set(ui, (forUi = new Map()));
  const key = off.join('|');
  let hit = forUi.get(key);
  if (!hit) {
    hit = ui;
    for (const f of off) hit = setPath(hit, `${f}.ui:disabled`, true) as UiSchema;
    forUi.set(key, hit);
  }
  return hit;
}

const shown = new WeakMap<CardState, Record<string, unknown>>();

/**
 * A card's data as its Form shows it: each field's value in display units, kept per card state; null for
 * an inactive field (emptied by the engine), so that rjsf does not put the schema's default in its place.
 */
export function formDataOf(card: CardState): Record<string, unknown> {
  let data = shown.get(card);
  if (!data) {
    data = {};
    for (const f of card.fields) data = setPath(data, f.field, f.display === undefined ? null : f.display);
    shown.set(card, data);
  }
  return data;
}

/**
 * The messages a card shows, as rjsf's extraErrors: each field's message (translated) where its state
 * has one (the engine's keyword errors and the bundle's json-logic checks alike).
 */
export function extraErrorsOf(fields: readonly FieldState[], text: (f: FieldState) => string): ErrorSchema {
  let errors: Record<string, unknown> = NO_ERRORS;
  for (const f of fields) {
    if (!f.visible || f.severity === 0 || !f.message) continue;
    errors = setPath(errors, `${f.field}.__errors`, [text(f)]) as Record<string, unknown>;
  }
  return errors as ErrorSchema;
}

const NO_ERRORS: Record<string, unknown> = {};
