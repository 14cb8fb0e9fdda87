import { derive } from './derive';
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
    const map = bundle.mapping.steps.find((m) => m.step === def.key);
    for (const card of step.cards)
      for (const f of card.fields) {
        if (f.severity !== 2 || ignored(f.path, ignore)) continue;
        const server = map?.links ? map.links.field : map?.fields.find((x) => x.local === f.field)?.server;
        problems.push({
          field: server
            ? `steps.${def.key}.forms.${card.index}.form.${server}`
            : `steps.${def.key}.forms.${card.index}`,
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
