import {
  compile,
  itemPath,
  itemsOf,
  type CompiledBundle,
  type CompiledField,
  type CompiledStep,
} from './compile';
import { counters } from './counters';
import { emptyValueOf, isBlank, isNumeric } from './fieldValue';
import { getPath, setPath } from './paths';
import { evaluate, truthy } from './rules';
import { isEmail } from './rules/isEmail';
import { keywordErrors } from './keywords';
import { isPhone } from './rules/isPhone';
import { displayDecimals, shownBound, toDisplay, unitKey } from './units';
import type {
  BuiltinCheck,
  Bundle,
  Check,
  DataOptions,
  CardState,
  FieldState,
  FormState,
  MessageRef,
  Severity,
  StepState,
  UnitSystem,
} from './types';

/** The json-logic data a field's rules see. */
export interface RuleContext {
  form: Record<string, unknown>;
  item: unknown;
  index: number;
  value?: unknown;
  unit_system: UnitSystem;
}

/** True when the field's condition holds: the field is inactive (reset and valid). */
export function isInactive(f: CompiledField, ctx: RuleContext): boolean {
  const when = f.rules.condition?.when;
  return when !== undefined && truthy(evaluate(when, ctx));
}

/** A check's message with its parameters evaluated. */
export function checkMessage(c: Check, ctx: RuleContext): MessageRef {
  const params = c.params
    ? Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, evaluate(v, ctx)]))
    : undefined;
  return params ? { key: c.message, params } : { key: c.message };
}

/** The JSON Schema keywords that bound a number, in the order the form reports them. */
export const BOUND_KEYWORDS = ['minimum', 'exclusiveMinimum', 'maximum'] as const;
export type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

/**
 * What the form says of a number beyond one of its field's bounds: the keyword's message (the field's own
 * when it gives one) with the bound in the unit system's unit, rounded towards what it allows, and the
 * unit's message key.
 */
export function boundFailure(
  f: CompiledField,
  keyword: BoundKeyword,
  system: UnitSystem,
): { severity: 2; message: MessageRef; rule: BoundKeyword } {
  const bound = f.schema[keyword] as number;
  const side = keyword === 'maximum' ? 'max' : 'min';
  const opt = f.ui['ui:options'];
  const unit = unitKey(opt?.quantity, system);
  return {
    severity: 2,
    message: {
      key: opt?.messages?.[keyword] ?? `errors.${keyword}`,
      // with a unit, the message's `_unit` form names it (errors.maximum_unit: "at most 300 mm")
      params: {
        [side]: shownBound(bound, opt?.quantity, system, side),
        ...(unit ? { unit, context: 'unit' } : {}),
      },
    },
    rule: keyword,
  };
}

type Option = NonNullable<FieldState['options']>[number];
type Source = DataOptions['sources'][number];

/**
 * The options one source draws from one array, each with the index of its item. Every card of a step
 * asks for the same list (the spill destinations of 100 roofs), so it is built once per array and kept
 * while the array is unchanged (the engine replaces an array it edits, so a new array means new labels).
 */
const sourceOptions = new WeakMap<unknown[], WeakMap<Source, { index: number; option: Option }[]>>();

/**
 * The option of one item at one index, kept while the item is the same object: when one roof of 100 is
 * renamed, the 99 others keep their option objects, so the spill cards' lists compare at a glance.
 */
const itemOptions = new WeakMap<object, WeakMap<Source, { index: number; option: Option }>>();

