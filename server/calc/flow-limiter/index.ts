/** The flow-limiter sizing as a calculation a bundle names ('flow-limiter'). */
import type { Calculation } from '../calculation';
import { calculateFlowLimiter, FLOW_LIMITER_METHOD } from './flowLimiter';
import resultsSchema from './results.schema.json' with { type: 'json' };

export const calculation: Calculation = {
  run: (_bundle, project) => calculateFlowLimiter(project),
  resultsSchema,
  method: FLOW_LIMITER_METHOD,
};
