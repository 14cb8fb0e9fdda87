import { evaluate, fromServer, type Bundle, type ServerProject } from '../../../engine';
import type { Outcome, Reason, StoredProject } from '../types';
import type { Figure, FormulasResults } from '../../../words/results/formulas';

export type { FormulasResults };

export const FORMULAS_METHOD = { name: 'formulas', version: '1.0' } as const;

/**
 * The `formulas` calculation: each figure is the bundle's json-logic expression evaluated over the
 * project's form model (`form.…`, the wizard's own paths), so a simple calculator needs no server code.
 * A figure that is not a finite number (a field left empty) is a reason the project cannot be calculated.
 */
export function calculateFormulas(bundle: Bundle, project: StoredProject): Outcome<FormulasResults> {
  const { data } = fromServer(bundle, project as ServerProject);
  const figures: Figure[] = [];
  const reasons: Reason[] = [];
  for (const f of bundle.results.formulas ?? []) {
    const v = evaluate(f.value, { form: data, unit_system: data.unit_system });
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n))
      reasons.push({
        code: 'formula',
        field: f.key,
        message: `${f.key} cannot be calculated from the answers`,
      });
    else
      figures.push({
        key: f.key,
        label: f.label,
        value: n,
        ...(f.unit ? { unit: f.unit } : {}),
        ...(f.digits !== undefined ? { digits: f.digits } : {}),
      });
  }
  return reasons.length
    ? { ok: false, reasons }
    : { ok: true, results: { figures, method: FORMULAS_METHOD } };
}
