/** The calculations behind the calculate routes, by the name a bundle gives (`results.calculation`). */
import { boundProblems, inputProblems, type Bundle, type InputProblem } from '../../engine';
import { abattementSwmm } from './abattement/swmmExport';
import type { AbattementResults, StressCase } from '../../words/results/abattement';
import type { FlowLimiterResults } from '../../words/results/flow-limiter';
import type { FormulasResults } from '../../words/results/formulas';
import { calculationNames, type CalculateOptions, type Calculation } from './calculation';
import { flowLimiterSwmm, type ExportContext } from './flow-limiter/swmmExport';
import type { Results } from '../../words/results';
import { serverProjectOf, type Outcome, type Reason, type StoredProject } from './types';

export type { Reason, StoredProject, Outcome } from './types';
export type { CalculateOptions, Calculation } from './calculation';
export type { AbattementResults, FlowLimiterResults, FormulasResults, StressCase };

export type { Results } from '../../words/results';

/**
 * The blocking problems of a project under its bundle's rules, as reasons: the project derived by the
 * engine exactly as the form derives it, so that the browser, the API and the command line refuse the
 * same answers (a drainage layer of -50 cm, 500 cm of substrate, a 2.5 cm drain board typed as 100 cm).
 */
export function projectProblems(
  bundle: Bundle,
  project: StoredProject,
  opts: CalculateOptions = {},
): Reason[] {
  return inputProblems(bundle, serverProjectOf(project), opts.ignore ? { ignore: opts.ignore } : {}).map(
    reasonOf,
  );
}

/**
 * The answers of a project beyond their bounds (a number past its schema's bound, a check the bundle
 * marks `bound`), as reasons: what a save refuses, as the form marks it.
 */
export function boundReasons(bundle: Bundle, project: StoredProject): Reason[] {
  return boundProblems(bundle, serverProjectOf(project)).map(reasonOf);
}

/** An answer the bundle's rules block, as a reason naming its field, its rule and the form's message. */
function reasonOf(p: InputProblem): Reason {
  return {
    code: 'invalid_field',
    field: p.field,
    message: `${p.path || 'the project'}: fails its rule '${p.rule}' (${p.message.key})`,
    rule: p.rule,
    rule_message: p.message.params
      ? { key: p.message.key, params: p.message.params }
      : { key: p.message.key },
  };
}

const found = await Promise.all(
  calculationNames().map(async (name) => {
    const module = (await import(`./${name}/index.ts`)) as { calculation?: Calculation };
    if (!module.calculation) throw new Error(`server/calc/${name}/index.ts: no \`calculation\` exported`);
    return [name, module.calculation] as const;
  }),
);

/** The calculations a bundle may name, by their folder's name: found once by listing server/calc. */
export const CALCULATIONS: ReadonlyMap<string, Calculation> = new Map(found);

/** The calculation a bundle names (an error when server/calc has none of that name). */
export function calculationOf(bundle: Bundle): Calculation {
  const c = CALCULATIONS.get(bundle.results.calculation);
  if (!c) throw new Error(`bundle ${bundle.id}: no calculation '${bundle.results.calculation}'`);
  return c;
}

/**
 * A file a calculation makes of a project and its results for another tool (issue 39: an EPA SWMM model),
 * written in the words of the project's messages. A bundle offers one by its `format` in
 * `results.exports` (where it appears, and for whom); GET /api/{type}/export/{format}/{id} serves it.
 */
export interface Exporter {
  /** the file name's extension and the answer's media type */
  extension: string;
  mediaType: string;
  write(project: StoredProject, results: Results, context: ExportContext): string;
}
export type { ExportContext };

/** The exports of each calculation, by format. */
export const EXPORTS: Record<string, Record<string, Exporter>> = {
  'flow-limiter': {
    swmm: {
      extension: 'inp',
      mediaType: 'text/plain; charset=utf-8',
      write: (project, results, context) => flowLimiterSwmm(project, results as FlowLimiterResults, context),
    },
  },
  abattement: {
    swmm: {
      extension: 'inp',
      mediaType: 'text/plain; charset=utf-8',
      write: (project, results, context) => abattementSwmm(project, results as AbattementResults, context),
    },
  },
};

/**
 * Calculates a stored project with its bundle's calculation, once the bundle's rules hold: the results,
 * or every reason it cannot be (first the answers the form would refuse, then the calculation's own).
 */
export function calculate(
  bundle: Bundle,
  project: StoredProject,
  opts: CalculateOptions = {},
): Outcome<Results> {
  const { run } = calculationOf(bundle);
  const problems = projectProblems(bundle, project, opts);
  if (problems.length) return { ok: false, reasons: problems };
  const out = run(bundle, project, opts);
  const beyond = out.ok ? nonFinite(out.results) : null;
  return beyond ? { ok: false, reasons: [notFinite(project, beyond)] } : out;
}

/**
 * The first figure of a calculation's results that is not a finite number (NaN, an infinity), with its
 * dotted path; null when there is none. Iterative: a results tree of 200 roofs is walked in a few ms.
 */
export function nonFinite(results: unknown): { path: string; value: number } | null {
  const stack: { v: unknown; path: string }[] = [{ v: results, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path, value: v };
    } else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v).reverse()) stack.push({ v: x, path: path ? `${path}.${k}` : k });
  }
  return null;
}

/** Answers closer to 0 than this hold no roof's figure (a Montana b of 0.01 is the smallest one bounded). */
const VANISHING = 1e-6;

/**
 * Why results holding a figure beyond what a number can hold are refused before any page, note or
 * workbook reads them. The figure comes of an answer that vanishes (a leakage of 1e-300 L/s/ha makes
 * the méthode des pluies' critical duration infinite): the answer closest to 0 below 1e-6 is named; none
 * such, the project.
 */
function notFinite(project: StoredProject, at: { path: string; value: number }): Reason {
  let field = 'steps';
  let least = VANISHING;
  for (const [key, step] of Object.entries(project.steps))
    (step?.forms ?? []).forEach((f, i) => {
      for (const [name, v] of Object.entries(f.form ?? {}))
        if (typeof v === 'number' && v !== 0 && Math.abs(v) < least) {
          least = Math.abs(v);
          field = `steps.${key}.forms.${i}.form.${name}`;
        }
    });
  return {
    code: 'not_finite',
    field,
    message: `the calculation gives ${String(at.value)} at ${at.path}: the project cannot be calculated`,
  };
}
