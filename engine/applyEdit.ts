import {
  compile,
  itemPath,
  itemsOf,
  type CompiledBundle,
  type CompiledField,
  type CompiledStep,
} from './compile';
import { assembleStep, deriveCard, deriveField, relabel, type RuleContext } from './derive';
import { emptyValueOf, isNumeric } from './fieldValue';
import { getPath, pathsOverlap, setPath, splitPath } from './paths';
import { evaluate, truthy } from './rules';
import { sameState } from './sameState';
import { fromDisplay } from './units';
import type { Bundle, CardState, Edit, FormState, Severity, UnitSystem } from './types';

/** Where an absolute path lands: which step, which card, which field. */
interface Location {
  step: CompiledStep;
  index: number;
  field: CompiledField;
}

/** Finds the field an edit path points at, e.g. 'roofs.3.drainage.horizontal'. */
export function locate(cb: CompiledBundle, path: string): Location | undefined {
  for (const step of cb.steps) {
    const prefix = step.def.path;
    if (!path.startsWith(`${prefix}.`)) continue;
    let rest = path.slice(prefix.length + 1);
    let index = 0;
    if (step.repeat) {
      const [head, ...tail] = splitPath(rest);
      if (head === undefined || !/^\d+$/.test(head)) continue;
      index = Number(head);
      rest = tail.join('.');
    }
    const field = step.fields.find((f) => f.field === rest);
    if (field) return { step, index, field };
  }
  return undefined;
}

/**
 * A value typed in display units -> the stored value: numbers parsed (comma or dot) and converted to
 * metric. Only what a person writes is a number ('12', '12,5', '-3', '.5'): '1e3', '0x10' or '12 m' stay
 * text, which the field's check then refuses.
 */
export function parseInput(f: CompiledField, value: unknown, system: UnitSystem): unknown {
  if (!isNumeric(f)) return value;
  if (value === undefined || value === null || value === '') return null;
  let n: unknown = value;
  if (typeof value === 'string') {
    const t = value.trim().replace(',', '.');
    n = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : value;
  }
  return fromDisplay(n, f.ui['ui:options']?.quantity, system);
}

/** The (field, card) pairs whose `deps` read `changed`: same card for item deps, any card for form deps. */
function triggered(
  cb: CompiledBundle,
  changed: string,
  form: Record<string, unknown>,
  pick: (f: CompiledField) => { item: string[]; form: string[] },
): { step: CompiledStep; index: number; field: CompiledField }[] {
  const out: { step: CompiledStep; index: number; field: CompiledField }[] = [];
  const here = locateItem(cb, changed);
  for (const step of cb.steps) {
    for (const f of step.fields) {
      const d = pick(f);
      if (d.form.some((p) => pathsOverlap(p, changed))) {
        itemsOf(step.def, form).forEach((_, index) => out.push({ step, index, field: f }));
        continue;
      }
      for (const h of here) {
        if (h.step === step && d.item.some((p) => pathsOverlap(p, h.rest)))
          out.push({ step, index: h.index, field: f });
      }
    }
  }
  return out;
}

/** Every (step, card) whose item contains `path`, with the path inside the item. */
function locateItem(cb: CompiledBundle, path: string): { step: CompiledStep; index: number; rest: string }[] {
  const out: { step: CompiledStep; index: number; rest: string }[] = [];
  for (const step of cb.steps) {
    const p = step.def.path;
    if (path !== p && !path.startsWith(`${p}.`)) continue;
    const segs = splitPath(path.slice(p.length + 1));
    if (!step.repeat) out.push({ step, index: 0, rest: segs.join('.') });
    else if (segs[0] !== undefined && /^\d+$/.test(segs[0]))
      out.push({ step, index: Number(segs[0]), rest: segs.slice(1).join('.') });
  }
  return out;
}

function ctxFor(
  step: CompiledStep,
  form: Record<string, unknown>,
  index: number,
  f: CompiledField,
  system: UnitSystem,
): RuleContext {
  const item = getPath(form, itemPath(step.def, index));
  return { form, item, index, value: getPath(item, f.field), unit_system: system };
}

/**
 * Applies one edit (value in display units) and re-derives only what it touches: the edited card, the
 * cards whose rules read the edited path (sums, uniqueness, spill options, site -> roof visibility), and
 * the step summaries. `update` rules triggered by the edited field run first (they can chain), then the
 * `condition` resets. An unknown path throws, naming it.
 */
