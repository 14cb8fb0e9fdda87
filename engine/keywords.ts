import type { ErrorObject } from 'ajv';
import type { CompiledStep } from './compile';
import { isBlank } from './fieldValue';
import { getPath } from './paths';
import type { DataSchema } from './types';

/**
 * The JSON Schema keywords of a step (required, type, minimum, maximum, maxLength, format, enum), checked
 * by ajv: @rjsf/validator-ajv8's compileSchemaValidators writes each step's validator when the bundles
 * are built (`npm run bundles:build`, into schemas/<id>/generated/), and the page imports them: no
 * compiler and no eval in the page. rjsf's Form and the engine use the same functions.
 */
export type KeywordValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const validators = new Map<string, KeywordValidator>();
let compiler: ((schema: DataSchema & { $id: string }) => KeywordValidator) | undefined;
const ids = new WeakMap<DataSchema, string>();
const rooted = new WeakMap<DataSchema, DataSchema & { $id: string }>();

/** JSON with the keys of every object sorted: the same schema gives the same text. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${sortedJson(o[k])}`)
    .join(',')}}`;
}

/** A 32-bit FNV-1a hash of a schema's sorted JSON, in hex. */
function hashOf(schema: DataSchema): string {
  let h = 0x811c9dc5;
  for (const c of sortedJson(schema)) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/**
 * The id of a step schema's validator, `v_` and a hash of the schema: a bundle whose schema changed
 * finds no validator written for its older self (rjsf finds a validator by its schema's `$id`).
 */
export function validatorId(schema: DataSchema): string {
  let id = ids.get(schema);
  if (!id) {
    id = `v_${hashOf(schema)}`;
    ids.set(schema, id);
  }
  return id;
}

/**
 * The step schema as the validators were compiled from it and as rjsf's Form receives it: the bundle's
 * own schema with its validator's id as `$id`. One object per schema, so that rjsf compares it at a glance.
 */
export function rootedSchema(schema: DataSchema): DataSchema & { $id: string } {
  let r = rooted.get(schema);
  if (!r) {
    r = { $id: validatorId(schema), ...schema };
    rooted.set(schema, r);
  }
  return r;
}

/** Adds precompiled validators (a generated module's exports) to those the engine knows. */
export function registerValidators(fns: Record<string, unknown>): void {
  for (const [id, fn] of Object.entries(fns))
    if (typeof fn === 'function') validators.set(id, fn as KeywordValidator);
}

/**
 * Lets the engine compile a validator it was not given (Node only: the server, the tests, Storybook's
 * bundle editor, where a schema may be edited). The page never sets one.
 */
export function setValidatorCompiler(c: typeof compiler): void {
  compiler = c;
}

/** The validator of a step schema: the precompiled one, else one compiled now where that is allowed. */
export function keywordValidator(schema: DataSchema): KeywordValidator {
  const id = validatorId(schema);
  let v = validators.get(id);
  if (!v && compiler) {
    v = compiler(rootedSchema(schema));
    validators.set(id, v);
  }
  if (!v)
    throw new Error(
      `no precompiled validator '${id}' for this bundle's schema: run npm run bundles:build and reload`,
    );
  return v;
}

/** The precompiled functions known for the schema (rjsf's ValidatorFunctions), for createPrecompiledValidator. */
export function validatorFunctions(schema: DataSchema): Record<string, KeywordValidator> {
  return { [validatorId(schema)]: keywordValidator(schema) };
}

/** The keyword errors of one item, by field (its dotted path in the item). */
export type FieldErrors = ReadonlyMap<string, readonly ErrorObject[]>;

const NONE: FieldErrors = new Map();
const byItem = new WeakMap<object, WeakMap<CompiledStep, FieldErrors>>();

/** '/drainage/horizontal' -> 'drainage.horizontal'; a `required` error names the missing property. */
function fieldOf(e: ErrorObject): string {
  const at = e.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') at.push(String((e.params as { missingProperty: string }).missingProperty));
  return at.join('.');
}

/**
 * What the item's data looks like to JSON Schema: a blank answer ('', null, a select's empty value) is
 * no answer at all, as rjsf sends it (its emptyValue is undefined), so `required` names it; text with a
 * format is checked trimmed, as it is stored.
 */
function asValidated(step: CompiledStep, item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return {};
  const out = structuredClone(item) as Record<string, unknown>;
  for (const f of step.fields) {
    const parts = f.field.split('.');
    const last = parts.pop()!;
    const parent = parts.length ? getPath(out, parts.join('.')) : out;
    if (typeof parent !== 'object' || parent === null) continue;
    const host = parent as Record<string, unknown>;
    const value = host[last];
    if (isBlank(f, value)) delete host[last];
    else if (typeof value === 'string' && f.schema.format) host[last] = value.trim();
  }
  return out;
}

/**
 * The keyword errors of one card's item under its step's schema, by field; kept per item object (the
 * engine replaces an item it edits), so the fields of a card derived one by one validate it once.
 */
export function keywordErrors(step: CompiledStep, item: unknown): FieldErrors {
  const cached = typeof item === 'object' && item !== null ? byItem.get(item)?.get(step) : undefined;
  if (cached) return cached;
  const validate = keywordValidator(step.def.schema);
  let found: FieldErrors = NONE;
  if (!validate(asValidated(step, item))) {
    const map = new Map<string, ErrorObject[]>();
    for (const e of validate.errors ?? []) {
      const f = fieldOf(e);
      const list = map.get(f);
      if (list) list.push(e);
      else map.set(f, [e]);
    }
    found = map;
  }
  validate.errors = null;
  if (typeof item === 'object' && item !== null) {
    let steps = byItem.get(item);
    if (!steps) byItem.set(item, (steps = new WeakMap()));
    steps.set(step, found);
  }
  return found;
}

/**
 * The options of the validators (@rjsf/validator-ajv8's CustomValidatorOptionsType): ES modules with
 * named exports (the ids are `v_<hash>`) for the page's bundler; a length is counted in UTF-16 units as a
 * text input's maxlength counts it (and so that no ajv run-time helper is needed in the page; ajv calls
 * that option deprecated, hence its logger off).
 */
export const KEYWORD_OPTIONS = {
  ajvOptionsOverrides: { unicode: false, logger: false, code: { esm: true, lines: true } },
} as const;