function optionsFrom(arr: unknown[], src: Source): { index: number; option: Option }[] {
  let bySource = sourceOptions.get(arr);
  if (!bySource) sourceOptions.set(arr, (bySource = new WeakMap()));
  let list = bySource.get(src);
  if (list) return list;
  list = [];
  arr.forEach((item, i) => {
    const label = getPath(item, src.labelField);
    if (src.skipEmptyLabel && (label === null || label === undefined || String(label).trim() === '')) return;
    const byItem = typeof item === 'object' && item !== null ? itemOptions.get(item) : undefined;
    const kept = byItem?.get(src);
    if (kept && kept.index === i) {
      list!.push(kept);
      return;
    }
    const entry = {
      index: i,
      option: { value: src.value.replace('{index}', String(i)), label: String(label ?? ''), literal: true },
    };
    if (typeof item === 'object' && item !== null) {
      if (byItem) byItem.set(src, entry);
      else itemOptions.set(item, new WeakMap([[src, entry]]));
    }
    list!.push(entry);
  });
  bySource.set(src, list);
  return list;
}

function optionsOf(f: CompiledField, ctx: RuleContext): FieldState['options'] {
  const opt = f.ui['ui:options'];
  if (f.ui['ui:widget'] === 'dataSelect' && opt?.dataOptions) {
    const d = opt.dataOptions;
    const out: NonNullable<FieldState['options']> = d.first
      ? [{ value: d.first.value, label: d.first.label }]
      : [];
    for (const src of d.sources) {
      const arr = getPath(ctx.form, src.path);
      if (!Array.isArray(arr)) continue;
      // a card's own item is left out of its list (a roof does not spill onto itself)
      const self = src.excludeSelf && arr[ctx.index] === ctx.item ? ctx.index : -1;
      for (const { index, option } of optionsFrom(arr, src)) if (index !== self) out.push(option);
    }
    return out;
  }
  if (opt?.indexValue && opt.options) return opt.options.map((o, i) => ({ value: i, label: o.label }));
  return opt?.options;
}

/**
 * Severity, message and rule of a field from its schema keywords, its `need`/`required` flags and its
 * checks. The rule is the JSON Schema keyword that fails (required, type, minimum, maximum, maxLength,
 * format, enum), `need`, `phone`, or `check` for one of the bundle's checks.
 */
function checkField(
  f: CompiledField,
  step: CompiledStep,
  item: unknown,
  value: unknown,
  ctx: RuleContext,
  options: FieldState['options'],
  system: UnitSystem,
): { severity: Severity; message?: MessageRef; rule?: string } {
  const opt = f.ui['ui:options'];
  const need = opt?.need === true;
  const kind = f.ui['ui:widget'];
  const isSelect = kind === 'select' || kind === 'dataSelect';
  const key = (check: BuiltinCheck): string => opt?.messages?.[check] ?? `errors.${check}`;
  const errors = keywordErrors(step, item).get(f.field) ?? [];
  const failed = (k: string) => errors.find((e) => e.keyword === k);
  if (isBlank(f, value)) {
    if (need) return { severity: 1, message: { key: key('need') }, rule: 'need' };
    if (failed('required'))
      return {
        severity: 2,
        message: { key: isSelect ? key('select') : key('required') },
        rule: 'required',
      };
  } else {
    const s = f.schema;
    // A number field holding text ('12 m'); a count (outlets) holding 1.5, which is a number but not a
    // whole one, and the message says so. (Text fields take what the server stored as it is.)
    if (failed('type') && isNumeric(f))
      return typeof value === 'number'
        ? { severity: 2, message: { key: opt?.messages?.integer ?? 'errors.integer' }, rule: 'type' }
        : { severity: 2, message: { key: key('number') }, rule: 'type' };
    for (const k of BOUND_KEYWORDS) if (failed(k)) return boundFailure(f, k, system);
    if (failed('maxLength'))
      return {
        severity: 2,
        message: { key: key('maxLength'), params: { max: s.maxLength } },
        rule: 'maxLength',
      };
    if (failed('format') || (kind === 'email' && !s.format && !isEmail(value)))
      return { severity: 2, message: { key: key('email') }, rule: 'format' };
    if (kind === 'phone' && !isPhone(value))
      return { severity: 2, message: { key: key('phone') }, rule: 'phone' };
    if (failed('enum') || (isSelect && options && !options.some((o) => o.value === value)))
      return { severity: 2, message: { key: key('select') }, rule: 'enum' };
  }
  let worst: { severity: Severity; message?: MessageRef; rule?: string } = { severity: 0 };
  for (const c of f.rules.check ?? []) {
    // an advice (severity 0) is said while nothing worse is, the first that holds; a worse check replaces it
    if (c.severity === 0 ? worst.message !== undefined : c.severity <= worst.severity) continue;
    if (!truthy(evaluate(c.when, ctx))) continue;
    worst = { severity: c.severity, message: checkMessage(c, ctx), rule: 'check' };
  }
  return worst;
}

