import { compile } from './compile';
import { evaluate, truthy } from './rules';
import type { Bundle, FormState, MessageRef, StepStatus } from './types';

/** What validating step `i` now gives: 1 valid, 2 invalid but passable, 3 blocking. */
export function validateStep(state: FormState, i: number): 1 | 2 | 3 {
  const step = state.steps[i];
  if (!step) throw new Error(`validateStep: no step ${i}`);
  return step.result;
}

function withStatus(statuses: StepStatus[], i: number, s: StepStatus): StepStatus[] {
  const out = statuses.slice();
  out[i] = s;
  return out;
}

/**
 * Next: validates the current step. A blocking result (3) keeps the wizard where it is; otherwise the step
 * is marked 1 or 2 and the wizard advances (not past the last step).
 */
export function next(
  state: FormState,
  statuses: StepStatus[],
  current: number,
): { statuses: StepStatus[]; current: number; moved: boolean } {
  const r = validateStep(state, current);
  const s = withStatus(statuses, current, r);
  if (r === 3) return { statuses: s, current, moved: false };
  const to = Math.min(current + 1, state.steps.length - 1);
  return { statuses: s, current: to, moved: to !== current };
}

/** Previous: validates the current step too (its status is recorded) and moves back one step. */
export function previous(
  state: FormState,
  statuses: StepStatus[],
  current: number,
): { statuses: StepStatus[]; current: number; moved: boolean } {
  const s = withStatus(statuses, current, validateStep(state, current));
  const to = Math.max(current - 1, 0);
  return { statuses: s, current: to, moved: to !== current };
}

/** Submit: validates every step; valid when no status exceeds 1. */
export function submit(state: FormState): { statuses: StepStatus[]; valid: boolean } {
  const s = state.steps.map((_, i) => validateStep(state, i)) as StepStatus[];
  return { statuses: s, valid: isFormValid(s) };
}

/**
 * On loading a project: its stored statuses, where a step stored valid that the rules now block (an
 * answer beyond a bound added since, a rule the bundle gained) is blocking, so that the wizard opens on it
 * with each message beside its field.
 */
export function loadedStatuses(state: FormState, statuses: StepStatus[]): StepStatus[] {
  return statuses.map((s, i) => (s === 1 && state.steps[i]?.result === 3 ? 3 : s));
}

/** On loading a project: the first step whose status is 0, 2 or 3, otherwise the last step. */
export function initialStep(statuses: StepStatus[]): number {
  const i = statuses.findIndex((s) => s !== 1);
  return i === -1 ? Math.max(statuses.length - 1, 0) : i;
}

/** The whole form is valid only when no step status exceeds 1. */
export function isFormValid(statuses: StepStatus[]): boolean {
  return statuses.every((s) => s <= 1);
}

/** The timeline jumps to a step unless its status is 0 (untouched). */
export function canJumpTo(statuses: StepStatus[], i: number): boolean {
  return (statuses[i] ?? 0) !== 0;
}

/**
 * Whether the calculation may run: every step valid (status 1 after validation) and the bundle's own
 * requirement true (sl: at least one drain over all roofs).
 */
export function canCalculate(
  bundle: Bundle,
  state: FormState,
  statuses: StepStatus[],
): { ok: true } | { ok: false; reason: MessageRef } {
  if (!isFormValid(statuses) || state.steps.some((s) => s.result > 1)) {
    return { ok: false, reason: { key: 'errors.form_invalid' } };
  }
  const c = compile(bundle).bundle.calculation;
  if (c && !truthy(evaluate(c.requires, { form: state.data, unit_system: state.unitSystem }))) {
    return { ok: false, reason: { key: c.message } };
  }
  return { ok: true };
}