export function applyEdit(bundle: Bundle, state: FormState, edit: Edit): FormState {
  const cb = compile(bundle);
  const system = state.unitSystem;
  const loc = locate(cb, edit.path);
  if (!loc) throw new Error(`applyEdit: no field at '${edit.path}' in bundle '${bundle.id}'`);
  let form = setPath(state.data, edit.path, parseInput(loc.field, edit.value, system));
  const changed = [edit.path];
  const queue = [edit.path];
  // Update rules may set fields whose rules set others; a chain longer than this is a loop between rules
  // (A sets B, B sets A back): the bundle is wrong, and saying so beats a silent half-applied edit.
  const MAX_STEPS = 200;
  for (let steps = 0; queue.length > 0; steps += 1) {
    if (steps >= MAX_STEPS)
      throw new Error(
        `bundle '${bundle.id}': the update rules still change ${[...new Set(queue)].join(', ')} after ` +
          `${MAX_STEPS} steps from the edit of '${edit.path}': do two rules set each other's field?`,
      );
    const p = queue.shift() as string;
    for (const t of triggered(cb, p, form, (f) => ({ item: f.updateItemDeps, form: f.updateFormDeps }))) {
      for (const u of t.field.rules.update ?? []) {
        const ctx = ctxFor(t.step, form, t.index, t.field, system);
        if (!truthy(evaluate(u.when, ctx))) continue;
        const next = evaluate(u.set, ctx);
        const target = `${itemPath(t.step.def, t.index)}.${t.field.field}`;
        if (getPath(form, target) !== next) {
          form = setPath(form, target, next);
          changed.push(target);
          queue.push(target);
        }
      }
    }
    const self = locate(cb, p);
    const selfTarget = self?.field.rules.condition ? [{ ...self }] : [];
    for (const t of [
      ...selfTarget,
      ...triggered(cb, p, form, (f) => ({ item: f.conditionItemDeps, form: f.conditionFormDeps })),
    ]) {
      const ctx = ctxFor(t.step, form, t.index, t.field, system);
      const empty = emptyValueOf(t.field);
      if (ctx.value === empty || (ctx.value === undefined && empty === null)) continue;
      if (truthy(evaluate(t.field.rules.condition?.when, ctx))) {
        const target = `${itemPath(t.step.def, t.index)}.${t.field.field}`;
        form = setPath(form, target, empty);
        changed.push(target);
        queue.push(target);
      }
    }
  }
  return rederive(cb, state, form, changed, system);
}

/**
 * A card derived again, with what came out the same kept as the same objects: each unchanged field, and
 * the card itself when nothing changed (a card whose rules read the edited path, or the fields of the
 * edited card beside the one typed into). The renderers then skip what is the same.
 */
function keepSame(kept: CardState, card: CardState): CardState {
  let same = kept.fields.length === card.fields.length;
  const fields = card.fields.map((f, j) => {
    const old = kept.fields[j];
    if (old && sameState(old, f)) return old;
    same = false;
    return f;
  });
  return same &&
    sameState(kept.title, card.title) &&
    kept.severity === card.severity &&
    kept.index === card.index
    ? kept
    : { ...card, fields };
}

/**
 * What an edit touches in one card: the whole card when its own item changed, else the fields whose rules
 * read a changed path elsewhere in the form, or only their options' labels (a roof renamed: the
 * destination list of every spill card, whose checks read no name).
 */
type Touched = 'card' | Map<CompiledField, 'field' | 'labels'>;

/** Whether `changed` is read by the labels of the field's options alone, not by any of its rules. */
function labelsOnly(f: CompiledField, changed: string): boolean {
  return (
    f.labelDeps.some((p) => pathsOverlap(p, changed)) &&
    !f.formDeps.some((p) => !f.labelDeps.includes(p) && pathsOverlap(p, changed))
  );
}

/** Re-derives what `changed` paths touch and reassembles every step around the kept cards. */
function rederive(
  cb: CompiledBundle,
  state: FormState,
  form: Record<string, unknown>,
  changed: string[],
  system: UnitSystem,
): FormState {
  const dirty = new Map<CompiledStep, Map<number, Touched>>();
  const mark = (
    step: CompiledStep,
    index: number,
    field?: CompiledField,
    what?: 'field' | 'labels',
  ): void => {
    let cards = dirty.get(step);
    if (!cards) dirty.set(step, (cards = new Map()));
    const t = cards.get(index);
    if (t === 'card') return;
    if (!field || !what) cards.set(index, 'card');
    else if (!t) cards.set(index, new Map([[field, what]]));
    else if (t.get(field) !== 'field') t.set(field, what);
  };
  for (const p of changed) {
    for (const h of locateItem(cb, p)) mark(h.step, h.index);
    for (const t of triggered(cb, p, form, (f) => ({ item: [], form: f.formDeps })))
      mark(t.step, t.index, t.field, labelsOnly(t.field, p) ? 'labels' : 'field');
  }
  const steps = cb.steps.map((step) => {
    const prev = state.steps[step.index];
    const items = itemsOf(step.def, form);
    const d = dirty.get(step);
    const cards: CardState[] = items.map((item, i) => {
      const kept = prev?.cards[i];
      const touched = d?.get(i);
      if (kept && !touched) return kept;
      if (!kept || touched === 'card') {
        const card = deriveCard(step, form, item, i, system);
        return kept ? keepSame(kept, card) : card;
      }
      // Its item is unchanged: only the touched fields are derived again (a field reads only its rules),
      // or only their options' labels
      const fields = step.fields.map((f, j) => {
        const what = touched!.get(f);
        const old = kept.fields[j]!;
        if (what === 'labels')
          return relabel(f, old, form, item, i, system) ?? deriveField(f, step, form, item, i, system);
        return what ? deriveField(f, step, form, item, i, system) : old;
      });
      const severity = fields.reduce<Severity>((w, f) => (f.severity > w ? f.severity : w), 0);
      return keepSame(kept, { ...kept, fields, severity });
    });
    return assembleStep(step, form, cards, system);
  });
  return { ...state, data: form, steps };
}
