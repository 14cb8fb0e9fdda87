import { BundleError } from './BundleError';
import { compile, fieldSchema } from './compile';
import { KNOWN_OPERATORS, operatorOf } from './rules';
import type { Bundle, StepDef } from './types';

const ROOTS = new Set(['form', 'item', 'index', 'value', 'unit_system']);

/** Checks every operator and every `var` of a rule; `at` is the rule's JSON pointer. */
function checkRule(rule: unknown, at: string, step: StepDef | undefined, modelPaths: Set<string>): void {
  if (Array.isArray(rule)) {
    rule.forEach((r, i) => checkRule(r, `${at}/${i}`, step, modelPaths));
    return;
  }
  const node = operatorOf(rule);
  if (!node) return;
  const { op, args } = node;
  if (!KNOWN_OPERATORS.has(op)) throw new BundleError(at, `unknown json-logic operator '${op}'`);
  if (op === 'var') {
    const path = args[0];
    if (typeof path !== 'string' || path === '') return;
    const [root = '', ...rest] = path.split('.');
    if (!ROOTS.has(root))
      throw new BundleError(at, `var '${path}' must start with form, item, index, value or unit_system`);
    const inner = rest.join('.');
    if (root === 'item' && inner !== '') {
      const ok = step && bundleStepsAt(step).some((s) => fieldSchema(s.schema, inner) !== undefined);
      if (!ok) throw new BundleError(at, `var '${path}': the step has no field '${inner}'`);
    }
    if (root === 'form' && inner !== '' && !modelPaths.has(inner.replace(/\.\d+(?=\.|$)/g, '.*'))) {
      throw new BundleError(at, `var '${path}': the form model has no '${inner}'`);
    }
    return;
  }
  args.forEach((a, i) => checkRule(a, `${at}/${op}/${i}`, step, modelPaths));
}

let stepsByPath: Map<string, StepDef[]> = new Map();
function bundleStepsAt(step: StepDef): StepDef[] {
  return stepsByPath.get(step.path) ?? [step];
}

/** Every path of the local model a rule may read through `form.` ('roofs', 'roofs.*.name', 'project.city'). */
function modelPathsOf(bundle: Bundle): Set<string> {
  const out = new Set<string>(['unit_system']);
  const walk = (schema: StepDef['schema'], prefix: string): void => {
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      out.add(`${prefix}.${k}`);
      if (s.properties) walk(s, `${prefix}.${k}`);
    }
  };
  for (const step of bundle.steps) {
    out.add(step.path);
    if (step.gate) out.add(step.gate.path);
    walk(step.schema, step.repeat ? `${step.path}.*` : step.path);
  }
  return out;
}

/**
 * Checks what a JSON Schema cannot say about a bundle already shaped like one: every ordered field has a ui
 * entry and a data schema, every rule targets an existing field, uses known operators and reads existing
 * paths, the mapping names existing steps and fields. Then compiles it. Throws a BundleError naming the
 * place. The browser uses this alone (no schema compiler, so no eval under the page's CSP); loadBundle
 * adds the meta-schema check for the server and the tests.
 */
export function prepareBundle(json: unknown): Bundle {
  const bundle = json as unknown as Bundle;
  stepsByPath = new Map();
  for (const s of bundle.steps) stepsByPath.set(s.path, [...(stepsByPath.get(s.path) ?? []), s]);
  const modelPaths = modelPathsOf(bundle);
  const keys = new Set<string>();
  bundle.steps.forEach((step, si) => {
    const at = `/steps/${si}`;
    if (keys.has(step.key) && step.repeat?.mirror === undefined)
      throw new BundleError(`${at}/key`, `duplicate step key '${step.key}'`);
    keys.add(step.key);
    if (step.repeat?.mirror !== undefined && step.repeat.mirror !== step.path)
      throw new BundleError(`${at}/repeat/mirror`, `a mirrored step must have path '${step.repeat.mirror}'`);
    step.ui['ui:order'].forEach((f, i) => {
      if (!step.ui.fields[f]) throw new BundleError(`${at}/ui/ui:order/${i}`, `field '${f}' has no ui entry`);
      if (!fieldSchema(step.schema, f))
        throw new BundleError(`${at}/ui/ui:order/${i}`, `field '${f}' is not in the step schema`);
    });
    for (const f of Object.keys(step.ui.fields)) {
      if (!step.ui['ui:order'].includes(f))
        throw new BundleError(`${at}/ui/fields/${f}`, `field '${f}' is missing from ui:order`);
    }
    for (const [f, rules] of Object.entries(step.rules ?? {})) {
      if (!step.ui.fields[f])
        throw new BundleError(`${at}/rules/${f}`, `rules for '${f}', which is not a field of the step`);
      checkRule(rules.condition?.when, `${at}/rules/${f}/condition/when`, step, modelPaths);
      checkRule(rules.readonly, `${at}/rules/${f}/readonly`, step, modelPaths);
      (rules.update ?? []).forEach((u, i) => {
        checkRule(u.when, `${at}/rules/${f}/update/${i}/when`, step, modelPaths);
        checkRule(u.set, `${at}/rules/${f}/update/${i}/set`, step, modelPaths);
      });
      (rules.check ?? []).forEach((c, i) => {
        checkRule(c.when, `${at}/rules/${f}/check/${i}/when`, step, modelPaths);
        for (const [k, p] of Object.entries(c.params ?? {}))
          checkRule(p, `${at}/rules/${f}/check/${i}/params/${k}`, step, modelPaths);
      });
    }
    (step.totals ?? []).forEach((t, i) => checkRule(t.value, `${at}/totals/${i}/value`, step, modelPaths));
    (step.checks ?? []).forEach((c, i) => checkRule(c.when, `${at}/checks/${i}/when`, step, modelPaths));
    for (const [f, ui] of Object.entries(step.ui.fields)) {
      for (const [i, src] of (ui['ui:options'].dataOptions?.sources ?? []).entries()) {
        if (!modelPaths.has(src.path))
          throw new BundleError(
            `${at}/ui/fields/${f}/ui:options/dataOptions/sources/${i}/path`,
            `no list '${src.path}' in the form model`,
          );
      }
    }
  });
  if (bundle.calculation)
    checkRule(bundle.calculation.requires, '/calculation/requires', undefined, modelPaths);
  bundle.mapping.steps.forEach((sm, i) => {
    const step = bundle.steps.find((s) => s.key === sm.step);
    if (!step) throw new BundleError(`/mapping/steps/${i}/step`, `no step '${sm.step}'`);
    sm.fields.forEach((fm, j) => {
      if (fm.root) {
        if (step.repeat || !modelPaths.has(fm.local))
          throw new BundleError(
            `/mapping/steps/${i}/fields/${j}/local`,
            `root field '${fm.local}' must be a model path mapped from a non-repeating step`,
          );
        return;
      }
      const owner = (stepsByPath.get(step.path) ?? [step]).find((s) => fieldSchema(s.schema, fm.local));
      if (!owner)
        throw new BundleError(
          `/mapping/steps/${i}/fields/${j}/local`,
          `step '${sm.step}' has no field '${fm.local}'`,
        );
    });
    if (sm.links && !modelPaths.has(sm.links.from))
      throw new BundleError(`/mapping/steps/${i}/links/from`, `no list '${sm.links.from}' in the form model`);
  });
  compile(bundle);
  return bundle;
}
