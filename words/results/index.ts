/**
 * The results contracts' types (issue 29): each generated from its calculation's results schema
 * (server/calc/<calculation>/results.schema.json, `npm run results:types`), here on the framework-free
 * floor so that the calculation, the result views and charts, the PDF and the Excel file read the same
 * type. Results arrive as JSON (an answer, a stored project): the guards below tell a calculation's
 * results by the list that only they carry, so no reader casts them.
 */
import type { AbattementResults } from './abattement';
import type { FlowLimiterResults } from './flow-limiter';
import type { FormulasResults } from './formulas';

export type { AbattementResults, FlowLimiterResults, FormulasResults };

/** What a calculation answers: the results of one of the calculations a bundle may name. */
export type Results = FlowLimiterResults | AbattementResults | FormulasResults;

const has = (r: unknown, list: string): boolean =>
  typeof r === 'object' && r !== null && list in r && Array.isArray(Reflect.get(r, list));

/** Whether results are an abattement water balance's (they list the roofs' results). */
export function isAbattementResults(r: unknown): r is AbattementResults {
  return has(r, 'toitureResults');
}

/** Whether results are a flow-limiter sizing's (they list the limiters). */
export function isFlowLimiterResults(r: unknown): r is FlowLimiterResults {
  return has(r, 'limiters');
}

/** Whether results are a `formulas` calculation's (they list the figures). */
export function isFormulasResults(r: unknown): r is FormulasResults {
  return has(r, 'figures');
}

/**
 * The figure formats each calculation's own texts write with (words/resultsText/, the note's cover
 * and method): a bundle naming the calculation declares each in figures.formats (npm run bundles:check).
 */
export const CONTRACT_FORMATS: Record<string, readonly string[]> = {
  abattement: ['share', 'volume', 'typed_volume', 'depth', 'rain', 'area', 'days'],
  'flow-limiter': ['volume', 'flow', 'rate'],
  formulas: [],
};
