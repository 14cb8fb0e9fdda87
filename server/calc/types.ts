import type { Finding, Verdict } from '../../words/results/flow-limiter';

/**
 * What every calculation's results share, declared by the results schemas (flow-limiter/results.schema.json):
 * a parameter used with its value and provenance; a verdict (conform, conform with reservations, or not
 * conform; `rule` the message key stating what it checks) and its findings (a message key of the
 * calculator's messages files and its parameters, with the severity).
 */
export type { Finding, UsedParameter, Verdict } from '../../words/results/flow-limiter';

/** What the calculations read: a stored project in the server format (seed 000 and 001, section 3). */
export interface StoredProject {
  id?: string;
  steps: Record<
    string,
    { forms?: { form?: Record<string, unknown>; uuid?: string }[]; condition_value?: unknown } | undefined
  >;
}

/**
 * Why a project cannot be calculated: the field (a dotted path in the stored project) and a sentence. A
 * reason from the bundle's rules (code `invalid_field`) names the rule (a JSON Schema keyword, or
 * `check`) and carries the form's message (`rule_message`: a message key and its parameters), which
 * the routes and the command line put in the user's language.
 */
export interface Reason {
  code: string;
  field: string;
  message: string;
  rule?: string;
  rule_message?: { key: string; params?: Record<string, unknown> };
}

export type Outcome<R> = { ok: true; results: R } | { ok: false; reasons: Reason[] };

/** A stored project in the engine's server format: every step with its forms, uuids filled in. */
export function serverProjectOf(p: StoredProject): {
  id?: string;
  steps: Record<
    string,
    {
      name: string;
      forms: { form: Record<string, unknown>; uuid: string }[];
      state: number;
      condition_value: unknown;
      toApi: boolean;
    }
  >;
} {
  const steps: ReturnType<typeof serverProjectOf>['steps'] = {};
  for (const [key, step] of Object.entries(p.steps))
    steps[key] = {
      name: key,
      forms: formsOf(p, key),
      state: 0,
      condition_value: step?.condition_value ?? true,
      toApi: true,
    };
  return p.id === undefined ? { steps } : { id: p.id, steps };
}

/** The forms of a step (empty when the step is absent). */
export function formsOf(p: StoredProject, step: string): { form: Record<string, unknown>; uuid: string }[] {
  return (p.steps[step]?.forms ?? []).map((f, i) => ({ form: f.form ?? {}, uuid: f.uuid ?? `${step}${i}` }));
}

/** A finite number from a stored value (numbers, numeric strings), else null. */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Rounds to `d` decimals. */
export function round(x: number, d: number): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

/** The verdict of a list of findings under the rule `rule`: the non-conformities first, then the reservations. */
export function verdictOf(rule: string, list: Finding[]): Verdict {
  const findings = [
    ...list.filter((f) => f.severity === 'not_conform'),
    ...list.filter((f) => f.severity !== 'not_conform'),
  ];
  const status = findings.some((f) => f.severity === 'not_conform')
    ? 'not_conform'
    : findings.length
      ? 'reservations'
      : 'conform';
  return { status, rule, findings };
}
