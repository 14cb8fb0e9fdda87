/**
 * The numeric answers of each calculator, read from its bundle, and projects holding one of them beyond
 * physics (issue 36 item 5): what the bounds tests send through the API, the project-file import and the
 * command line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle, setPath, type Bundle } from '../../engine';
import { fieldSchema } from '../../engine/compile';
import { projectBody } from './projects.fixtures';

export type CalcId = 'sl' | 'sm' | 'smca';
/** The API product type of each calculator. */
export const TYPE: Record<CalcId, string> = { sl: 'slowli', sm: 'skywater_manager', smca: 'smca' };

const ROOT = join(import.meta.dirname, '../../schemas');
const bundles = new Map<CalcId, Bundle>();
/** A calculator's bundle, loaded once. */
export function bundleOf(id: CalcId): Bundle {
  let b = bundles.get(id);
  if (!b) bundles.set(id, (b = loadBundle(JSON.parse(readFileSync(join(ROOT, id, 'bundle.json'), 'utf8')))));
  return b;
}

/** A numeric answer: where it lies in the form (its first card) and in the stored project. */
export interface NumericField {
  local: string;
  step: string;
  server: string;
}

/** Every numeric answer of a calculator's steps (the fields whose schema type is a number). */
export function numericFields(id: CalcId): NumericField[] {
  const bundle = bundleOf(id);
  return bundle.steps.flatMap((s) => {
    if (s.repeat?.mirror !== undefined) return [];
    const map = bundle.mapping.steps.find((m) => m.step === s.key);
    return s.ui['ui:order'].flatMap((field) => {
      const t = fieldSchema(s.schema, field)?.schema.type;
      const types = Array.isArray(t) ? t : [t];
      if (!types.includes('number') && !types.includes('integer')) return [];
      const server = map?.fields.find((f) => f.local === field)?.server;
      if (!server) throw new Error(`${id}: ${s.key}.${field} is not mapped`);
      return [{ local: `${s.repeat ? `${s.path}.0` : s.path}.${field}`, step: s.key, server }];
    });
  });
}

type Data = Record<string, unknown>;
/**
 * What makes a field an answer the form reads (its question answered yes, the choice that shows it),
 * for the fields the valid project leaves hidden; keyed by calculator and local path.
 */
const SHOWN: Record<string, (d: Data) => Data> = {
  'sl:project.leakage.volume': (d) => setPath(d, 'project.leakage.has_leakage', true),
  'sl:project.retention.volume': (d) => setPath(d, 'project.retention.has_retention', true),
  'sl:project.retention.height': (d) => setPath(d, 'project.retention.has_retention', true),
  'sl:roofs.0.gravel_thickness': (d) => setPath(d, 'roofs.0.type', 'GRAVILLON'),
  'sm:project.limitations': (d) => setPath(d, 'project.postcode', '69003'),
  'smca:project.volume': (d) => setPath(d, 'project.has_volume', true),
  'smca:grounds.0.surface': (d) =>
    setPath(setPath(d, 'has_ground', true), 'grounds', [
      { name: 'Garden', surface: 10, type: 'PLEINE_TERRE' },
    ]),
};
const typedRain = (d: Data) =>
  setPath(d, 'project.rain', {
    source: 'saisi',
    return_period: '10',
    a: 15.096,
    b: 0.803,
    duration_min: 30,
    duration_max: 360,
    reference: 'Arrêté préfectoral',
  });
for (const f of ['a', 'b', 'duration_min', 'duration_max']) SHOWN[`sl:project.rain.${f}`] = typedRain;

/**
 * A complete project body (the server format a save sends) of the calculator's valid project with
 * `patch` applied to its form; throws when the form does not keep an answer the patch sets (a hidden
 * field is reset), so that no test sends less than it means to.
 */
export function bodyWith(id: CalcId, patch: Record<string, unknown>, unitSystem?: 'IMPERIAL') {
  const body = projectBody(id, (d) => {
    let out: Data = d;
    for (const [path, value] of Object.entries(patch)) {
      out = (SHOWN[`${id}:${path}`] ?? ((x: Data) => x))(out);
      out = setPath(out, path, value);
    }
    if (unitSystem) out = setPath(out, 'unit_system', unitSystem);
    Object.assign(d, out);
  });
  for (const [path, value] of Object.entries(patch)) {
    const f = numericFields(id).find((x) => x.local === path);
    if (!f) continue;
    const index = Number(/\.(\d+)\./.exec(path)?.[1] ?? 0);
    const scale = bundleOf(id)
      .mapping.steps.find((m) => m.step === f.step)
      ?.fields.find((x) => x.server === f.server)?.scale;
    const kept = body.steps[f.step]?.forms[index]?.form[f.server];
    if (kept !== (scale === undefined || typeof value !== 'number' ? value : value * scale))
      throw new Error(`${id}: ${path} = ${String(value)} is not kept (${String(kept)})`);
  }
  return body;
}

/** A field's path in the stored project, as a refusal names it. */
export const storedPath = (f: NumericField): string => {
  const index = Number(/\.(\d+)\./.exec(f.local)?.[1] ?? 0);
  return `steps.${f.step}.forms.${index}.form.${f.server}`;
};

/** A project file (the format of GET /api/{type}/project/{id}/file) holding `steps`. */
export const projectFile = (id: CalcId, steps: unknown) => ({
  format: 'roof-rainwater-project',
  version: 1,
  product_type: TYPE[id],
  name: 'Imported',
  steps,
});

/** French and English numbers group thousands with a (narrow) no-break space or a comma: read as a space. */
export const plain = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ');
