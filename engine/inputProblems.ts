import { compile, itemPath, itemsOf, type CompiledStep } from './compile';
import {
  applyResets,
  boundFailure,
  BOUND_KEYWORDS,
  checkMessage,
  derive,
  isInactive,
  unitSystemOf,
  type RuleContext,
} from './derive';
import { isBlank } from './fieldValue';
import { keywordErrors } from './keywords';
import { fromServer } from './mapping';
import { getPath } from './paths';
import { evaluate, truthy } from './rules';
import type { Bundle, MessageRef, ServerProject } from './types';

/** An answer of a stored project that blocks its calculation, as the form would show it. */
export interface InputProblem {
  /** where, in the stored project: steps.Toiture.forms.0.form.drain_stroke, or steps.Toiture (a step) */
  field: string;
  /** where, in the form: roofs.0.drain.thickness, or the step's path */
  path: string;
  /** the rule: a JSON Schema keyword (required, type, minimum, maximum, maxLength, format, enum), phone,
   * or `check` (one of the field's or step's checks in the bundle) */
  rule: string;
  message: MessageRef;
}

/** The stored project's path of a field of a step's card (or the step's, when it maps no such field). */
function serverPath(bundle: Bundle, def: CompiledStep['def'], index: number, field: string): string {
  const map = bundle.mapping.steps.find((m) => m.step === def.key);
  const server = map?.links ? map.links.field : map?.fields.find((x) => x.local === field)?.server;
  return server ? `steps.${def.key}.forms.${index}.form.${server}` : `steps.${def.key}.forms.${index}`;
}

/** A local path with its card numbers as `*` (roofs.3.name -> roofs.*.name). */
function pattern(path: string): string {
  return path
    .split('.')
    .map((x) => (/^\d+$/.test(x) ? '*' : x))
    .join('.');
}

/** True when `path` or one of its parents is listed (client, roofs.*.name). */
function ignored(path: string, ignore: ReadonlySet<string>): boolean {
  const parts = pattern(path).split('.');
  for (let k = 1; k <= parts.length; k += 1) if (ignore.has(parts.slice(0, k).join('.'))) return true;
  return false;
}

/**
 * Every blocking problem (severity 2) of a stored project, derived with the bundle's rules exactly as the
 * form derives it: each field's JSON Schema keywords and checks, and the steps' checks. (The bundle's
 * `calculation.requires`, what Submit also waits for, is each calculation's own first check, roof by
 * roof.) `ignore` leaves out fields at those local paths (a live preview ignores the answers the
 * calculation does not read). Empty: the project may be calculated.
 */
export function inputProblems(
  bundle: Bundle,
  project: ServerProject,
  opts: { ignore?: ReadonlySet<string> } = {},
): InputProblem[] {
  const ignore = opts.ignore ?? new Set<string>();
  const { data } = fromServer(bundle, project);
  const state = derive(bundle, data);
  const problems: InputProblem[] = [];
  state.steps.forEach((step, k) => {
    const def = bundle.steps[k]!;
    for (const card of step.cards)
      for (const f of card.fields) {
        if (f.severity !== 2 || ignored(f.path, ignore)) continue;
        problems.push({
          field: serverPath(bundle, def, card.index, f.field),
          path: f.path,
          rule: f.rule ?? 'check',
          message: f.message ?? { key: 'errors.required' },
        });
      }
    const ctx = {
      form: state.data,
      item: getPath(state.data, def.path),
      index: 0,
      unit_system: state.unitSystem,
    };
    for (const c of def.checks ?? [])
      if (c.severity === 2 && !ignored(def.path, ignore) && truthy(evaluate(c.when, ctx)))
        problems.push({
          field: `steps.${def.key}`,
          path: def.path,
          rule: 'check',
          message: { key: c.message },
        });
  });
  return problems;
}

/**
 * The answers of a stored project beyond their bounds: a number past its field's JSON Schema bound
 * (minimum, exclusiveMinimum, maximum) or failing one of the field's checks the bundle marks `bound` (a
 * limit of physics or of the catalogue), each with the form's own message, in the order of the form.
 * What a save refuses: unlike `inputProblems`, an answer still missing is no problem here (a project in
 * progress is saved), and only the bounded fields are read, without deriving the whole form.
 */
export function boundProblems(bundle: Bundle, project: ServerProject): InputProblem[] {
  const cb = compile(bundle);
  const loaded = fromServer(bundle, project).data;
  const system = unitSystemOf(bundle, loaded);
  const form = applyResets(cb, loaded, system);
  const problems: InputProblem[] = [];
  for (const step of cb.steps) {
    const bounded = step.fields.filter(
      (f) =>
        BOUND_KEYWORDS.some((k) => f.schema[k] !== undefined) || (f.rules.check ?? []).some((c) => c.bound),
    );
    if (!bounded.length || step.def.repeat?.mirror !== undefined) continue;
    itemsOf(step.def, form).forEach((item, index) => {
      const errors = keywordErrors(step, item);
      for (const f of bounded) {
        const value = getPath(item, f.field);
        if (isBlank(f, value)) continue;
        const ctx: RuleContext = { form, item, index, value, unit_system: system };
        if (isInactive(f, ctx)) continue;
        const failed = BOUND_KEYWORDS.find((k) => errors.get(f.field)?.some((e) => e.keyword === k));
        const check = failed
          ? undefined
          : (f.rules.check ?? []).find((c) => c.bound && c.severity === 2 && truthy(evaluate(c.when, ctx)));
        if (!failed && !check) continue;
        problems.push({
          field: serverPath(bundle, step.def, index, f.field),
          path: `${itemPath(step.def, index)}.${f.field}`,
          rule: failed ?? 'check',
          message: failed ? boundFailure(f, failed, system).message : checkMessage(check!, ctx),
        });
      }
    });
  }
  return problems;
}
