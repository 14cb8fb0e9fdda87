/**
 * Generated from server/calc/formulas/results.schema.json by `npm run results:types`:
 * edit the schema, not this file (tests/calc/resultsContract.test.ts fails when it is stale).
 */

/**
 * The results of a `formulas` calculation: each figure of the bundle, evaluated over the project.
 */
export interface FormulasResults {
  figures: Figure[];
  method: FormulasMethod;
}
/**
 * one figure, as the results views and the note show it
 */
export interface Figure {
  key: string;
  /**
   * a message key
   */
  label: string;
  value: number;
  /**
   * a message key
   */
  unit?: string;
  digits?: number;
}
export interface FormulasMethod {
  name: 'formulas';
  version: string;
}
