/** The bundle's own formulas as a calculation a bundle names ('formulas'). */
import type { Calculation } from '../calculation';
import { calculateFormulas, FORMULAS_METHOD } from './formulas';
import resultsSchema from './results.schema.json' with { type: 'json' };

export const calculation: Calculation = {
  run: calculateFormulas,
  resultsSchema,
  method: FORMULAS_METHOD,
};
