import type { Bundle, DataSchema, StepDef } from '../../engine';
import { fieldSchema } from '../../engine/compile';
import { linkOptions, mapOfPath } from '../../engine/mapping';
import { maxCards } from '../../engine/derive';

type JsonSchema = Record<string, unknown>;

function typesOf(s: DataSchema): string[] {
  const t = s.type;
  return Array.isArray(t) ? t : t ? [t] : [];
}

/** The server-side schema of one mapped value: the local field's type made nullable, its enum and length. */
function valueSchema(s: DataSchema, legacy: Record<string, string> | undefined): JsonSchema {
  const types = new Set(typesOf(s));
  if (types.has('integer') || types.has('number')) {
    types.delete('integer');
    types.add('number');
  }
  types.add('null');
  const out: JsonSchema = { type: [...types] };
  if (s.enum) out.enum = [...new Set([...s.enum, null, ...Object.keys(legacy ?? {})])];
  if (typeof s.maxLength === 'number') out.maxLength = s.maxLength;
  if (s.format === 'email') out.format = 'email';
  return out;
}

function stepsAt(bundle: Bundle, path: string): StepDef[] {
  return bundle.steps.filter((s) => s.path === path);
}

function formSchema(bundle: Bundle, stepKey: string): JsonSchema {
  const sm = bundle.mapping.steps.find((m) => m.step === stepKey);
  const step = bundle.steps.find((s) => s.key === stepKey && s.repeat?.mirror === undefined);
  if (!sm || !step) throw new Error(`bundle ${bundle.id} maps no step ${stepKey}`);
  const properties: Record<string, JsonSchema> = {};
  for (const fm of sm.fields) {
    if (fm.root) {
      properties[fm.server] = fm.local === 'unit_system' ? { enum: [...bundle.unitSystems, null] } : {};
      continue;
    }
    const found = stepsAt(bundle, step.path)
      .map((s) => fieldSchema(s.schema, fm.local))
      .find((x) => x !== undefined);
    if (!found) throw new Error(`bundle ${bundle.id}: no field ${fm.local}`);
    properties[fm.server] = valueSchema(found.schema, fm.legacy);
  }
  return { type: 'object', additionalProperties: false, properties };
}

const UUID = { type: 'string', maxLength: 100 };

/**
 * A link's end as the wizard sends it (engine mapping.ts toServer): the server form of the item it names
 * (a roof, a ground), its mapped fields only, and its uuid. Before, any object was taken and stored as
 * sent: 0.9 MB of junk a project, outside every storage quota (a helper's attack, 2026-11-29).
 */
function linkedForm(bundle: Bundle, path: string): JsonSchema {
  const mapped = mapOfPath(bundle, path);
  if (!mapped) throw new Error(`bundle ${bundle.id}: a link names items at ${path}, which no step maps`);
  const form = formSchema(bundle, mapped.sm.step);
  return { ...form, properties: { ...(form.properties as Record<string, JsonSchema>), uuid: UUID } };
}

/** The schema of a links mapping's form: its source item, and its destination item or the sewer's words. */
function linkSchema(bundle: Bundle, links: NonNullable<Bundle['mapping']['steps'][number]['links']>) {
  // the items the destination's list offers (roofs, grounds), as toServer reads them
  const targets =
    linkOptions(bundle, links.from, links.field)?.sources.map((src) => linkedForm(bundle, src.path)) ?? [];
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      source: {
        anyOf: [linkedForm(bundle, links.from), { type: 'string', maxLength: 100 }, { type: 'null' }],
      },
      destination: { anyOf: [...targets, { type: 'string', maxLength: 255 }, { type: 'null' }] },
    },
  };
}

const STEP_FRAME = (forms: JsonSchema, maxItems: number): JsonSchema => ({
  type: 'object',
  required: ['forms'],
  properties: {
    name: { type: 'string', maxLength: 255 },
    forms: { type: 'array', maxItems, items: forms },
    state: { type: 'integer', minimum: 0, maximum: 3 },
    condition_value: {},
    toApi: {},
  },
});

/**
 * The JSON Schema of a project body in the server format of a bundle (seed 000 and 001 section 3),
 * derived from the bundle's mapping so that the bundle stays the one source of truth: each form holds
 * exactly the mapped server fields, with the local field's type (nullable), enumeration (plus legacy
 * labels) and maximum length. Range checks are not repeated here: a project in progress may hold
 * values the wizard still flags; the calculation refuses them (422).
 */
export function serverSchema(bundle: Bundle): JsonSchema {
  const steps: Record<string, JsonSchema> = {};
  for (const sm of bundle.mapping.steps) {
    const item = sm.links
      ? {
          type: 'object',
          required: ['form'],
          properties: { form: linkSchema(bundle, sm.links), uuid: UUID },
        }
      : {
          type: 'object',
          required: ['form'],
          properties: { form: formSchema(bundle, sm.step), uuid: UUID },
        };
    const step = bundle.steps.find((st) => st.key === sm.step);
    const mirrored = step?.repeat?.mirror
      ? bundle.steps.find((st) => st.path === step.repeat!.mirror && st.repeat)
      : step;
    steps[sm.step] = STEP_FRAME(item, mirrored?.repeat ? maxCards(mirrored.repeat) : 1);
  }
  return {
    type: 'object',
    required: ['steps'],
    properties: {
      id: { type: ['string', 'null'], maxLength: 64 },
      version: { type: ['integer', 'null'], minimum: 1 },
      steps: {
        type: 'object',
        // every step a save must carry: the non-gated, non-mirrored ones (a gated step may be absent)
        required: bundle.steps
          .filter((st) => !st.gate && st.repeat?.mirror === undefined)
          .map((st) => st.key),
        additionalProperties: false,
        properties: steps,
      },
    },
  };
}
