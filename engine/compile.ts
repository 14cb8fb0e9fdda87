import { getPath, splitPath } from './paths';
import { operatorOf } from './rules';
import type { Bundle, DataSchema, FieldRules, FieldUi, StepDef } from './types';

/** One field of one step, with everything the derivation needs precomputed. */
export interface CompiledField {
  step: number;
  field: string; // path inside the item
  ui: FieldUi;
  schema: DataSchema;
  required: boolean;
  rules: FieldRules;
  /** paths inside the same item whose change can change this field's state */
  itemDeps: string[];
  /** absolute patterns ('project.retention.volume', 'roofs.*.name') whose change can change this field */
  formDeps: string[];
  /**
   * the patterns of `formDeps` that only its options' labels read ('roofs.*.name' for a spill's list of
   * roofs), and no rule of the field
   */
  labelDeps: string[];
  /** the same two lists for the `update` rules only (what triggers an update) */
  updateItemDeps: string[];
  updateFormDeps: string[];
  /** the same for the `condition` rule only (what can make the field inactive) */
  conditionItemDeps: string[];
  conditionFormDeps: string[];
}

export interface CompiledStep {
  def: StepDef;
  index: number;
  repeat: boolean;
  fields: CompiledField[];
  /** absolute patterns read by the step's totals and checks */
  formDeps: string[];
}

export interface CompiledBundle {
  bundle: Bundle;
  steps: CompiledStep[];
}

/** The JSON Schema of the field at dotted `field` inside an item schema, and whether it is required. */
export function fieldSchema(
  item: DataSchema,
  field: string,
): { schema: DataSchema; required: boolean } | undefined {
  let cur: DataSchema | undefined = item;
  let required = false;
  for (const seg of splitPath(field)) {
    if (!cur?.properties) return undefined;
    required = (cur.required ?? []).includes(seg);
    cur = cur.properties[seg];
  }
  return cur ? { schema: cur, required } : undefined;
}

interface Deps {
  item: Set<string>;
  form: Set<string>;
}

const AGGREGATES = new Set(['sum_of', 'unique_in', 'cycle_in']);

/** Collects the data paths a json-logic rule reads into `deps` (item-relative and absolute). */
export function collectDeps(rule: unknown, self: string, deps: Deps): void {
  const node = operatorOf(rule);
  if (!node) {
    if (Array.isArray(rule)) rule.forEach((r) => collectDeps(r, self, deps));
    return;
  }
  const { op, args } = node;
  if (op === 'var') {
    const path = args[0];
    if (typeof path !== 'string') return;
    if (path === 'value') deps.item.add(self);
    else if (path.startsWith('item.')) deps.item.add(path.slice(5));
    else if (path === 'item') deps.item.add('');
    else if (path.startsWith('form.')) deps.form.add(path.slice(5));
    else if (path === 'unit_system') deps.form.add('unit_system');
    return;
  }
  const first = operatorOf(args[0]);
  if (
    AGGREGATES.has(op) &&
    first?.op === 'var' &&
    typeof first.args[0] === 'string' &&
    typeof args[1] === 'string'
  ) {
    const arrayPath = first.args[0];
    // an aggregate reads one field of every item, not the whole array
    if (arrayPath.startsWith('form.')) deps.form.add(`${arrayPath.slice(5)}.*.${args[1]}`);
    args.slice(2).forEach((a) => collectDeps(a, self, deps));
    return;
  }
  args.forEach((a) => collectDeps(a, self, deps));
}

function depsOf(rules: unknown[], self: string): Deps {
  const deps: Deps = { item: new Set(), form: new Set() };
  for (const r of rules) collectDeps(r, self, deps);
  return deps;
}

function compileField(step: StepDef, index: number, field: string): CompiledField {
  const ui = step.ui.fields[field];
  const found = fieldSchema(step.schema, field);
  if (!ui || !found) throw new Error(`step ${step.key}: field '${field}' has no ui or schema`);
  const rules = step.rules?.[field] ?? {};
  const all: unknown[] = [rules.condition?.when, rules.readonly];
  for (const c of rules.check ?? []) all.push(c.when, ...Object.values(c.params ?? {}));
  const deps = depsOf(all, field);
  const labels = (ui['ui:options']?.dataOptions?.sources ?? [])
    .map((src) => `${src.path}.*.${src.labelField}`)
    .filter((p) => !deps.form.has(p));
  for (const p of labels) deps.form.add(p);
  const updates = depsOf(
    (rules.update ?? []).flatMap((u) => [u.when, u.set]),
    field,
  );
  const cond = depsOf([rules.condition?.when], field);
  return {
    step: index,
    field,
    ui,
    schema: found.schema,
    required: found.required,
    rules,
    itemDeps: [...deps.item],
    formDeps: [...deps.form],
    labelDeps: labels,
    updateItemDeps: [...updates.item],
    updateFormDeps: [...updates.form],
    conditionItemDeps: [...cond.item],
    conditionFormDeps: [...cond.form],
  };
}

const cache = new WeakMap<Bundle, CompiledBundle>();

/** Compiles a (loaded) bundle once; later calls with the same object return the cached result. */
/**
 * A bundle made ready to run without its checks: what the production app does with bundles already
 * checked when it was built (vite.config.ts) and by `npm run bundles:check`.
 */
export function compileBundle(json: unknown): Bundle {
  const bundle = json as Bundle;
  compile(bundle);
  return bundle;
}

export function compile(bundle: Bundle): CompiledBundle {
  const hit = cache.get(bundle);
  if (hit) return hit;
  const steps = bundle.steps.map((def, index): CompiledStep => {
    const stepDeps = depsOf(
      [...(def.totals ?? []).map((t) => t.value), ...(def.checks ?? []).map((c) => c.when)],
      '',
    );
    return {
      def,
      index,
      repeat: def.repeat !== undefined,
      fields: def.ui['ui:order'].map((f) => compileField(def, index, f)),
      formDeps: [...stepDeps.form],
    };
  });
  const compiled = { bundle, steps };
  cache.set(bundle, compiled);
  return compiled;
}

/** The items (cards) of a step in `data`: the array for a repeating step (empty when its gate is closed), else the one object. */
export function itemsOf(step: StepDef, data: unknown): unknown[] {
  if (step.gate && getPath(data, step.gate.path) !== true) return [];
  const v = getPath(data, step.path);
  if (step.repeat) return Array.isArray(v) ? v : [];
  return [v ?? {}];
}

/** Absolute path of item `index` of a step ('roofs.3' or 'project'). */
export function itemPath(step: StepDef, index: number): string {
  return step.repeat ? `${step.path}.${index}` : step.path;
}