/**
 * A field's state with its options' labels read again (a roof renamed, for a spill card's list of roofs),
 * when the options are still the same values in the same order: nothing else of the field reads the
 * labels (compile.ts labelDeps), so its checks and severity stand. Otherwise undefined: the field is to be
 * derived again.
 */
export function relabel(
  f: CompiledField,
  old: FieldState,
  form: Record<string, unknown>,
  item: unknown,
  index: number,
  system: UnitSystem,
): FieldState | undefined {
  const options = optionsOf(f, { form, item, index, value: old.value, unit_system: system });
  const before = old.options;
  if (!options || !before || options.length !== before.length) return undefined;
  for (let i = 0; i < options.length; i += 1) if (options[i]!.value !== before[i]!.value) return undefined;
  return { ...old, options };
}

/** Derives the state of one field of one card. */
export function deriveField(
  f: CompiledField,
  step: CompiledStep,
  form: Record<string, unknown>,
  item: unknown,
  index: number,
  system: UnitSystem,
): FieldState {
  counters.fieldDerivations += 1;
  const value = getPath(item, f.field);
  const ctx: RuleContext = { form, item, index, value, unit_system: system };
  const opt = f.ui['ui:options'];
  const kind = f.ui['ui:widget'];
  const inactive = isInactive(f, ctx);
  const readonly = f.rules.readonly !== undefined && truthy(evaluate(f.rules.readonly, ctx));
  const options = optionsOf(f, ctx);
  const q = opt?.quantity;
  const state: FieldState = {
    path: `${itemPath(step.def, index)}.${f.field}`,
    field: f.field,
    name: f.field.replace(/\d+/g, ''),
    kind,
    label: opt?.label ?? f.field,
    visible: !(inactive && f.rules.condition?.mode === 'hide'),
    disabled: inactive || readonly,
    required: f.required,
    need: opt?.need === true,
    value: inactive ? undefined : value,
    display: inactive ? undefined : isNumeric(f) ? toDisplay(value, q, system, opt?.decimals) : value,
    severity: 0,
  };
  if (opt?.info) state.info = opt.info;
  if (opt?.placeholder) state.placeholder = opt.placeholder;
  else if (kind === 'select' || kind === 'dataSelect') state.placeholder = 'common.choose_option';
  const unit = unitKey(q, system);
  if (unit) state.unit = unit;
  if (q) state.quantity = q;
  const decimals = isNumeric(f) ? displayDecimals(q, system, opt?.decimals) : undefined;
  if (decimals !== undefined) state.decimals = decimals;
  if (options) state.options = options;
  const lower = f.schema.minimum ?? f.schema.exclusiveMinimum;
  if (lower !== undefined) state.min = shownBound(lower, q, system, 'min');
  if (f.schema.maximum !== undefined) state.max = shownBound(f.schema.maximum, q, system, 'max');
  if (f.schema.maxLength !== undefined) state.maxLength = f.schema.maxLength;
  if (!inactive) {
    const r = checkField(f, step, item, value, ctx, options, system);
    state.severity = r.severity;
    if (r.message) state.message = r.message;
    if (r.rule) state.rule = r.rule;
    if (!state.required && requiredByChecks(f, ctx, item)) state.required = true;
  }
  return state;
}

