import { compile } from './compile';
import { derive, maxCards } from './derive';
import { defaultItem } from './emptyData';
import { getPath, setPath } from './paths';
import type { Bundle, FormState, StepDef, UnitSystem } from './types';

function stepOf(bundle: Bundle, key: string): StepDef {
  const step = bundle.steps.find((s) => s.key === key);
  if (!step) throw new Error(`bundle '${bundle.id}' has no step '${key}'`);
  return step;
}

function arrayAt(data: Record<string, unknown>, path: string): unknown[] {
  const v = getPath(data, path);
  return Array.isArray(v) ? v : [];
}

/**
 * Rewrites every data-select value that points into the array at `path` ('roof_3'): `map(i)` gives the new
 * index, or undefined when the item is gone (the value then falls back to the first option, the sewer).
 */
export function remapReferences(
  bundle: Bundle,
  data: Record<string, unknown>,
  path: string,
  map: (i: number) => number | undefined,
): Record<string, unknown> {
  let out = data;
  for (const step of compile(bundle).steps) {
    for (const f of step.fields) {
      const d = f.ui['ui:options']?.dataOptions;
      const src = d?.sources.find((s) => s.path === path);
      if (!d || !src) continue;
      const [prefix = '', suffix = ''] = src.value.split('{index}');
      const items = step.def.repeat ? arrayAt(out, step.def.path) : [getPath(out, step.def.path)];
      items.forEach((item, n) => {
        const v = getPath(item, f.field);
        if (typeof v !== 'string' || !v.startsWith(prefix) || !v.endsWith(suffix)) return;
        const i = Number(v.slice(prefix.length, v.length - suffix.length));
        if (!Number.isInteger(i)) return;
        const j = map(i);
        const next = j === undefined ? (d.first?.value ?? null) : src.value.replace('{index}', String(j));
        if (next !== v) {
          const at = step.def.repeat ? `${step.def.path}.${n}.${f.field}` : `${step.def.path}.${f.field}`;
          out = setPath(out, at, next);
        }
      });
    }
  }
  return out;
}

/** Adds a card with the default values at the end of a repeating step. */
export function addCard(bundle: Bundle, state: FormState, stepKey: string): FormState {
  const step = stepOf(bundle, stepKey);
  if (!step.repeat || step.repeat.mirror !== undefined) return state;
  if (arrayAt(state.data, step.path).length >= maxCards(step.repeat)) return state;
  const data = setPath(state.data, step.path, [
    ...arrayAt(state.data, step.path),
    defaultItem(bundle, step.path),
  ]);
  return derive(bundle, data, { unitSystem: state.unitSystem });
}

/**
 * Names a copy: `copyName(name, n)` gives the n-th candidate ('Toiture A (copie)', then '… (copie 2)'); the
 * first that no card of the list bears is taken.
 */
export type CopyName = (name: string, n: number) => string;

/**
 * Appends a copy of card `index` (same values; references to it are not copied). With `copyName`, a copy
 * of a named card gets a name of its own (a name must often be unique in its list).
 */
export function duplicateCard(
  bundle: Bundle,
  state: FormState,
  stepKey: string,
  index: number,
  copyName?: CopyName,
): FormState {
  const step = stepOf(bundle, stepKey);
  const items = arrayAt(state.data, step.path);
  const item = items[index];
  if (!step.repeat?.duplicate || item === undefined || items.length >= maxCards(step.repeat)) return state;
  const copy = structuredClone(item) as Record<string, unknown>;
  const name = copy.name;
  if (copyName && typeof name === 'string' && name.trim()) {
    const taken = new Set(items.map((x) => getPath(x, 'name')));
    let n = 1;
    while (taken.has(copyName(name, n))) n += 1;
    copy.name = copyName(name, n);
  }
  const data = setPath(state.data, step.path, [...items, copy]);
  return derive(bundle, data, { unitSystem: state.unitSystem });
}

/**
 * Deletes card `index`; refused (state unchanged) while only `max(repeat.min, 1)` cards are left.
 * References to later cards are renumbered and references to the deleted one fall back to the first
 * option (the sewer).
 */
export function deleteCard(bundle: Bundle, state: FormState, stepKey: string, index: number): FormState {
  const step = stepOf(bundle, stepKey);
  const items = arrayAt(state.data, step.path);
  if (!step.repeat?.delete || items.length <= Math.max(step.repeat.min, 1) || index >= items.length)
    return state;
  let data = setPath(
    state.data,
    step.path,
    items.filter((_, i) => i !== index),
  );
  data = remapReferences(bundle, data, step.path, (i) => (i === index ? undefined : i > index ? i - 1 : i));
  return derive(bundle, data, { unitSystem: state.unitSystem });
}

/**
 * Answers a step's yes/no gate question (Sol). No: the list is emptied and references to its items fall
 * back to the first option. Yes: one default card is added when the list is empty.
 */
export function setGate(bundle: Bundle, state: FormState, stepKey: string, open: boolean): FormState {
  const step = stepOf(bundle, stepKey);
  if (!step.gate) return state;
  let data = setPath(state.data, step.gate.path, open);
  if (!open) {
    data = setPath(data, step.path, []);
    data = remapReferences(bundle, data, step.path, () => undefined);
  } else if (arrayAt(data, step.path).length === 0) {
    data = setPath(data, step.path, [defaultItem(bundle, step.path)]);
  }
  return derive(bundle, data, { unitSystem: state.unitSystem });
}

/** Switches the unit system: stored values stay metric, only the display changes. */
export function setUnitSystem(bundle: Bundle, state: FormState, system: UnitSystem): FormState {
  const data = 'unit_system' in state.data ? { ...state.data, unit_system: system } : state.data;
  return derive(bundle, data, { unitSystem: system });
}
