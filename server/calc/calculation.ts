/**
 * What a calculation is: each folder of server/calc holding a results schema is one, its index.ts
 * exporting `calculation` (its function, its results schema, its method). A bundle names it by the
 * folder's name (`results.calculation`); adding a calculation is adding its folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle } from '../../engine';
import type { Results } from '../../words/results';
import type { MeasuredInput } from './abattement/abattement';
import type { Outcome, StoredProject } from './types';

/**
 * `stress: false` leaves the sensitivity out (the live preview asks for the project as it is only);
 * `ignore`: local paths whose answers do not hold the calculation back (the preview's `ignores`);
 * `measured`: the measured rain series the project names (issue 39.3).
 */
export interface CalculateOptions {
  stress?: boolean;
  ignore?: ReadonlySet<string>;
  /** the measured daily series the project names (abattement), read from where the project is stored */
  measured?: MeasuredInput;
}

/** A calculation, as server/calc/<name>/index.ts exports it. */
export interface Calculation {
  /** the results of a project whose answers hold under its bundle's rules, or why there are none */
  run(bundle: Bundle, project: StoredProject, opts: CalculateOptions): Outcome<Results>;
  /** the JSON Schema of its results (results.schema.json beside it): their type is generated from it */
  resultsSchema: object;
  /** its method; a new version names what changed (methodChanges.ts) and outdates remembered outcomes */
  method: { name: string; version: string };
}

/** The folder of the calculations. */
export const CALC_DIR = import.meta.dirname;

/** The results schema's file of each calculation, by its name: the contract, beside its index.ts. */
export const RESULTS_SCHEMA_FILE = 'results.schema.json';

/** The names of the calculations: the folders of server/calc that hold a results schema, sorted. */
export function calculationNames(): string[] {
  return readdirSync(CALC_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(CALC_DIR, d.name, RESULTS_SCHEMA_FILE)))
    .map((d) => d.name)
    .sort();
}