/**
 * True when a blocking check of the field would fire were the field left empty: the field is required
 * under the present answers (a leakage rate once 'imposed' is answered yes), and shows its asterisk.
 */
function requiredByChecks(f: CompiledField, ctx: RuleContext, item: unknown): boolean {
  const blocking = (f.rules.check ?? []).filter((c) => c.severity === 2);
  if (!blocking.length) return false;
  const empty = emptyValueOf(f);
  const emptyCtx: RuleContext = { ...ctx, value: empty, item: setPath(item, f.field, empty) };
  return blocking.some((c) => truthy(evaluate(c.when, emptyCtx)));
}

/** Derives one card (all its fields, in ui:order). */
export function deriveCard(
  step: CompiledStep,
  form: Record<string, unknown>,
  item: unknown,
  index: number,
  system: UnitSystem,
): CardState {
  const fields = step.fields.map((f) => deriveField(f, step, form, item, index, system));
  const severity = fields.reduce<Severity>((w, f) => (f.severity > w ? f.severity : w), 0);
  const name = getPath(item, 'name');
  const title = step.def.repeat
    ? {
        key: step.def.repeat.cardTitle,
        // context 'named': the message may show the name beside the number (i18next's key_named)
        params:
          typeof name === 'string' && name.trim()
            ? { index: index + 1, name, context: 'named' }
            : { index: index + 1, name: '' },
      }
    : { key: step.def.title };
  return { index, title, fields, severity };
}

/**
 * Assembles a step's state from its cards: totals, step checks, menus and the validation result
 * (3 when a field or step check has severity 2, 2 when one has severity 1, else 1).
 */
export function assembleStep(
  step: CompiledStep,
  form: Record<string, unknown>,
  cards: CardState[],
  system: UnitSystem,
): StepState {
  const def = step.def;
  const ctx: RuleContext = { form, item: getPath(form, def.path), index: 0, unit_system: system };
  let worst: Severity = cards.reduce<Severity>((w, c) => (c.severity > w ? c.severity : w), 0);
  for (const c of def.checks ?? []) {
    if (c.severity > worst && truthy(evaluate(c.when, ctx))) worst = c.severity;
  }
  const gateOpen = def.gate ? getPath(form, def.gate.path) === true : true;
  const r = def.repeat;
  const own = r !== undefined && r.mirror === undefined;
  const state: StepState = {
    key: def.key,
    index: step.index,
    title: def.title,
    tab: def.tab,
    icon: def.icon,
    repeat: r !== undefined,
    cards,
    canAdd: own && r.add !== undefined && gateOpen && cards.length < maxCards(r),
    canDelete: own && r.delete && cards.length > Math.max(r.min, 1),
    canDuplicate: own && r.duplicate && cards.length < maxCards(r),
    // a total whose rule gives null (nothing to add up: no roof gave the optional figure) is not shown,
    // rather than read as 0
    totals: (def.totals ?? []).flatMap((t) => {
      const raw = evaluate(t.value, ctx);
      if (raw === null || raw === undefined) return [];
      const v = Number(raw);
      const unit = unitKey(t.quantity, system);
      const value = Number.isFinite(v) ? (toDisplay(v, t.quantity, system) as number) : 0;
      return [unit ? { label: t.label, value, unit } : { label: t.label, value }];
    }),
    result: worst === 2 ? 3 : worst === 1 ? 2 : 1,
  };
  if (def.gate) state.gate = { question: def.gate.question, open: gateOpen };
  return state;
}

/** The most cards a repeating step may hold (its bundle's max, else 200: what the server accepts). */
export function maxCards(r: { max?: number }): number {
  return r.max ?? 200;
}

/**
 * Applies the `condition` resets: a field made inactive by its condition takes its empty value. Repeats
 * until nothing changes, since a reset can change another field's condition.
 */
