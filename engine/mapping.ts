import { compile, fieldSchema } from './compile';
import { defaultItem, emptyData } from './emptyData';
import { getPath, setPath } from './paths';
import type {
  Bundle,
  DataOptions,
  FieldMap,
  HistoryRecordColumn,
  ServerProject,
  ServerStep,
  StoredStep,
  StepDef,
  StepMap,
  StepStatus,
} from './types';

const PRECISION = 1e9;

/**
 * Drops binary noise from a scaled number (400 mm * 0.1 -> 40 cm, not 40.00000000000001); a number too
 * large to round so (1e300 and up) is kept as it is, never made an infinity (stored as null).
 */
function clean(n: number): number {
  const r = Math.round(n * PRECISION) / PRECISION;
  return Number.isFinite(r) ? r : n;
}

function stepByKey(bundle: Bundle, key: string): StepDef {
  const s =
    bundle.steps.find((x) => x.key === key && x.repeat?.mirror === undefined) ??
    bundle.steps.find((x) => x.key === key);
  if (!s) throw new Error(`mapping names step '${key}', which bundle '${bundle.id}' does not have`);
  return s;
}

function isNumberSchema(step: StepDef, local: string): boolean {
  const t = fieldSchema(step.schema, local)?.schema.type;
  return (
    t === 'number' || t === 'integer' || (Array.isArray(t) && (t.includes('number') || t.includes('integer')))
  );
}

/** Local value -> server value: empty optional numbers become null, numbers are floats, `scale` applied. */
function toServerValue(step: StepDef, fm: FieldMap, v: unknown): unknown {
  if (v === undefined) return null;
  if (!isNumberSchema(step, fm.local)) return v;
  if (v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number.parseFloat(String(v));
  if (!Number.isFinite(n)) return null;
  return fm.scale === undefined ? n : clean(n * fm.scale);
}

/** Server value -> local value: legacy labels -> codes, `scale` undone. */
function toLocalValue(step: StepDef, fm: FieldMap, v: unknown): unknown {
  if (typeof v === 'string' && fm.legacy && v in fm.legacy) return fm.legacy[v];
  if (v === undefined) return null;
  if (!isNumberSchema(step, fm.local) || v === null) return v;
  const n = typeof v === 'number' ? v : Number.parseFloat(String(v));
  if (!Number.isFinite(n)) return null;
  return fm.scale === undefined ? n : clean(n / fm.scale);
}

function mapForm(step: StepDef, sm: StepMap, item: unknown, root?: unknown): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const fm of sm.fields) {
    if (fm.root) {
      if (root !== undefined) form[fm.server] = getPath(root, fm.local) ?? null;
    } else form[fm.server] = toServerValue(step, fm, getPath(item, fm.local));
  }
  return form;
}

function uuidOf(sm: StepMap, index: number): string {
  return sm.uuid.replace('{key}', sm.step).replace('{index}', String(index));
}

/** The data-options declaration of the field a links mapping reads (the spill destination). */
export function linkOptions(bundle: Bundle, from: string, field: string): DataOptions | undefined {
  for (const step of compile(bundle).steps) {
    if (step.def.path !== from) continue;
    const f = step.fields.find((x) => x.field === field);
    if (f?.ui['ui:options']?.dataOptions) return f.ui['ui:options'].dataOptions;
  }
  return undefined;
}

/** The StepMap (and step) whose items live at `path` and are not a links mapping. */
export function mapOfPath(bundle: Bundle, path: string): { sm: StepMap; step: StepDef } | undefined {
  for (const sm of bundle.mapping.steps) {
    if (sm.links) continue;
    const step = stepByKey(bundle, sm.step);
    if (step.path === path) return { sm, step };
  }
  return undefined;
}

function matchTemplate(template: string, value: string): number | undefined {
  const [prefix = '', suffix = ''] = template.split('{index}');
  if (!value.startsWith(prefix) || !value.endsWith(suffix)) return undefined;
  const rest = value.slice(prefix.length, value.length - suffix.length);
  return /^\d+$/.test(rest) ? Number(rest) : undefined;
}

function serverState(bundle: Bundle, key: string, status: StepStatus | undefined): number {
  const m = bundle.mapping;
  const fixed = m.fixedState?.[key];
  if (fixed !== undefined) return fixed;
  return m.statusToState[String(status ?? 0)] ?? m.defaultState;
}

/**
 * Local model + step statuses -> the stored project of the server format: one step per mapping entry,
 * forms `{ form, uuid }` with the server's field names, uuids from the template (Client0, Toiture3),
 * step states from the status mapping, gated steps saved empty with condition_value false when closed,
 * and links steps (Deversement) as `{ source, destination }` with the sewer as a plain string.
 */
