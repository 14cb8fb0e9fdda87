/** The calculations behind the calculate routes: one entry point per product type. */
import { calculateAbattement, type AbattementResults } from './abattement/abattement';
import { calculateFlowLimiter, type FlowLimiterResults } from './flow-limiter/flowLimiter';
import type { Outcome, StoredProject } from './types';

export type { Reason, StoredProject, Outcome } from './types';
export type { AbattementResults, FlowLimiterResults };

/** Calculates a stored project of a product type: the results, or every reason it cannot be calculated. */
export function calculate(
  product: 'slowli' | 'skywater_manager' | 'smca',
  project: StoredProject,
): Outcome<FlowLimiterResults | AbattementResults> {
  return product === 'slowli' ? calculateFlowLimiter(project) : calculateAbattement(product, project);
}