export function applyResets(
  cb: CompiledBundle,
  data: Record<string, unknown>,
  system: UnitSystem,
): Record<string, unknown> {
  let out = data;
  // A reset can make another field inactive, which is reset in the next pass. A field once reset holds its
  // empty value and is skipped after, so the passes end: one more than the (field, card) pairs that have
  // a condition is more than any bundle can need, and reaching it means the engine itself is wrong.
  const pairs = cb.steps.reduce(
    (n, step) => n + step.fields.filter((f) => f.rules.condition).length * itemsOf(step.def, data).length,
    0,
  );
  for (let pass = 0; ; pass += 1) {
    const reset: string[] = [];
    for (const step of cb.steps) {
      const withCondition = step.fields.filter((f) => f.rules.condition);
      if (withCondition.length === 0) continue;
      itemsOf(step.def, out).forEach((item, index) => {
        for (const f of withCondition) {
          const value = getPath(item, f.field);
          const empty = emptyValueOf(f);
          if (value === empty || (value === undefined && empty === null)) continue;
          const ctx: RuleContext = { form: out, item, index, value, unit_system: system };
          if (isInactive(f, ctx)) {
            const at = `${itemPath(step.def, index)}.${f.field}`;
            out = setPath(out, at, empty);
            item = getPath(out, itemPath(step.def, index));
            reset.push(at);
          }
        }
      });
    }
    if (reset.length === 0) return out;
    if (pass > pairs)
      throw new Error(`condition resets still change ${reset.join(', ')} after ${pass + 1} passes`);
  }
}

/** The unit system of a form: the option, else the model's `unit_system`, else the bundle's first. */
export function unitSystemOf(bundle: Bundle, data: Record<string, unknown>, wanted?: UnitSystem): UnitSystem {
  if (wanted) return wanted;
  const u = data.unit_system;
  if (u === 'METRIC' || u === 'IMPERIAL') return u;
  return bundle.unitSystems[0] ?? 'METRIC';
}

/** A form ready to derive: its bundle compiled, its unit system, its inactive fields reset. */
function prepared(bundle: Bundle, data: Record<string, unknown>, unitSystem?: UnitSystem) {
  const cb = compile(bundle);
  const system = unitSystemOf(bundle, data, unitSystem);
  return { cb, system, form: applyResets(cb, data, system) };
}

/**
 * The cards `picks` names (a step's index -> its cards' indexes), derived as `derive` derives them, the
 * other cards left out (undefined): what words about a few cards of a large project need (a refusal's
 * reasons, on the server's thread) without deriving every card (a helper's attack, 2026-11-28: 30-40 ms
 * for 200 roofs, for each refused save).
 */
export function deriveCards(
  bundle: Bundle,
  data: Record<string, unknown>,
  picks: ReadonlyMap<number, ReadonlySet<number>>,
): { steps: { cards: (CardState | undefined)[] }[] } {
  const { cb, system, form } = prepared(bundle, data);
  return {
    steps: cb.steps.map((step) => {
      const items = itemsOf(step.def, form);
      const cards: (CardState | undefined)[] = Array.from({ length: items.length }, () => undefined);
      for (const i of picks.get(step.index) ?? [])
        if (i < items.length) cards[i] = deriveCard(step, form, items[i], i, system);
      return { cards };
    }),
  };
}

/** Full derivation of a form: resets inactive fields, then derives every field of every card of every step. */
export function derive(
  bundle: Bundle,
  data: Record<string, unknown>,
  opts: { unitSystem?: UnitSystem } = {},
): FormState {
  const { cb, system, form } = prepared(bundle, data, opts.unitSystem);
  const steps = cb.steps.map((step) =>
    assembleStep(
      step,
      form,
      itemsOf(step.def, form).map((item, i) => deriveCard(step, form, item, i, system)),
      system,
    ),
  );
  return { bundleId: bundle.id, unitSystem: system, data: form, steps };
}
