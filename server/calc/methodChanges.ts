/**
 * What changed in each calculation's method, version by version: the verification page explains a
 * difference between an issued note's figures and today's by the changes between the two versions.
 * `message` is a key of the note's messages (schemas/common/note.*.json, app.method_changes.*). A new
 * method version adds its line here with the version constant it bumps.
 */
export interface MethodChange {
  /** the bundle's calculation (bundle.results.calculation) */
  calculation: string;
  version: string;
  message: string;
}

export const METHOD_CHANGES: MethodChange[] = [
  { calculation: 'abattement', version: '2.0.0', message: 'app.method_changes.abattement_2' },
  { calculation: 'abattement', version: '3.0.0', message: 'app.method_changes.abattement_3' },
  { calculation: 'abattement', version: '3.1.0', message: 'app.method_changes.abattement_3_1' },
  { calculation: 'abattement', version: '3.1.1', message: 'app.method_changes.abattement_3_1_1' },
  { calculation: 'abattement', version: '3.1.2', message: 'app.method_changes.abattement_3_1_2' },
  { calculation: 'flow-limiter', version: '1.2.0', message: 'app.method_changes.flow_limiter_1_2' },
  { calculation: 'flow-limiter', version: '1.3.0', message: 'app.method_changes.flow_limiter_1_3' },
  { calculation: 'flow-limiter', version: '1.4.0', message: 'app.method_changes.flow_limiter_1_4' },
  { calculation: 'flow-limiter', version: '1.5.0', message: 'app.method_changes.flow_limiter_1_5' },
];

/** -1, 0 or 1 as version a is before, the same as or after b (dotted numbers; a missing part is 0). */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const y = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** The changes of a calculation after version `from` up to `to` included, oldest first. */
export function changesBetween(
  calculation: string,
  from: string,
  to: string,
  changes: MethodChange[] = METHOD_CHANGES,
): MethodChange[] {
  return changes
    .filter(
      (c) =>
        c.calculation === calculation &&
        compareVersions(c.version, from) > 0 &&
        compareVersions(c.version, to) <= 0,
    )
    .sort((a, b) => compareVersions(a.version, b.version));
}