export function toServer(
  bundle: Bundle,
  data: Record<string, unknown>,
  statuses: StepStatus[],
  id?: string,
): ServerProject {
  const steps: Record<string, ServerStep> = {};
  const statusOf = (key: string): StepStatus | undefined =>
    statuses[bundle.steps.findIndex((s) => s.key === key)];
  for (const sm of bundle.mapping.steps) {
    const step = stepByKey(bundle, sm.step);
    let forms: ServerStep['forms'];
    let conditionValue: unknown = true;
    if (sm.links) {
      const links = sm.links;
      const source = mapOfPath(bundle, links.from);
      const options = linkOptions(bundle, links.from, links.field);
      const items = getPath(data, links.from);
      forms = (Array.isArray(items) ? items : []).map((item, i) => {
        const dest = getPath(item, links.field);
        let destination: unknown = links.sewer;
        if (typeof dest === 'string' && dest !== '' && options) {
          for (const src of options.sources) {
            const j = matchTemplate(src.value, dest);
            const target = mapOfPath(bundle, src.path);
            const targetItem = getPath(data, `${src.path}.${j}`);
            if (j !== undefined && target && targetItem !== undefined) {
              destination = { ...mapForm(target.step, target.sm, targetItem), uuid: uuidOf(target.sm, j) };
            }
          }
        }
        const src = source ? { ...mapForm(source.step, source.sm, item), uuid: uuidOf(source.sm, i) } : null;
        return { form: { source: src, destination }, uuid: uuidOf(sm, i) };
      });
    } else if (step.repeat) {
      const open = step.gate ? getPath(data, step.gate.path) === true : true;
      if (step.gate) conditionValue = open;
      const items = getPath(data, step.path);
      forms = (open && Array.isArray(items) ? items : []).map((item, i) => ({
        form: mapForm(step, sm, item),
        uuid: uuidOf(sm, i),
      }));
    } else {
      forms = [{ form: mapForm(step, sm, getPath(data, step.path), data), uuid: uuidOf(sm, 0) }];
    }
    steps[sm.step] = {
      name: sm.step,
      forms,
      state: serverState(bundle, sm.step, statusOf(sm.step)),
      condition_value: conditionValue,
      toApi: true,
    };
  }
  return id === undefined ? { steps } : { id, steps };
}

function unmapForm(
  step: StepDef,
  sm: StepMap,
  form: Record<string, unknown>,
  base: Record<string, unknown>,
): Record<string, unknown> {
  let item = base;
  for (const fm of sm.fields) {
    if (!fm.root) item = setPath(item, fm.local, toLocalValue(step, fm, form[fm.server]));
  }
  return item;
}

/**
 * The stored project -> local model and step statuses: server names back to local ones, legacy labels to
 * codes, scales undone, missing fields given their defaults, links back to data-select values
 * ('roof_2', 'ground_0', '' for the sewer), status from the step state (absent step: 0).
 */
export function fromServer(
  bundle: Bundle,
  project: { steps: Record<string, StoredStep | undefined> },
): { data: Record<string, unknown>; statuses: StepStatus[] } {
  let data = emptyData(bundle);
  for (const sm of bundle.mapping.steps) {
    if (sm.links) continue;
    const step = stepByKey(bundle, sm.step);
    const srv = project.steps[sm.step];
    if (!srv) continue;
    if (step.repeat) {
      const items = srv.forms.map((f) => unmapForm(step, sm, f.form, defaultItem(bundle, step.path)));
      data = setPath(data, step.path, items);
      if (step.gate) data = setPath(data, step.gate.path, srv.condition_value !== false && items.length > 0);
    } else {
      const first = srv.forms[0];
      if (first) {
        data = setPath(
          data,
          step.path,
          unmapForm(step, sm, first.form, getPath(data, step.path) as Record<string, unknown>),
        );
        for (const fm of sm.fields) {
          const v = first.form[fm.server];
          if (fm.root && v !== undefined && v !== null) data = setPath(data, fm.local, v);
        }
      }
    }
  }
  for (const sm of bundle.mapping.steps) {
    const links = sm.links;
    const srv = project.steps[sm.step];
    if (!links || !srv) continue;
    const options = linkOptions(bundle, links.from, links.field);
    const source = mapOfPath(bundle, links.from);
    srv.forms.forEach((f, n) => {
      const form = f.form as { source?: { uuid?: unknown }; destination?: unknown };
      const i =
        source && typeof form.source?.uuid === 'string'
          ? matchTemplate(source.sm.uuid.replace('{key}', source.sm.step), form.source.uuid)
          : n;
      if (i === undefined) return;
      let value: string = options?.first?.value ?? '';
      const dest = form.destination;
      if (
        dest !== null &&
        typeof dest === 'object' &&
        typeof (dest as { uuid?: unknown }).uuid === 'string'
      ) {
        const uuid = (dest as { uuid: string }).uuid;
        for (const src of options?.sources ?? []) {
          const target = mapOfPath(bundle, src.path);
          const j = target ? matchTemplate(target.sm.uuid.replace('{key}', target.sm.step), uuid) : undefined;
          if (j !== undefined) value = src.value.replace('{index}', String(j));
        }
      }
      if (getPath(data, `${links.from}.${i}`) !== undefined)
        data = setPath(data, `${links.from}.${i}.${links.field}`, value);
    });
  }
  const m = bundle.mapping;
  const statuses = bundle.steps.map((s): StepStatus => {
    const srv = project.steps[s.key];
    return srv ? (m.stateToStatus[String(srv.state)] ?? 0) : 0;
  });
  return { data, statuses };
}

/**
 * A history column (the site's name, the client's company) read from the local model, as the server
 * reads it from the stored project on save (bundle.history.record: a server field of a step's first
 * form): what the pages show as the project's name. Undefined when the bundle names no such column, or
 * the answer is blank.
 */
export function recordOf(
  bundle: Bundle,
  data: Record<string, unknown>,
  column: HistoryRecordColumn,
): string | undefined {
  const where = bundle.history.record?.[column];
  const sm = where && bundle.mapping.steps.find((s) => s.step === where.step && !s.links);
  const fm = sm?.fields.find((f) => f.server === where!.field);
  if (!sm || !fm) return undefined;
  const step = stepByKey(bundle, sm.step);
  const item = fm.root
    ? data
    : step.repeat
      ? (getPath(data, step.path) as unknown[] | undefined)?.[0]
      : getPath(data, step.path);
  const v = getPath(item, fm.local);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}
