/** The calculations behind the calculate routes, by the name a bundle gives (`results.calculation`). */
import type { Bundle } from '../../engine';
import { calculateAbattement, type AbattementResults } from './abattement/abattement';
import { calculateFlowLimiter, type FlowLimiterResults } from './flow-limiter/flowLimiter';
import { calculateFormulas, type FormulasResults } from './formulas/formulas';
import type { Outcome, StoredProject } from './types';

export type { Reason, StoredProject, Outcome } from './types';
export type { AbattementResults, FlowLimiterResults, FormulasResults };

type Results = FlowLimiterResults | AbattementResults | FormulasResults;

/** The calculations a bundle may name. */
export const CALCULATIONS: Record<string, (bundle: Bundle, project: StoredProject) => Outcome<Results>> = {
  'flow-limiter': (_bundle, project) => calculateFlowLimiter(project),
  // The abattement method reads its climate from the product (French postcodes or Canadian regions).
  abattement: (bundle, project) =>
    calculateAbattement(bundle.productType as 'skywater_manager' | 'smca', project),
  formulas: calculateFormulas,
};

/** Calculates a stored project with its bundle's calculation: the results, or every reason it cannot be. */
export function calculate(bundle: Bundle, project: StoredProject): Outcome<Results> {
  const run = CALCULATIONS[bundle.results.calculation];
  if (!run) throw new Error(`bundle ${bundle.id}: no calculation '${bundle.results.calculation}'`);
  return run(bundle, project);
}
